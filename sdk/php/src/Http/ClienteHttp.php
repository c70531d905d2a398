<?php

declare(strict_types=1);

namespace FiscalApi\Http;

/**
 * The transport, PSR-18 style: sends one request and returns its response, whatever the status. A failure with
 * no response (connection refused or dropped, timeout) is a FalhaDeConexao. Inject another implementation to
 * use your own HTTP stack (a PSR-18 client behind an adapter) or to test.
 */
interface ClienteHttp
{
    /** @throws FalhaDeConexao */
    public function enviar(Requisicao $requisicao): RespostaHttp;
}
