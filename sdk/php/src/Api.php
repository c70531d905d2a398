<?php

declare(strict_types=1);

namespace FiscalApi;

use FiscalApi\Http\ClienteHttp;
use FiscalApi\Http\CurlClienteHttp;
use FiscalApi\Http\FalhaDeConexao;
use FiscalApi\Http\Requisicao;
use FiscalApi\Http\RespostaHttp;

/**
 * Sends one logical call, repeating it as the API's retry rules say: only a timeout, a connection that failed,
 * a 429 or a 5xx whose body does not say retentavel false; never 400, 401, 403, 404, 409, 412 or 422, which
 * need a corrected request. Every attempt carries the same Idempotency-Key, so a repeated issuance returns the
 * first one's stored answer instead of issuing again. One 409 is waited out: conflito (retentavel true) on a
 * repeated attempt means this call's own earlier attempt is still running at the API, and its answer comes once
 * it ends; those waits are bounded by $limiteConflitoMs, apart from $maxRetentativas.
 */
final class Api
{
    /** The library's version (sent in User-Agent). */
    public const VERSAO = '1.1.0';
    /** The library's product token, first in every request's User-Agent. */
    public const USER_AGENT = 'fiscal-api-sdk-php/' . self::VERSAO;
    /** Added to an asked Prefer: wait to make the attempt's time limit: the answer leaves the API at the wait's end. */
    public const MARGEM_ESPERA_MS = 10000;

    public readonly string $urlBase;
    /** @deprecated use $chaveApi; removed in the next major version */
    public readonly string $apiKey;
    /** @deprecated use $urlBase; removed in the next major version */
    public readonly string $baseUrl;
    /** @deprecated use $maxRetentativas; removed in the next major version */
    public readonly int $maxRetries;
    /** @deprecated use $esperaInicialMs; removed in the next major version */
    public readonly int $retryDelayMs;
    /** @deprecated use $esperaMaximaMs; removed in the next major version */
    public readonly int $maxRetryDelayMs;
    /** @deprecated use $tempoLimiteMs; removed in the next major version */
    public readonly int $timeoutMs;
    private readonly ClienteHttp $http;
    /** @var \Closure(int): void */
    private readonly \Closure $esperar;
    /** @var \Closure(): string */
    private readonly \Closure $gerarChave;
    /** The User-Agent sent: the library's token, then the application's when it gives one. */
    public readonly string $userAgent;

    /**
     * @param int $maxRetentativas retries after the first attempt
     * @param int $esperaInicialMs first backoff wait, doubling each retry up to $esperaMaximaMs
     * @param int $tempoLimiteMs limit of one attempt; a call that asks the API to wait longer gets that wait plus
     *     MARGEM_ESPERA_MS
     * @param (callable(int): void)|null $esperar waits between attempts, in ms (tests make it instant)
     * @param (callable(): string)|null $gerarChave Idempotency-Key values (default a random UUID)
     * @param int $limiteConflitoMs how long, added up, the waits may be while a repeated call finds its first
     *     attempt still running (409 conflito, retentavel true) before that error goes to the caller
     * @param string|null $userAgent your application's product token, sent after the library's (minha-loja/2.3)
     */
    public function __construct(
        public readonly string $chaveApi,
        string $urlBase = 'http://localhost:3000',
        ?ClienteHttp $http = null,
        public readonly int $maxRetentativas = 3,
        public readonly int $esperaInicialMs = 500,
        public readonly int $esperaMaximaMs = 8000,
        public readonly int $tempoLimiteMs = 30000,
        ?callable $esperar = null,
        ?callable $gerarChave = null,
        public readonly int $limiteConflitoMs = 60000,
        ?string $userAgent = null,
    ) {
        if ($chaveApi === '') {
            throw new \InvalidArgumentException('chaveApi é obrigatória (svc_test_… ou svc_live_…)');
        }
        $this->urlBase = rtrim($urlBase, '/');
        $this->apiKey = $chaveApi;
        $this->baseUrl = $this->urlBase;
        $this->maxRetries = $maxRetentativas;
        $this->retryDelayMs = $esperaInicialMs;
        $this->maxRetryDelayMs = $esperaMaximaMs;
        $this->timeoutMs = $tempoLimiteMs;
        $this->http = $http ?? new CurlClienteHttp();
        $this->esperar = \Closure::fromCallable($esperar ?? static fn (int $ms) => usleep($ms * 1000));
        $this->gerarChave = \Closure::fromCallable($gerarChave ?? [self::class, 'uuid']);
        $this->userAgent = $userAgent === null || $userAgent === '' ? self::USER_AGENT : self::USER_AGENT . ' ' . $userAgent;
    }

    /**
     * @param array<string, scalar|null> $consulta
     * @param array<string, mixed>|Multipart|null $corpo JSON (encoded once: the same bytes on every attempt) or a form
     * @param array<string, string> $cabecalhos
     * @param 'json'|'texto' $leitura how to read a 2xx body
     * @param int|null $esperaSegundos Prefer: wait=<s>; the attempt's time limit becomes at least this wait plus
     *     MARGEM_ESPERA_MS, so an answer the API gives at the end of the wait is not cut off and retried
     * @return array{status: int, corpo: mixed, requisicao_id: ?string, tentativas: int}
     */
    public function enviar(string $metodo, string $caminho, array $consulta = [], array|Multipart|null $corpo = null, array $cabecalhos = [], ?string $chaveIdempotencia = null, string $leitura = 'json', ?int $esperaSegundos = null): array
    {
        $url = $this->urlBase . $caminho;
        $consulta = array_filter($consulta, static fn ($v) => $v !== null);
        if ($consulta !== []) {
            $url .= '?' . http_build_query(array_map(static fn ($v) => is_bool($v) ? ($v ? 'true' : 'false') : (string) $v, $consulta));
        }
        $base = ['authorization' => "Bearer {$this->chaveApi}", 'accept' => 'application/json, application/problem+json', 'user-agent' => $this->userAgent];
        $bytes = null;
        if ($corpo instanceof Multipart) {
            $base['content-type'] = $corpo->tipo();
            $bytes = $corpo->bytes();
        } elseif ($corpo !== null) {
            $base['content-type'] = 'application/json';
            $bytes = json_encode($corpo === [] ? new \stdClass() : $corpo, JSON_THROW_ON_ERROR | JSON_UNESCAPED_UNICODE | JSON_UNESCAPED_SLASHES);
        }
        if ($metodo !== 'GET') {
            $base['idempotency-key'] = $chaveIdempotencia ?? ($this->gerarChave)();
        }
        $limiteMs = $this->tempoLimiteMs;
        if ($esperaSegundos !== null) {
            $base['prefer'] = "wait=$esperaSegundos";
            $limiteMs = max($limiteMs, $esperaSegundos * 1000 + self::MARGEM_ESPERA_MS);
        }
        $requisicao = new Requisicao($metodo, $url, array_merge($base, array_change_key_case($cabecalhos)), $bytes, $limiteMs);
        $retentativas = 0;
        $esperasConflito = 0;
        $esperadoEmConflito = 0;
        for ($tentativa = 1; ; $tentativa++) {
            try {
                $resposta = $this->http->enviar($requisicao);
            } catch (FalhaDeConexao $falha) {
                if (++$retentativas > $this->maxRetentativas) {
                    throw new FiscalApiError(
                        status: 0,
                        codigo: $falha->tempoEsgotado ? 'tempo_esgotado' : 'erro_de_conexao',
                        mensagem: sprintf('%s após %d tentativas: %s', $falha->tempoEsgotado ? 'Sem resposta' : 'Falha de conexão', $tentativa, $falha->getMessage()),
                        retentavel: true,
                        anterior: $falha,
                    );
                }
                ($this->esperar)(self::esperaExponencial($retentativas, $this->esperaInicialMs, $this->esperaMaximaMs));
                continue;
            }
            $requisicaoId = $resposta->cabecalho('x-request-id');
            if ($resposta->status >= 200 && $resposta->status < 300) {
                $valor = $leitura === 'texto' ? $resposta->corpo : self::json($resposta->corpo);
                return ['status' => $resposta->status, 'corpo' => $valor, 'requisicao_id' => $requisicaoId, 'tentativas' => $tentativa];
            }
            $corpoErro = self::json($resposta->corpo);
            $erro = FiscalApiError::deResposta($resposta->status, $corpoErro, $requisicaoId);
            if ($resposta->status === 409 && $tentativa > 1 && isset($requisicao->cabecalhos['idempotency-key'])
                && $erro->codigo === 'conflito' && $erro->retentavel) {
                $espera = self::esperaPedida($resposta, (int) (microtime(true) * 1000))
                    ?? self::esperaExponencial(++$esperasConflito, $this->esperaInicialMs, $this->esperaMaximaMs);
                if ($esperadoEmConflito + $espera > $this->limiteConflitoMs) {
                    throw $erro;
                }
                $esperadoEmConflito += $espera;
                ($this->esperar)($espera);
                continue;
            }
            $repetir = $resposta->status === 429
                || ($resposta->status >= 500 && !(is_array($corpoErro) && ($corpoErro['retentavel'] ?? null) === false));
            if (!$repetir || ++$retentativas > $this->maxRetentativas) {
                throw $erro;
            }
            ($this->esperar)($resposta->status === 429
                ? self::esperaDoLimite($resposta, (int) (microtime(true) * 1000))
                : self::esperaExponencial($retentativas, $this->esperaInicialMs, $this->esperaMaximaMs));
        }
    }

    /** Exponential from $baseMs, capped at $maxMs, half of it random so that clients failing together spread out. */
    public static function esperaExponencial(int $tentativa, int $baseMs, int $maxMs, ?float $aleatorio = null): int
    {
        $teto = min($maxMs, $baseMs * 2 ** ($tentativa - 1));
        $aleatorio ??= mt_rand() / mt_getrandmax();
        return (int) round($teto / 2 + $aleatorio * $teto / 2);
    }

    /** @deprecated use esperaExponencial; removed in the next major version */
    public static function backoff(int $tentativa, int $baseMs, int $maxMs, ?float $aleatorio = null): int
    {
        return self::esperaExponencial($tentativa, $baseMs, $maxMs, $aleatorio);
    }

    /**
     * The wait a 429 asks for: Retry-After (seconds or an HTTP date) when present; otherwise the API's window is
     * the clock minute, so the rest of the current minute by the server's Date, or by ours without it.
     */
    public static function esperaDoLimite(RespostaHttp $resposta, int $agoraMs): int
    {
        $pedida = self::esperaPedida($resposta, $agoraMs);
        if ($pedida !== null) {
            return $pedida;
        }
        $data = $resposta->cabecalho('date');
        $referencia = $data !== null && ($t = strtotime($data)) !== false ? $t * 1000 : $agoraMs;
        return 60000 - ($referencia % 60000) + 250;
    }

    /** The wait a Retry-After header asks for (seconds or an HTTP date), or null when there is none readable. */
    public static function esperaPedida(RespostaHttp $resposta, int $agoraMs): ?int
    {
        $retryAfter = $resposta->cabecalho('retry-after');
        if ($retryAfter === null) {
            return null;
        }
        if (ctype_digit($retryAfter)) {
            return (int) $retryAfter * 1000;
        }
        if (($ate = strtotime($retryAfter)) === false) {
            return null;
        }
        $data = $resposta->cabecalho('date');
        $referencia = $data !== null && ($t = strtotime($data)) !== false ? $t * 1000 : $agoraMs;
        return max(0, $ate * 1000 - $referencia);
    }

    public static function uuid(): string
    {
        $b = random_bytes(16);
        $b[6] = chr((ord($b[6]) & 0x0f) | 0x40);
        $b[8] = chr((ord($b[8]) & 0x3f) | 0x80);
        return vsprintf('%s%s-%s-%s-%s-%s%s%s', str_split(bin2hex($b), 4));
    }

    private static function json(string $texto): mixed
    {
        if ($texto === '') {
            return null;
        }
        try {
            return json_decode($texto, true, 512, JSON_THROW_ON_ERROR);
        } catch (\JsonException) {
            // A proxy's HTML error page: keep the text for the error.
            return ['message' => substr($texto, 0, 500)];
        }
    }
}
