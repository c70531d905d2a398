<?php

declare(strict_types=1);

namespace FiscalApi\Recursos;

use FiscalApi\Api;
use FiscalApi\Paginas;

/** /v1/nfe: NF-e (model 55) issued through the state authority. */
final class Nfe
{
    public function __construct(private readonly Api $api)
    {
    }

    /** @param array<string, mixed> $corpo @return array<string, mixed> */
    public function emitir(array $corpo, ?string $chaveIdempotencia = null, ?string $simular = null): array
    {
        return $this->api->enviar('POST', '/v1/nfe', corpo: $corpo, cabecalhos: Simulacao::cabecalhos($simular), chaveIdempotencia: $chaveIdempotencia)['corpo'];
    }

    /** @return array<string, mixed> */
    public function obter(string $id): array
    {
        return $this->api->enviar('GET', '/v1/nfe/' . rawurlencode($id))['corpo'];
    }

    /** @param array<string, scalar|null> $filtro */
    public function listar(array $filtro = [], ?string $cursor = null): Paginas
    {
        return new Paginas(function (?string $proximo) use ($filtro): array {
            $corpo = $this->api->enviar('GET', '/v1/nfe', ['cursor' => $proximo] + $filtro)['corpo'];
            return ['itens' => $corpo['dados'], 'proximo_cursor' => $corpo['proximo_cursor']];
        }, $cursor);
    }

    /** @param array<string, mixed> $corpo @return array<string, mixed> */
    public function cancelar(string $id, array $corpo, ?string $simular = null): array
    {
        return $this->api->enviar('POST', '/v1/nfe/' . rawurlencode($id) . '/cancelamento', corpo: $corpo, cabecalhos: Simulacao::cabecalhos($simular))['corpo'];
    }

    /** Registers a carta de correção (up to 20 per note). @param array<string, mixed> $corpo @return array<string, mixed> */
    public function cartaCorrecao(string $id, array $corpo): array
    {
        return $this->api->enviar('POST', '/v1/nfe/' . rawurlencode($id) . '/carta-correcao', corpo: $corpo)['corpo'];
    }

    /** Corrects a rejected NF-e and sends it again. @param array<string, mixed> $corpo @return array<string, mixed> */
    public function corrigir(string $id, array $corpo, ?string $simular = null): array
    {
        return $this->api->enviar('POST', '/v1/nfe/' . rawurlencode($id) . '/correcao', corpo: $corpo, cabecalhos: Simulacao::cabecalhos($simular))['corpo'];
    }

    /** @return array<string, mixed> */
    public function descartar(string $id): array
    {
        return $this->api->enviar('POST', '/v1/nfe/' . rawurlencode($id) . '/descarte')['corpo'];
    }

    public function xml(string $id): string
    {
        return $this->api->enviar('GET', '/v1/nfe/' . rawurlencode($id) . '/xml', leitura: 'texto')['corpo'];
    }

    /** The DANFE (PDF bytes). */
    public function pdf(string $id): string
    {
        return $this->api->enviar('GET', '/v1/nfe/' . rawurlencode($id) . '/pdf', leitura: 'texto')['corpo'];
    }

    /** Voids a range of numbers never used. @param array<string, mixed> $corpo @return array<string, mixed> */
    public function inutilizar(array $corpo, ?string $simular = null): array
    {
        return $this->api->enviar('POST', '/v1/nfe/inutilizacoes', corpo: $corpo, cabecalhos: Simulacao::cabecalhos($simular))['corpo'];
    }

    /** @param array<string, scalar|null> $filtro */
    public function inutilizacoes(array $filtro = [], ?string $cursor = null): Paginas
    {
        return new Paginas(function (?string $proximo) use ($filtro): array {
            $corpo = $this->api->enviar('GET', '/v1/nfe/inutilizacoes', ['cursor' => $proximo] + $filtro)['corpo'];
            return ['itens' => $corpo['dados'], 'proximo_cursor' => $corpo['proximo_cursor']];
        }, $cursor);
    }
}
