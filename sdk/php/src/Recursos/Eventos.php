<?php

declare(strict_types=1);

namespace FiscalApi\Recursos;

use FiscalApi\Api;
use FiscalApi\Modelos;
use FiscalApi\Paginas;

/** /v1/eventos: the account's event log, oldest first. */
final class Eventos
{
    public function __construct(private readonly Api $api)
    {
    }

    /**
     * Events after $apos (the last stored cursor), every page followed until the log is caught up (an empty
     * page: the log always returns a next cursor). To continue later, read with ->paginas() and store each
     * page's proximo_cursor. A cursor past the 90-day retention is FiscalApiError cursor_vencido with
     * cursor_mais_antigo. Any other filter of GET /v1/eventos as a named argument (empresa_id: …).
     *
     * @param string|int|bool|null ...$filtro
     * @return Paginas<Modelos\Evento>
     */
    public function listar(?string $apos = null, ?int $limite = null, string|int|bool|null ...$filtro): Paginas
    {
        $consulta = ['limite' => $limite] + $filtro;
        return new Paginas(function (?string $cursor) use ($consulta): array {
            $corpo = $this->api->enviar('GET', '/v1/eventos', ['apos' => $cursor] + $consulta)['corpo'];
            return ['itens' => Modelos\Evento::lista($corpo['eventos']), 'proximo_cursor' => $corpo['proximo_cursor']];
        }, $apos, true);
    }
}
