<?php

declare(strict_types=1);

namespace FiscalApi\Tests;

use FiscalApi\Api;
use FiscalApi\FiscalApi;
use FiscalApi\FiscalApiError;
use FiscalApi\Http\FalhaDeConexao;
use FiscalApi\Http\RespostaHttp;
use PHPUnit\Framework\TestCase;

/** The retry rules over a scripted transport (no service needed). */
final class RetentativasTest extends TestCase
{
    /** @var list<int> */
    private array $esperas = [];

    private function cliente(RegistroHttp $http, int $maxRetentativas = 3): FiscalApi
    {
        return new FiscalApi(chaveApi: 'svc_test_x', urlBase: 'http://api.invalid', http: $http, maxRetentativas: $maxRetentativas, esperar: function (int $ms): void {
            $this->esperas[] = $ms;
        });
    }

    private static function problema(int $status, string $codigo, bool $retentavel): RespostaHttp
    {
        $corpo = ['type' => "x/erros/$codigo", 'codigo' => $codigo, 'codigo_oficial' => null, 'campo' => null, 'mensagem' => $codigo, 'correcao' => null, 'retentavel' => $retentavel, 'requisicao_id' => 'req-1'];
        return new RespostaHttp($status, ['content-type' => 'application/problem+json', 'x-request-id' => 'req-1'], json_encode($corpo));
    }

    private static function nota(): RespostaHttp
    {
        return new RespostaHttp(201, ['content-type' => 'application/json'], '{"id":"n1","status":"autorizada"}');
    }

    /** @return array<string, array{int, string, bool}> */
    public static function naoRepetidos(): array
    {
        return [
            '400' => [400, 'requisicao_invalida', false], '401' => [401, 'nao_autenticado', false], '403' => [403, 'acesso_negado', false],
            '404' => [404, 'nfse_nao_encontrada', false], '409' => [409, 'conflito', true], '412' => [412, 'empresa_nao_pronta', false],
            '422' => [422, 'validacao', false],
        ];
    }

    /** @dataProvider naoRepetidos */
    public function testNuncaRepeteEstesStatus(int $status, string $codigo, bool $retentavel): void
    {
        $http = new RegistroHttp([self::problema($status, $codigo, $retentavel), self::nota()]);
        try {
            $this->cliente($http)->nfse->emitir(['valor' => '1.00']);
            self::fail('esperava FiscalApiError');
        } catch (FiscalApiError $e) {
            self::assertSame([$status, $codigo, 'req-1'], [$e->status, $e->codigo, $e->requisicao_id]);
        }
        self::assertCount(1, $http->requisicoes);
    }

    public function testRepete5xxEConexaoComAMesmaChave(): void
    {
        $http = new RegistroHttp([self::problema(500, 'erro_interno', true), self::problema(503, 'servico_indisponivel', true), new FalhaDeConexao('connection reset'), self::nota()]);
        self::assertSame('n1', $this->cliente($http)->nfse->emitir(['valor' => '1.00'])['id']);
        self::assertCount(4, $http->requisicoes);
        self::assertCount(1, array_unique($http->chaves()));
        self::assertMatchesRegularExpression('/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/', $http->chaves()[0]);
        self::assertCount(3, $this->esperas);
    }

    public function testNaoRepete5xxMarcadoNaoRetentavel(): void
    {
        $http = new RegistroHttp([self::problema(503, 'manutencao', false), self::nota()]);
        $this->expectExceptionObject(new FiscalApiError(status: 503, codigo: 'manutencao', mensagem: 'manutencao'));
        try {
            $this->cliente($http)->nfse->emitir([]);
        } finally {
            self::assertCount(1, $http->requisicoes);
        }
    }

    public function testLimite429HonraRetryAfterSenaoOProximoMinuto(): void
    {
        $http = new RegistroHttp([
            new RespostaHttp(429, ['retry-after' => '7'], '{"message":"Too Many Requests","code":"RATE_LIMITED"}'),
            new RespostaHttp(429, ['date' => 'Thu, 26 Nov 2026 17:00:45 GMT'], '{"message":"Too Many Requests","code":"RATE_LIMITED"}'),
            self::nota(),
        ]);
        self::assertSame('n1', $this->cliente($http)->nfse->emitir([])['id']);
        self::assertSame([7000, 15250], $this->esperas);
    }

    public function testDesisteAposMaxRetriesComOUltimoErro(): void
    {
        $http = new RegistroHttp([new FalhaDeConexao('timeout', true), new FalhaDeConexao('timeout', true), new FalhaDeConexao('timeout', true)]);
        try {
            $this->cliente($http, 2)->nfse->emitir([]);
            self::fail('esperava FiscalApiError');
        } catch (FiscalApiError $e) {
            self::assertSame([0, 'tempo_esgotado', true], [$e->status, $e->codigo, $e->retentavel]);
        }
        self::assertCount(3, $http->requisicoes);
    }

    public function testFormatoNestViraCodigo(): void
    {
        $http = new RegistroHttp([new RespostaHttp(403, ['x-request-id' => 'req-9'], '{"statusCode":403,"message":["chave de teste não pode criar empresas"],"error":"Forbidden"}')]);
        try {
            $this->cliente($http)->empresas->criar([]);
            self::fail('esperava FiscalApiError');
        } catch (FiscalApiError $e) {
            self::assertSame([403, 'acesso_negado', 'chave de teste não pode criar empresas', 'req-9'], [$e->status, $e->codigo, $e->mensagem, $e->requisicao_id]);
        }
    }

    public function testChaveDoChamadorEGetSemChave(): void
    {
        $http = new RegistroHttp([self::nota(), new RespostaHttp(200, [], '{"id":"n1"}')]);
        $cliente = $this->cliente($http);
        $cliente->nfse->emitir([], chaveIdempotencia: 'pedido-42');
        $cliente->nfse->obter('n1');
        self::assertSame(['pedido-42', null], $http->chaves());
    }

    public function testBackoffDobraAteOTeto(): void
    {
        self::assertSame([500, 1000, 2000, 4000, 8000, 8000], array_map(static fn (int $n) => Api::esperaExponencial($n, 500, 8000, 1.0), [1, 2, 3, 4, 5, 6]));
        self::assertSame(1000, Api::esperaExponencial(3, 500, 8000, 0.0));
    }

    public function testNomesAntigosAindaValemNestaVersao(): void
    {
        $http = new RegistroHttp([new FalhaDeConexao('sem rede', true), new FalhaDeConexao('sem rede', true)]);
        $esperas = [];
        $cliente = new FiscalApi(apiKey: 'svc_test_antiga', baseUrl: 'http://api.invalid/', http: $http, maxRetries: 1, retryDelayMs: 40, maxRetryDelayMs: 40, timeoutMs: 1234, esperar: function (int $ms) use (&$esperas): void {
            $esperas[] = $ms;
        });
        try {
            $cliente->nfse->obter('n1');
            self::fail('esperava FiscalApiError');
        } catch (FiscalApiError $e) {
            self::assertSame('tempo_esgotado', $e->codigo);
        }
        self::assertCount(2, $http->requisicoes);
        self::assertSame('http://api.invalid/v1/nfse/n1', $http->requisicoes[0]->url);
        self::assertSame('Bearer svc_test_antiga', $http->requisicoes[0]->cabecalhos['authorization']);
        self::assertSame([1234, 1234], [$http->requisicoes[0]->tempoLimiteMs, $http->requisicoes[0]->timeoutMs]);
        self::assertCount(1, $esperas);
        self::assertGreaterThanOrEqual(20, $esperas[0]);
        self::assertLessThanOrEqual(40, $esperas[0]);
        self::assertSame([$cliente->api->chaveApi, $cliente->api->urlBase, 1], [$cliente->api->apiKey, $cliente->api->baseUrl, $cliente->api->maxRetries]);
        self::assertSame(Api::esperaExponencial(3, 500, 8000, 1.0), Api::backoff(3, 500, 8000, 1.0));
    }
}
