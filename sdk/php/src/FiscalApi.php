<?php

declare(strict_types=1);

namespace FiscalApi;

use FiscalApi\Http\ClienteHttp;
use FiscalApi\Recursos\Documentos;
use FiscalApi\Recursos\Empresas;
use FiscalApi\Recursos\Eventos;
use FiscalApi\Recursos\Lotes;
use FiscalApi\Recursos\Nfe;
use FiscalApi\Recursos\Nfse;
use FiscalApi\Recursos\Webhooks;

/**
 * The fiscal-api client: new FiscalApi(chaveApi: 'svc_test_…', urlBase: …), then resources named as the API's
 * routes (nfse, lotes, webhooks, eventos, empresas, nfe, documentos).
 */
final class FiscalApi
{
    public readonly Api $api;
    public readonly Nfse $nfse;
    public readonly Lotes $lotes;
    public readonly Webhooks $webhooks;
    public readonly Eventos $eventos;
    public readonly Empresas $empresas;
    public readonly Nfe $nfe;
    public readonly Documentos $documentos;

    /**
     * @see Api::__construct for the retry options and the deprecated names
     * @param ?string $apiKey deprecated: use $chaveApi (removed in the next major version)
     * @param ?string $baseUrl deprecated: use $urlBase
     * @param ?int $maxRetries deprecated: use $maxRetentativas
     * @param ?int $retryDelayMs deprecated: use $esperaInicialMs
     * @param ?int $maxRetryDelayMs deprecated: use $esperaMaximaMs
     * @param ?int $timeoutMs deprecated: use $tempoLimiteMs
     * @param int $limiteConflitoMs how long, added up, the waits may be while a repeated call finds its first
     *     attempt still running (409 conflito)
     * @param ?string $userAgent your application's product token, sent in User-Agent after the library's
     */
    public function __construct(
        ?string $chaveApi = null,
        ?string $urlBase = null,
        ?ClienteHttp $http = null,
        ?int $maxRetentativas = null,
        ?int $esperaInicialMs = null,
        ?int $esperaMaximaMs = null,
        ?int $tempoLimiteMs = null,
        ?callable $esperar = null,
        ?callable $gerarChave = null,
        ?string $apiKey = null,
        ?string $baseUrl = null,
        ?int $maxRetries = null,
        ?int $retryDelayMs = null,
        ?int $maxRetryDelayMs = null,
        ?int $timeoutMs = null,
        int $limiteConflitoMs = 60000,
        ?string $userAgent = null,
    ) {
        $this->api = new Api(
            chaveApi: $chaveApi ?? $apiKey ?? '',
            urlBase: $urlBase ?? $baseUrl ?? 'http://localhost:3000',
            http: $http,
            maxRetentativas: $maxRetentativas ?? $maxRetries ?? 3,
            esperaInicialMs: $esperaInicialMs ?? $retryDelayMs ?? 500,
            esperaMaximaMs: $esperaMaximaMs ?? $maxRetryDelayMs ?? 8000,
            tempoLimiteMs: $tempoLimiteMs ?? $timeoutMs ?? 30000,
            esperar: $esperar,
            gerarChave: $gerarChave,
            limiteConflitoMs: $limiteConflitoMs,
            userAgent: $userAgent,
        );
        $this->nfse = new Nfse($this->api);
        $this->lotes = new Lotes($this->api);
        $this->webhooks = new Webhooks($this->api);
        $this->eventos = new Eventos($this->api);
        $this->empresas = new Empresas($this->api);
        $this->nfe = new Nfe($this->api);
        $this->documentos = new Documentos($this->api);
    }
}
