<?php

declare(strict_types=1);

namespace FiscalApi\Recursos;

use FiscalApi\Api;
use FiscalApi\Modelos;
use FiscalApi\Paginas;

/** /v1/nfe: NF-e (model 55) issued through the state authority. */
final class Nfe
{
    public function __construct(private readonly Api $api)
    {
    }

    /**
     * @param array<string, mixed> $corpo
     * @param int|null $esperaSegundos Prefer: wait=<s>; the attempt's time limit grows to this wait plus 10 s
     */
    public function emitir(array $corpo, ?string $chaveIdempotencia = null, ?string $simular = null, ?int $esperaSegundos = null): Modelos\Nfe
    {
        return Modelos\Nfe::de($this->api->enviar('POST', '/v1/nfe', corpo: $corpo, cabecalhos: Simulacao::cabecalhos($simular), chaveIdempotencia: $chaveIdempotencia, esperaSegundos: $esperaSegundos)['corpo']);
    }

    public function obter(string $id): Modelos\Nfe
    {
        return Modelos\Nfe::de($this->api->enviar('GET', '/v1/nfe/' . rawurlencode($id))['corpo']);
    }

    /**
     * Every filter of GET /v1/nfe, in $filtro or as named arguments with the API's names (status: …, desde: …).
     *
     * @param array<string, scalar|null> $filtro
     * @param string|int|bool|null ...$outros
     * @return Paginas<Modelos\Nfe>
     */
    public function listar(array $filtro = [], ?string $cursor = null, string|int|bool|null ...$outros): Paginas
    {
        $consulta = $outros + $filtro;
        return new Paginas(function (?string $proximo) use ($consulta): array {
            $corpo = $this->api->enviar('GET', '/v1/nfe', ['cursor' => $proximo] + $consulta)['corpo'];
            return ['itens' => Modelos\Nfe::lista($corpo['dados']), 'proximo_cursor' => $corpo['proximo_cursor']];
        }, $cursor);
    }

    /** @param array<string, mixed> $corpo */
    public function cancelar(string $id, array $corpo, ?string $simular = null): Modelos\Nfe
    {
        return Modelos\Nfe::de($this->api->enviar('POST', '/v1/nfe/' . rawurlencode($id) . '/cancelamento', corpo: $corpo, cabecalhos: Simulacao::cabecalhos($simular))['corpo']);
    }

    /** Registers a carta de correção (up to 20 per note). @param array<string, mixed> $corpo @return array<string, mixed> */
    public function cartaCorrecao(string $id, array $corpo): array
    {
        return $this->api->enviar('POST', '/v1/nfe/' . rawurlencode($id) . '/carta-correcao', corpo: $corpo)['corpo'];
    }

    /**
     * Corrects a rejected NF-e and sends it again.
     *
     * @param array<string, mixed> $corpo
     * @param int|null $esperaSegundos Prefer: wait=<s>; the attempt's time limit grows to this wait plus 10 s
     */
    public function corrigir(string $id, array $corpo, ?string $simular = null, ?int $esperaSegundos = null): Modelos\Nfe
    {
        return Modelos\Nfe::de($this->api->enviar('POST', '/v1/nfe/' . rawurlencode($id) . '/correcao', corpo: $corpo, cabecalhos: Simulacao::cabecalhos($simular), esperaSegundos: $esperaSegundos)['corpo']);
    }

    public function descartar(string $id): Modelos\Nfe
    {
        return Modelos\Nfe::de($this->api->enviar('POST', '/v1/nfe/' . rawurlencode($id) . '/descarte')['corpo']);
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

    /** Voids a range of numbers never used. @param array<string, mixed> $corpo */
    public function inutilizar(array $corpo, ?string $simular = null): Modelos\NfeInutilizacao
    {
        return Modelos\NfeInutilizacao::de($this->api->enviar('POST', '/v1/nfe/inutilizacoes', corpo: $corpo, cabecalhos: Simulacao::cabecalhos($simular))['corpo']);
    }

    /**
     * @param array<string, scalar|null> $filtro
     * @param string|int|bool|null ...$outros any filter of the route as a named argument
     * @return Paginas<Modelos\NfeInutilizacao>
     */
    public function inutilizacoes(array $filtro = [], ?string $cursor = null, string|int|bool|null ...$outros): Paginas
    {
        $consulta = $outros + $filtro;
        return new Paginas(function (?string $proximo) use ($consulta): array {
            $corpo = $this->api->enviar('GET', '/v1/nfe/inutilizacoes', ['cursor' => $proximo] + $consulta)['corpo'];
            return ['itens' => Modelos\NfeInutilizacao::lista($corpo['dados']), 'proximo_cursor' => $corpo['proximo_cursor']];
        }, $cursor);
    }
}
