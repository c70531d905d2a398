<?php

declare(strict_types=1);

namespace FiscalApi\Recursos;

use FiscalApi\Api;
use FiscalApi\Modelos;
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
     * @param string|int|bool|null ...$outros any filter of the route as a named argument
     * @return Paginas<Modelos\Documento>
     */
    public function listar(array $filtro = [], ?string $cursor = null, string|int|bool|null ...$outros): Paginas
    {
        $consulta = $outros + $filtro;
        return new Paginas(function (?string $proximo) use ($consulta): array {
            $corpo = $this->api->enviar('GET', '/v1/documents', ['cursor' => $proximo] + $consulta)['corpo'];
            return ['itens' => Modelos\Documento::lista($corpo['itens']), 'proximo_cursor' => $corpo['proximoCursor']];
        }, $cursor);
    }

    /** A document with its events; $id is the notaId of the capture events. */
    public function obter(string $id): Modelos\DocumentoDetalhe
    {
        return Modelos\DocumentoDetalhe::de($this->api->enviar('GET', '/v1/documents/' . rawurlencode($id))['corpo']);
    }

    /** @param array<string, mixed> $corpo */
    public function manifestar(string $id, array $corpo): Modelos\DocumentoDetalhe
    {
        return Modelos\DocumentoDetalhe::de($this->api->enviar('POST', '/v1/documents/' . rawurlencode($id) . '/manifestacao', corpo: $corpo)['corpo']);
    }

    public function xml(string $id): string
    {
        return $this->api->enviar('GET', '/v1/documents/' . rawurlencode($id) . '/xml', leitura: 'texto')['corpo'];
    }
}
