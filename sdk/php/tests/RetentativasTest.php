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

    /** @return array<string, mixed> a note with every field the API always sends */
    private static function campos(): array
    {
        return [
            'id' => 'n1', 'referencia' => 'pedido-1', 'status' => 'autorizada', 'ambiente' => 'sandbox', 'empresa_id' => 'e1',
            'valor' => '1500.00', 'competencia' => '2026-11-01', 'numero' => '7', 'chave_acesso' => str_repeat('1', 50),
            'rejeicao' => null, 'cancelamento' => null, 'substituida_por' => null, 'falha' => null, 'aviso' => null,
            'eventos' => [['tipo' => 'criada', 'em' => '2026-11-26T17:00:00Z']], 'ajustes' => [], 'regras_versao' => '1+1',
            'campo_futuro' => 'x',
        ];
    }

    private static function nota(int $status = 201): RespostaHttp
    {
        return new RespostaHttp($status, ['content-type' => 'application/json'], json_encode(self::campos()));
    }

    private function registrando(array $roteiro, int $limiteConflitoMs = 60000, ?string $userAgent = null): array
    {
        $http = new RegistroHttp($roteiro);
        $cliente = new FiscalApi(chaveApi: 'svc_test_x', urlBase: 'http://api.invalid', http: $http, tempoLimiteMs: 30000, esperar: function (int $ms): void {
            $this->esperas[] = $ms;
        }, limiteConflitoMs: $limiteConflitoMs, userAgent: $userAgent);
        return [$cliente, $http];
    }

    private static function conflito(?string $retryAfter = null): RespostaHttp
    {
        $r = self::problema(409, 'conflito', true);
        return $retryAfter === null ? $r : new RespostaHttp(409, $r->cabecalhos + ['retry-after' => $retryAfter], $r->corpo);
    }

    public function testEsperaO409ConflitoDeUmaRetentativaComRetryAfterPrimeiro(): void
    {
        [$cliente, $http] = $this->registrando([new FalhaDeConexao('connection reset'), self::conflito(), self::conflito('2'), self::nota()]);
        self::assertSame('n1', $cliente->nfse->emitir(['valor' => '1.00'])->id);
        self::assertCount(4, $http->requisicoes);
        self::assertCount(1, array_unique($http->chaves()));
        self::assertCount(3, $this->esperas);
        self::assertSame(2000, $this->esperas[2]);
    }

    public function testDevolveO409ConflitoQuandoAsEsperasPassariamDoLimite(): void
    {
        [$cliente, $http] = $this->registrando([new FalhaDeConexao('connection reset'), self::conflito('2'), self::conflito('2'), self::conflito('2'), self::nota()], limiteConflitoMs: 5000);
        try {
            $cliente->nfse->emitir(['valor' => '1.00']);
            self::fail('esperava FiscalApiError');
        } catch (FiscalApiError $e) {
            self::assertSame([409, 'conflito', true], [$e->status, $e->codigo, $e->retentavel]);
        }
        self::assertSame([2000, 2000], array_slice($this->esperas, 1));
        self::assertCount(4, $http->requisicoes);
    }

    public function testOutro409NaRetentativaNaoEEsperado(): void
    {
        [$cliente, $http] = $this->registrando([new FalhaDeConexao('connection reset'), self::problema(409, 'idempotencia_conflito', false), self::nota()]);
        try {
            $cliente->nfse->emitir(['valor' => '1.00']);
            self::fail('esperava FiscalApiError');
        } catch (FiscalApiError $e) {
            self::assertSame('idempotencia_conflito', $e->codigo);
        }
        self::assertCount(2, $http->requisicoes);
    }

    public function testOTempoDaTentativaSegueAEsperaPedida(): void
    {
        [$cliente, $http] = $this->registrando([self::nota(), self::nota(), self::nota()]);
        $cliente->nfse->emitir([], esperaSegundos: 55);
        $cliente->nfse->emitir([], esperaSegundos: 5);
        $cliente->nfse->emitir([]);
        self::assertSame([65000, 30000, 30000], array_map(static fn ($r) => $r->tempoLimiteMs, $http->requisicoes));
        self::assertSame(['wait=55', 'wait=5', null], array_map(static fn ($r) => $r->cabecalhos['prefer'] ?? null, $http->requisicoes));
    }

    public function testUserAgentTrazABibliotecaESuaVersaoDepoisAAplicacao(): void
    {
        $composer = json_decode((string) file_get_contents(__DIR__ . '/../composer.json'), true);
        self::assertSame(['fiscal-api/client', Api::VERSAO], [$composer['name'], $composer['version']]);
        [$cliente, $http] = $this->registrando([self::nota()]);
        $cliente->nfse->emitir([]);
        [$comApp, $httpApp] = $this->registrando([self::nota()], userAgent: 'minha-loja/2.3');
        $comApp->nfse->emitir([]);
        self::assertMatchesRegularExpression('#^fiscal-api-sdk-php/\d+\.\d+\.\d+$#', $http->requisicoes[0]->cabecalhos['user-agent']);
        self::assertSame('fiscal-api-sdk-php/' . Api::VERSAO, $http->requisicoes[0]->cabecalhos['user-agent']);
        self::assertSame('fiscal-api-sdk-php/' . Api::VERSAO . ' minha-loja/2.3', $httpApp->requisicoes[0]->cabecalhos['user-agent']);
    }

    public function testCadaFiltroDaListaVaiNaConsulta(): void
    {
        $pagina = new RespostaHttp(200, [], '{"dados":[],"proximo_cursor":null}');
        [$cliente, $http] = $this->registrando([$pagina, $pagina, new RespostaHttp(200, [], '{"eventos":[],"proximo_cursor":"c9"}'), $pagina]);
        $cliente->lotes->itens('l1', limite: 5, status: 'com_erro_validacao')->todos();
        $cliente->nfse->listar(status: 'autorizada', cursor: 'c1', empresa_id: 'e1', valor_min: '10.00')->todos();
        $cliente->eventos->listar(apos: 'c2', empresa_id: 'e1')->todos();
        $cliente->nfe->listar(['referencia' => 'pedido'], desde: '2026-01-01')->todos();
        $consultas = array_map(static function ($r): array {
            parse_str((string) parse_url($r->url, PHP_URL_QUERY), $q);
            ksort($q);
            return $q;
        }, $http->requisicoes);
        self::assertSame([
            ['limite' => '5', 'status' => 'com_erro_validacao'],
            ['cursor' => 'c1', 'empresa_id' => 'e1', 'status' => 'autorizada', 'valor_min' => '10.00'],
            ['apos' => 'c2', 'empresa_id' => 'e1'],
            ['desde' => '2026-01-01', 'referencia' => 'pedido'],
        ], $consultas);
    }

    public function testRespostasSaoObjetosSomenteLeituraQueAindaSeLeemComoArray(): void
    {
        [$cliente] = $this->registrando([self::nota()]);
        $nota = $cliente->nfse->emitir([]);
        self::assertInstanceOf(\FiscalApi\Modelos\Nfse::class, $nota);
        self::assertSame(['n1', 'autorizada', '1500.00', null], [$nota->id, $nota->status, $nota->valor, $nota->rejeicao]);
        self::assertSame(['n1', 'autorizada', 'x'], [$nota['id'], $nota['status'], $nota['campo_futuro']]);
        self::assertTrue(isset($nota['numero']));
        self::assertFalse(isset($nota['rejeicao']));
        self::assertNull($nota->serie_dps);
        self::assertSame(self::campos(), json_decode(json_encode($nota), true));
        self::assertSame('criada', $nota->eventos[0]['tipo']);
        $this->expectException(\Error::class);
        $nota->status = 'cancelada';
    }

    public function testRespostaSemUmCampoObrigatorioDizQual(): void
    {
        $campos = self::campos();
        unset($campos['status']);
        [$cliente] = $this->registrando([new RespostaHttp(200, [], json_encode($campos))]);
        $this->expectException(\UnexpectedValueException::class);
        $this->expectExceptionMessage('sem o campo status');
        $cliente->nfse->obter('n1');
    }

    public function testArrayDaRespostaNaoSeAltera(): void
    {
        [$cliente] = $this->registrando([self::nota()]);
        $nota = $cliente->nfse->emitir([]);
        $this->expectException(\LogicException::class);
        $nota['status'] = 'cancelada';
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
        $http = new RegistroHttp([self::nota(), self::nota(200)]);
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
