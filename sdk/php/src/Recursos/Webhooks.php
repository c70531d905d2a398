<?php

declare(strict_types=1);

namespace FiscalApi\Recursos;

use FiscalApi\Api;
use FiscalApi\Modelos;
use FiscalApi\Paginas;
use FiscalApi\TipoEvento;
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
     * @param array{url: string, eventos: list<TipoEvento::*>, cabecalhos?: list<array{nome: string, valor: string}>} $corpo
     */
    public function criar(array $corpo, ?string $chaveIdempotencia = null): Modelos\WebhookComSegredo
    {
        return Modelos\WebhookComSegredo::de($this->api->enviar('POST', '/v1/webhooks', corpo: $corpo + ['cabecalhos' => []], chaveIdempotencia: $chaveIdempotencia)['corpo']);
    }

    /** @return list<Modelos\Webhook> every webhook of the key's environment (not paginated) */
    public function listar(): array
    {
        return Modelos\Webhook::lista($this->api->enviar('GET', '/v1/webhooks')['corpo']);
    }

    public function obter(string $id): Modelos\Webhook
    {
        return Modelos\Webhook::de($this->api->enviar('GET', '/v1/webhooks/' . rawurlencode($id))['corpo']);
    }

    /** @param array{url?: string, eventos?: list<TipoEvento::*>, cabecalhos?: list<array{nome: string, valor: string}>} $corpo */
    public function atualizar(string $id, array $corpo): Modelos\Webhook
    {
        return Modelos\Webhook::de($this->api->enviar('PATCH', '/v1/webhooks/' . rawurlencode($id), corpo: $corpo)['corpo']);
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

    /** A new secret; for 24 hours deliveries carry signatures of both. */
    public function rotacionarSegredo(string $id): Modelos\WebhookComSegredo
    {
        return Modelos\WebhookComSegredo::de($this->api->enviar('POST', '/v1/webhooks/' . rawurlencode($id) . '/rotacao-segredo')['corpo']);
    }

    /**
     * The webhook's deliveries ($status 'falhou' for the failed ones), every page followed; any other filter of
     * the route as a named argument.
     *
     * @param 'pendente'|'entregue'|'falhou'|null $status
     * @param string|int|bool|null ...$filtro
     * @return Paginas<Modelos\Entrega>
     */
    public function entregas(string $id, ?string $status = null, ?int $limite = null, ?string $cursor = null, string|int|bool|null ...$filtro): Paginas
    {
        $consulta = ['status' => $status, 'limite' => $limite] + $filtro;
        return new Paginas(function (?string $proximo) use ($id, $consulta): array {
            $corpo = $this->api->enviar('GET', '/v1/webhooks/' . rawurlencode($id) . '/entregas', $consulta + ['cursor' => $proximo])['corpo'];
            return ['itens' => Modelos\Entrega::lista($corpo['entregas']), 'proximo_cursor' => $corpo['proximo_cursor']];
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
