<?php

declare(strict_types=1);

namespace FiscalApi\Recursos;

use FiscalApi\Api;
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
     * cursor_mais_antigo.
     */
    public function listar(?string $apos = null, ?int $limite = null): Paginas
    {
        return new Paginas(function (?string $cursor) use ($limite): array {
            $corpo = $this->api->enviar('GET', '/v1/eventos', ['apos' => $cursor, 'limite' => $limite])['corpo'];
            return ['itens' => $corpo['eventos'], 'proximo_cursor' => $corpo['proximo_cursor']];
        }, $apos, true);
    }
}
