<?php

declare(strict_types=1);

namespace FiscalApi\Recursos;

use FiscalApi\Api;
use FiscalApi\Modelos;

/** /v1/companies: the account's companies (creating and changing them needs a production key). */
final class Empresas
{
    public function __construct(private readonly Api $api)
    {
    }

    /** @return list<Modelos\Empresa> every company (not paginated) */
    public function listar(): array
    {
        return Modelos\Empresa::lista($this->api->enviar('GET', '/v1/companies')['corpo']);
    }

    /** @param array<string, mixed> $corpo */
    public function criar(array $corpo, ?string $chaveIdempotencia = null): Modelos\Empresa
    {
        return Modelos\Empresa::de($this->api->enviar('POST', '/v1/companies', corpo: $corpo, chaveIdempotencia: $chaveIdempotencia)['corpo']);
    }

    public function obter(string $id): Modelos\Empresa
    {
        return Modelos\Empresa::de($this->api->enviar('GET', '/v1/companies/' . rawurlencode($id))['corpo']);
    }

    public function remover(string $id): void
    {
        $this->api->enviar('DELETE', '/v1/companies/' . rawurlencode($id));
    }

    public function pausar(string $id): Modelos\Empresa
    {
        return Modelos\Empresa::de($this->api->enviar('POST', '/v1/companies/' . rawurlencode($id) . '/pausa')['corpo']);
    }

    public function retomar(string $id): Modelos\Empresa
    {
        return Modelos\Empresa::de($this->api->enviar('POST', '/v1/companies/' . rawurlencode($id) . '/retomada')['corpo']);
    }

    /** Sends the A1 certificate (the .pfx bytes and its password). */
    public function enviarCertificado(string $id, string $pfx, string $senha): Modelos\Empresa
    {
        return Modelos\Empresa::de($this->api->enviar('POST', '/v1/companies/' . rawurlencode($id) . '/certificate', corpo: ['arquivo' => base64_encode($pfx), 'senha' => $senha])['corpo']);
    }

    /** Whether the company can issue now, item by item. */
    public function prontidao(string $id): Modelos\Prontidao
    {
        return Modelos\Prontidao::de($this->api->enviar('GET', '/v1/companies/' . rawurlencode($id) . '/prontidao')['corpo']);
    }
}
