<?php

declare(strict_types=1);

namespace FiscalApi\Recursos;

use FiscalApi\Api;
use FiscalApi\Paginas;

/** /v1/documents: NFS-e, NF-e and CT-e captured for the account's companies (production key only). */
final class Documentos
{
    public function __construct(private readonly Api $api)
    {
    }

    /**
     * Every page followed; this route names its fields in camelCase (itens, proximoCursor).
     *
     * @param array<string, scalar|null> $filtro
     */
    public function listar(array $filtro = [], ?string $cursor = null): Paginas
    {
        return new Paginas(function (?string $proximo) use ($filtro): array {
            $corpo = $this->api->enviar('GET', '/v1/documents', ['cursor' => $proximo] + $filtro)['corpo'];
            return ['itens' => $corpo['itens'], 'proximo_cursor' => $corpo['proximoCursor']];
        }, $cursor);
    }

    /** A document with its events; $id is the notaId of the capture events. @return array<string, mixed> */
    public function obter(string $id): array
    {
        return $this->api->enviar('GET', '/v1/documents/' . rawurlencode($id))['corpo'];
    }

    /** @param array<string, mixed> $corpo @return array<string, mixed> */
    public function manifestar(string $id, array $corpo): array
    {
        return $this->api->enviar('POST', '/v1/documents/' . rawurlencode($id) . '/manifestacao', corpo: $corpo)['corpo'];
    }

    public function xml(string $id): string
    {
        return $this->api->enviar('GET', '/v1/documents/' . rawurlencode($id) . '/xml', leitura: 'texto')['corpo'];
    }
}
