<?php

declare(strict_types=1);

namespace FiscalApi\Recursos;

use FiscalApi\Api;

/** /v1/companies: the account's companies (creating and changing them needs a production key). */
final class Empresas
{
    public function __construct(private readonly Api $api)
    {
    }

    /** @return list<array<string, mixed>> every company (not paginated) */
    public function listar(): array
    {
        return $this->api->enviar('GET', '/v1/companies')['corpo'];
    }

    /** @param array<string, mixed> $corpo @return array<string, mixed> */
    public function criar(array $corpo, ?string $chaveIdempotencia = null): array
    {
        return $this->api->enviar('POST', '/v1/companies', corpo: $corpo, chaveIdempotencia: $chaveIdempotencia)['corpo'];
    }

    /** @return array<string, mixed> */
    public function obter(string $id): array
    {
        return $this->api->enviar('GET', '/v1/companies/' . rawurlencode($id))['corpo'];
    }

    public function remover(string $id): void
    {
        $this->api->enviar('DELETE', '/v1/companies/' . rawurlencode($id));
    }

    /** @return array<string, mixed> */
    public function pausar(string $id): array
    {
        return $this->api->enviar('POST', '/v1/companies/' . rawurlencode($id) . '/pausa')['corpo'];
    }

    /** @return array<string, mixed> */
    public function retomar(string $id): array
    {
        return $this->api->enviar('POST', '/v1/companies/' . rawurlencode($id) . '/retomada')['corpo'];
    }

    /** Sends the A1 certificate (the .pfx bytes and its password). @return array<string, mixed> */
    public function enviarCertificado(string $id, string $pfx, string $senha): array
    {
        return $this->api->enviar('POST', '/v1/companies/' . rawurlencode($id) . '/certificate', corpo: ['arquivo' => base64_encode($pfx), 'senha' => $senha])['corpo'];
    }

    /** Whether the company can issue now, item by item. @return array<string, mixed> */
    public function prontidao(string $id): array
    {
        return $this->api->enviar('GET', '/v1/companies/' . rawurlencode($id) . '/prontidao')['corpo'];
    }
}
