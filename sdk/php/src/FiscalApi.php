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
 * The fiscal-api client: new FiscalApi(apiKey: 'svc_test_…', baseUrl: …), then resources named as the API's
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

    /** @see Api::__construct for the retry options */
    public function __construct(
        string $apiKey,
        string $baseUrl = 'http://localhost:3000',
        ?ClienteHttp $http = null,
        int $maxRetries = 3,
        int $retryDelayMs = 500,
        int $maxRetryDelayMs = 8000,
        int $timeoutMs = 30000,
        ?callable $esperar = null,
        ?callable $gerarChave = null,
    ) {
        $this->api = new Api($apiKey, $baseUrl, $http, $maxRetries, $retryDelayMs, $maxRetryDelayMs, $timeoutMs, $esperar, $gerarChave);
        $this->nfse = new Nfse($this->api);
        $this->lotes = new Lotes($this->api);
        $this->webhooks = new Webhooks($this->api);
        $this->eventos = new Eventos($this->api);
        $this->empresas = new Empresas($this->api);
        $this->nfe = new Nfe($this->api);
        $this->documentos = new Documentos($this->api);
    }
}
