<?php

declare(strict_types=1);

namespace FiscalApi\Tests;

use FiscalApi\FiscalApi;
use FiscalApi\FiscalApiError;
use FiscalApi\Http\CurlClienteHttp;
use FiscalApi\Http\FalhaDeConexao;
use FiscalApi\Modelos;
use FiscalApi\TipoEvento;
use FiscalApi\VerificarWebhook;
use PHPUnit\Framework\TestCase;

/**
 * The PHP client against a running service. test/sdk/php-client.test.ts starts it and passes FISCAL_API_URL,
 * FISCAL_API_KEY, FISCAL_EMPRESA_ID and FISCAL_PROXY_URL (test/support/fault-proxy.ts in front of the service).
 */
final class ServicoTest extends TestCase
{
    private static function env(string $nome): string
    {
        $valor = getenv($nome);
        if ($valor === false || $valor === '') {
            throw new \RuntimeException("$nome não definido: rode pela suíte do serviço (test/sdk/php-client.test.ts)");
        }
        return $valor;
    }

    private static function cliente(?string $urlBase = null, ?RegistroHttp $http = null, int $tempoLimiteMs = 30000): FiscalApi
    {
        return new FiscalApi(chaveApi: self::env('FISCAL_API_KEY'), urlBase: $urlBase ?? self::env('FISCAL_API_URL'), http: $http, esperaInicialMs: 20, esperaMaximaMs: 100, tempoLimiteMs: $tempoLimiteMs);
    }

    /** @return array<string, mixed> a valid issuance body for the seeded company */
    private static function corpo(array $sobre = []): array
    {
        return array_replace([
            'empresa_id' => self::env('FISCAL_EMPRESA_ID'),
            'referencia' => 'php-' . bin2hex(random_bytes(6)),
            'tomador' => ['documento' => '54550752000155', 'nome' => 'Cliente Ltda'],
            'valor' => '1500.00',
            'servico' => ['descricao' => 'Desenvolvimento de sistema sob encomenda'],
        ], $sobre);
    }

    public function testEmiteELePorIdEReferencia(): void
    {
        $corpo = self::corpo();
        $nota = self::cliente()->nfse->emitir($corpo);
        self::assertInstanceOf(Modelos\Nfse::class, $nota);
        self::assertSame(['autorizada', $corpo['referencia'], '1500.00', null], [$nota->status, $nota->referencia, $nota->valor, $nota->rejeicao]);
        self::assertSame('autorizada', $nota['status']);
        self::assertMatchesRegularExpression('/^\d{50}$/', $nota['chave_acesso']);
        self::assertSame($nota['id'], self::cliente()->nfse->obter($nota['id'])['id']);
        self::assertSame($nota['id'], self::cliente()->nfse->obter($corpo['referencia'])['id']);
    }

    public function testSegueOsCursoresEntrePaginas(): void
    {
        $cliente = self::cliente();
        $emitidas = [];
        for ($i = 0; $i < 5; $i++) {
            $emitidas[] = $cliente->nfse->emitir(self::corpo())['id'];
        }
        $vistas = [];
        foreach ($cliente->nfse->listar(limite: 2) as $nota) {
            $vistas[] = $nota['id'];
        }
        self::assertSame([], array_diff($emitidas, $vistas));
        self::assertSame(count($vistas), count(array_unique($vistas)));
        $paginas = iterator_to_array($cliente->nfse->listar(limite: 2)->paginas(), false);
        self::assertGreaterThanOrEqual(3, count($paginas));
        self::assertNull(end($paginas)['proximo_cursor']);
    }

    public function testRejeicao422TrazANota(): void
    {
        $corpo = self::corpo();
        $http = new RegistroHttp([], new CurlClienteHttp());
        try {
            self::cliente(http: $http)->nfse->emitir($corpo, simular: 'rejeitar');
            self::fail('esperava FiscalApiError');
        } catch (FiscalApiError $e) {
            self::assertSame([422, 'nfse_rejeitada'], [$e->status, $e->codigo]);
            self::assertMatchesRegularExpression('/^E\d+/', (string) $e->codigo_oficial);
            self::assertNotEmpty($e->requisicao_id);
            self::assertSame(['rejeitada', $corpo['referencia']], [$e->nfse['status'], $e->nfse['referencia']]);
        }
        self::assertCount(1, $http->requisicoes);
    }

    public function testValidacao422TrazErrosComPonteiros(): void
    {
        try {
            self::cliente()->nfse->emitir(self::corpo(['valor' => 10, 'tomador' => ['documento' => '123']]));
            self::fail('esperava FiscalApiError');
        } catch (FiscalApiError $e) {
            self::assertSame('validacao', $e->codigo);
            $campos = array_column($e->erros, 'codigo', 'campo');
            self::assertSame('tipo_invalido', $campos['/valor'] ?? null);
            self::assertArrayHasKey('/tomador/documento', $campos);
        }
    }

    /** @return array<string, array{string}> */
    public static function falhas(): array
    {
        return ['conexão derrubada' => ['cair'], '502 de um proxy' => ['502'], 'resposta depois do timeout' => ['lento']];
    }

    /** @dataProvider falhas */
    public function testRepeteAEmissaoComAMesmaChaveEUmaSoNota(string $modo): void
    {
        $corpo = self::corpo();
        $http = new RegistroHttp([], new CurlClienteHttp());
        $nota = self::cliente(self::env('FISCAL_PROXY_URL') . "/$modo", $http, 1000)->nfse->emitir($corpo);
        self::assertSame('autorizada', $nota['status']);
        self::assertCount(2, $http->requisicoes);
        self::assertCount(1, array_unique($http->chaves()));
        $mesmas = array_filter(self::cliente()->nfse->listar(limite: 100)->todos(), static fn ($n) => $n['referencia'] === $corpo['referencia']);
        self::assertSame([$nota['id']], array_column(array_values($mesmas), 'id'));
    }

    public function testVerificaUmaEntregaReal(): void
    {
        $dir = sys_get_temp_dir() . '/fiscal-api-receptor-' . bin2hex(random_bytes(4));
        mkdir($dir);
        $livre = stream_socket_server('tcp://127.0.0.1:0');
        $porta = (int) substr(strrchr(stream_socket_get_name($livre, false), ':'), 1);
        fclose($livre);
        $servidor = proc_open([PHP_BINARY, '-S', "127.0.0.1:$porta", __DIR__ . '/receptor-webhook.php'], [['pipe', 'r'], ['file', '/dev/null', 'w'], ['file', '/dev/null', 'w']], $pipes, null, ['RECEPTOR_DIR' => $dir]);
        try {
            self::esperar(static fn () => @fsockopen('127.0.0.1', $porta) !== false);
            $cliente = self::cliente();
            $webhook = $cliente->webhooks->criar(['url' => "http://127.0.0.1:$porta/hook", 'eventos' => [TipoEvento::NFSE_AUTORIZADA]]);
            $nota = $cliente->nfse->emitir(self::corpo());
            $entrega = self::entregas($dir, 1)[0];
            $evento = $cliente->webhooks->verificar($entrega['corpo'], $entrega['cabecalhos'], $webhook['segredo']);
            self::assertSame(['NFSE_AUTORIZADA', 'v2', $nota['id']], [$evento['tipo'], $evento['esquema'], $evento['dados']['id']]);
            self::assertSame($entrega['cabecalhos']['x-service-event-id'], $evento['evento_id']);
            $t = (int) $entrega['cabecalhos']['x-service-timestamp'];
            self::assertCodigo('assinatura_invalida', fn () => VerificarWebhook::verificar($entrega['corpo'], $entrega['cabecalhos'], 'outro-segredo'));
            self::assertCodigo('assinatura_invalida', fn () => VerificarWebhook::verificar($entrega['corpo'] . ' ', $entrega['cabecalhos'], $webhook['segredo']));
            self::assertCodigo('assinatura_expirada', fn () => VerificarWebhook::verificar($entrega['corpo'], $entrega['cabecalhos'], $webhook['segredo'], agora: $t + 301));
            self::assertSame('v2', VerificarWebhook::verificar($entrega['corpo'], $entrega['cabecalhos'], $webhook['segredo'], agora: $t + 299)['esquema']);
            $soLegado = $entrega['cabecalhos'];
            unset($soLegado['x-service-signature-v2']);
            self::assertCodigo('assinatura_ausente', fn () => VerificarWebhook::verificar($entrega['corpo'], $soLegado, $webhook['segredo']));
            self::assertSame('legado', VerificarWebhook::verificar($entrega['corpo'], $soLegado, $webhook['segredo'], aceitarLegado: true)['esquema']);

            $novo = $cliente->webhooks->rotacionarSegredo($webhook['id'])['segredo'];
            $cliente->nfse->emitir(self::corpo());
            $depois = self::entregas($dir, 2)[1];
            self::assertSame(2, substr_count($depois['cabecalhos']['x-service-signature-v2'], 'v1='));
            foreach ([[$novo], [$webhook['segredo']], [$novo, $webhook['segredo']]] as $segredos) {
                self::assertSame('NFSE_AUTORIZADA', VerificarWebhook::verificar($depois['corpo'], $depois['cabecalhos'], $segredos)['tipo']);
            }
        } finally {
            proc_terminate($servidor);
            proc_close($servidor);
            array_map('unlink', glob("$dir/*.json"));
            rmdir($dir);
        }
    }

    public function testAcompanhaANotaAoVivoPelaAssinaturaGraphql(): void
    {
        $cliente = self::cliente();
        $nota = $cliente->nfse->emitir(self::corpo(), simular: 'processamento_lento', esperaSegundos: 0);
        self::assertSame('transmitindo', $nota['status']);
        $vistos = array_column(iterator_to_array($cliente->nfse->acompanhar($nota['id'], timeoutSegundos: 30), false), 'status');
        self::assertSame('transmitindo', $vistos[0]);
        self::assertSame('autorizada', end($vistos));
    }

    public function testLeOLogDeEventosAteAlcancar(): void
    {
        $eventos = self::cliente()->eventos->listar(limite: 2)->todos();
        self::assertGreaterThan(2, count($eventos));
        self::assertContainsOnlyInstancesOf(Modelos\Evento::class, $eventos);
        self::assertSame([], array_diff(array_column($eventos, 'tipo'), [...TipoEvento::TODOS, TipoEvento::WEBHOOK_TESTE]));
        self::assertSame(count($eventos), count(array_unique(array_column($eventos, 'id'))));
    }

    public function testLotesDeJsonEDePlanilhaEEmpresas(): void
    {
        $cliente = self::cliente();
        $item = self::corpo();
        unset($item['empresa_id']);
        $lote = $cliente->lotes->criar(itens: [$item], empresaId: self::env('FISCAL_EMPRESA_ID'), aoValidar: 'aguardar');
        self::assertSame(['validando', 'json', 1], [$lote['status'], $lote['origem'], $lote['total']]);
        // FISCAL_PLANILHA: an .xlsx of one line written by the harness.
        $dePlanilha = $cliente->lotes->criar(planilha: file_get_contents(self::env('FISCAL_PLANILHA')), empresaId: self::env('FISCAL_EMPRESA_ID'), aoValidar: 'aguardar');
        self::assertSame(['planilha', 1], [$dePlanilha['origem'], $dePlanilha['total']]);
        self::assertSame($lote['id'], $cliente->lotes->obter($lote['id'])['id']);
        self::assertContains(self::env('FISCAL_EMPRESA_ID'), array_column($cliente->empresas->listar(), 'id'));
        self::esperar(static fn () => $cliente->lotes->obter($lote->id)->status === 'aguardando_emissao');
        $aguardando = $cliente->lotes->itens($lote->id, status: 'aguardando_emissao')->todos();
        self::assertContainsOnlyInstancesOf(Modelos\LoteItem::class, $aguardando);
        self::assertSame([[1, $item['referencia']]], array_map(static fn ($i) => [$i->linha, $i->referencia], $aguardando));
        self::assertSame([], $cliente->lotes->itens($lote->id, status: 'com_erro_validacao')->todos());
        self::assertInstanceOf(Modelos\Empresa::class, $cliente->empresas->obter(self::env('FISCAL_EMPRESA_ID')));
    }

    public function testATentativaDuraAEsperaPedida(): void
    {
        // The simulated national system answers after 1.5 s; the attempt's own limit is 300 ms and there is no retry.
        $curto = new FiscalApi(chaveApi: self::env('FISCAL_API_KEY'), urlBase: self::env('FISCAL_API_URL'), maxRetentativas: 0, tempoLimiteMs: 300);
        $nota = $curto->nfse->emitir(self::corpo(), simular: 'processamento_lento', esperaSegundos: 20);
        self::assertSame('autorizada', $nota->status);
        self::assertCodigo('tempo_esgotado', fn () => $curto->nfse->emitir(self::corpo(), simular: 'processamento_lento'));
    }

    private static function assertCodigo(string $codigo, callable $chamada): void
    {
        try {
            $chamada();
            self::fail("esperava FiscalApiError $codigo");
        } catch (FiscalApiError $e) {
            self::assertSame($codigo, $e->codigo);
        }
    }

    /** @return list<array{cabecalhos: array<string, string>, corpo: string}> the first $n deliveries received */
    private static function entregas(string $dir, int $n): array
    {
        self::esperar(static fn () => count(glob("$dir/*.json")) >= $n);
        $arquivos = glob("$dir/*.json");
        sort($arquivos);
        return array_map(static fn ($f) => json_decode(file_get_contents($f), true), $arquivos);
    }

    private static function esperar(callable $condicao, float $segundos = 20): void
    {
        $prazo = microtime(true) + $segundos;
        while (!$condicao()) {
            if (microtime(true) > $prazo) {
                throw new \RuntimeException('condição não atingida a tempo');
            }
            usleep(50000);
        }
    }
}
