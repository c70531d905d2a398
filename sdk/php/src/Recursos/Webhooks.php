<?php

declare(strict_types=1);

namespace FiscalApi\Recursos;

use FiscalApi\Api;
use FiscalApi\Paginas;
use FiscalApi\VerificarWebhook;

/** /v1/webhooks: signed deliveries of the account's events. */
final class Webhooks
{
    public function __construct(private readonly Api $api)
    {
    }

    /**
     * Creates a webhook; the answer carries segredo, shown only now and at a rotation.
     *
     * @param array{url: string, eventos: list<string>, cabecalhos?: list<array{nome: string, valor: string}>} $corpo
     * @return array<string, mixed>
     */
    public function criar(array $corpo, ?string $chaveIdempotencia = null): array
    {
        return $this->api->enviar('POST', '/v1/webhooks', corpo: $corpo + ['cabecalhos' => []], chaveIdempotencia: $chaveIdempotencia)['corpo'];
    }

    /** @return list<array<string, mixed>> every webhook of the key's environment (not paginated) */
    public function listar(): array
    {
        return $this->api->enviar('GET', '/v1/webhooks')['corpo'];
    }

    /** @return array<string, mixed> */
    public function obter(string $id): array
    {
        return $this->api->enviar('GET', '/v1/webhooks/' . rawurlencode($id))['corpo'];
    }

    /** @param array<string, mixed> $corpo @return array<string, mixed> */
    public function atualizar(string $id, array $corpo): array
    {
        return $this->api->enviar('PATCH', '/v1/webhooks/' . rawurlencode($id), corpo: $corpo)['corpo'];
    }

    public function remover(string $id): void
    {
        $this->api->enviar('DELETE', '/v1/webhooks/' . rawurlencode($id));
    }

    /** Sends a webhook.teste delivery. @return array<string, mixed> */
    public function testar(string $id): array
    {
        return $this->api->enviar('POST', '/v1/webhooks/' . rawurlencode($id) . '/teste')['corpo'];
    }

    /** A new secret; for 24 hours deliveries carry signatures of both. @return array<string, mixed> */
    public function rotacionarSegredo(string $id): array
    {
        return $this->api->enviar('POST', '/v1/webhooks/' . rawurlencode($id) . '/rotacao-segredo')['corpo'];
    }

    /** The webhook's deliveries ($status 'falhou' for the failed ones), every page followed. */
    public function entregas(string $id, ?string $status = null, ?int $limite = null, ?string $cursor = null): Paginas
    {
        return new Paginas(function (?string $proximo) use ($id, $status, $limite): array {
            $corpo = $this->api->enviar('GET', '/v1/webhooks/' . rawurlencode($id) . '/entregas', ['status' => $status, 'limite' => $limite, 'cursor' => $proximo])['corpo'];
            return ['itens' => $corpo['entregas'], 'proximo_cursor' => $corpo['proximo_cursor']];
        }, $cursor);
    }

    /**
     * Resends events (evento_id, desde and ate, or lote_id); at most 500 per call, then continuar_desde.
     *
     * @param array<string, string> $corpo
     * @return array<string, mixed>
     */
    public function reenviar(string $id, array $corpo): array
    {
        return $this->api->enviar('POST', '/v1/webhooks/' . rawurlencode($id) . '/reenvio', corpo: $corpo)['corpo'];
    }

    /**
     * Checks a received delivery's signature and returns its event (see VerificarWebhook::verificar).
     *
     * @param array<string, string|list<string>> $cabecalhos
     * @param string|list<string> $segredos
     * @return array{tipo: string, dados: array<string, mixed>, evento_id: ?string, entrega_id: ?string, esquema: 'v2'|'legado'}
     */
    public function verificar(string $corpo, array $cabecalhos, string|array $segredos, int $toleranciaSegundos = 300, ?int $agora = null, bool $aceitarLegado = false): array
    {
        return VerificarWebhook::verificar($corpo, $cabecalhos, $segredos, $toleranciaSegundos, $agora, $aceitarLegado);
    }
}
