<?php

declare(strict_types=1);

namespace FiscalApi\Recursos;

use FiscalApi\Api;
use FiscalApi\Modelos;
use FiscalApi\Multipart;
use FiscalApi\Paginas;

/** /v1/lotes: batches of NFS-e from JSON or a spreadsheet. */
final class Lotes
{
    private const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

    public function __construct(private readonly Api $api)
    {
    }

    /**
     * Creates a batch from JSON lines ($itens: each an issuance body without empresa_id, with its referencia) or
     * from an .xlsx ($planilha: the file's bytes; row 1 names the columns with the request's JSON paths, each
     * later row is one line). Always 202 with the batch validando.
     *
     * @param list<array<string, mixed>>|null $itens each an issuance body of POST /v1/nfse without empresa_id, with
     *     its referencia
     * @param 'emitir_validas'|'aguardar'|null $aoValidar
     */
    public function criar(?array $itens = null, ?string $planilha = null, ?string $empresaId = null, ?string $aoValidar = null, string $nomeArquivo = 'lote.xlsx', ?string $chaveIdempotencia = null, ?string $simular = null): Modelos\Lote
    {
        if (($itens === null) === ($planilha === null)) {
            throw new \InvalidArgumentException('informe itens ou planilha');
        }
        if ($planilha !== null) {
            $corpo = (new Multipart())->arquivo('planilha', $nomeArquivo, $planilha, self::XLSX);
            if ($empresaId !== null) {
                $corpo->campo('empresa_id', $empresaId);
            }
            if ($aoValidar !== null) {
                $corpo->campo('ao_validar', $aoValidar);
            }
        } else {
            $corpo = array_filter(['empresa_id' => $empresaId, 'ao_validar' => $aoValidar], static fn ($v) => $v !== null) + ['itens' => $itens];
        }
        return Modelos\Lote::de($this->api->enviar('POST', '/v1/lotes', corpo: $corpo, cabecalhos: Simulacao::cabecalhos($simular), chaveIdempotencia: $chaveIdempotencia)['corpo']);
    }

    public function obter(string $id): Modelos\Lote
    {
        return Modelos\Lote::de($this->api->enviar('GET', '/v1/lotes/' . rawurlencode($id))['corpo']);
    }

    /**
     * Batches, newest first, every page followed; any other filter of GET /v1/lotes as a named argument.
     *
     * @param string|int|bool|null ...$filtro
     * @return Paginas<Modelos\Lote>
     */
    public function listar(?int $limite = null, ?string $cursor = null, string|int|bool|null ...$filtro): Paginas
    {
        $consulta = ['limite' => $limite] + $filtro;
        return new Paginas(function (?string $proximo) use ($consulta): array {
            $corpo = $this->api->enviar('GET', '/v1/lotes', $consulta + ['cursor' => $proximo])['corpo'];
            return ['itens' => Modelos\Lote::lista($corpo['dados']), 'proximo_cursor' => $corpo['proximo_cursor']];
        }, $cursor);
    }

    /**
     * One entry per line of the batch, every page followed: $status keeps the lines showing that status
     * (com_erro_validacao, autorizada, …); any other filter of the route as a named argument.
     *
     * @param string|int|bool|null ...$filtro
     * @return Paginas<Modelos\LoteItem>
     */
    public function itens(string $id, ?int $limite = null, ?string $cursor = null, ?string $status = null, string|int|bool|null ...$filtro): Paginas
    {
        $consulta = ['limite' => $limite, 'status' => $status] + $filtro;
        return new Paginas(function (?string $proximo) use ($id, $consulta): array {
            $corpo = $this->api->enviar('GET', '/v1/lotes/' . rawurlencode($id) . '/itens', $consulta + ['cursor' => $proximo])['corpo'];
            return ['itens' => Modelos\LoteItem::lista($corpo['dados']), 'proximo_cursor' => $corpo['proximo_cursor']];
        }, $cursor);
    }

    /** @param array<string, mixed> $corpo */
    public function emitir(string $id, array $corpo): Modelos\Lote
    {
        return Modelos\Lote::de($this->api->enviar('POST', '/v1/lotes/' . rawurlencode($id) . '/emissao', corpo: $corpo)['corpo']);
    }

    /** @param array<string, mixed> $corpo */
    public function reprocessar(string $id, array $corpo): Modelos\Lote
    {
        return Modelos\Lote::de($this->api->enviar('POST', '/v1/lotes/' . rawurlencode($id) . '/reprocessamento', corpo: $corpo)['corpo']);
    }

    /** The spreadsheet with each line's result (.xlsx bytes). */
    public function relatorio(string $id): string
    {
        return $this->api->enviar('GET', '/v1/lotes/' . rawurlencode($id) . '/relatorio', leitura: 'texto')['corpo'];
    }
}
