<?php

declare(strict_types=1);

namespace FiscalApi\Recursos;

use FiscalApi\Acompanhamento;
use FiscalApi\Api;
use FiscalApi\Modelos;
use FiscalApi\Paginas;

/** /v1/nfse: issue, read, list, validate, cancel and confirm NFS-e. */
final class Nfse
{
    public function __construct(private readonly Api $api)
    {
    }

    /**
     * Issues a note. Returns it authorised (201) or still transmitindo (202: do not issue again; read it later or
     * follow it with acompanhar). A rejection is a FiscalApiError nfse_rejeitada / falha_transmissao whose $nfse
     * is the note.
     *
     * @param array<string, mixed> $corpo
     * @param string|null $simular test keys only: X-Service-Simular (autorizar, rejeitar, timeout, …)
     * @param int|null $esperaSegundos Prefer: wait=<s> (API default 10, up to 60); the attempt's time limit grows to
     *     this wait plus 10 s when it is above tempoLimiteMs
     */
    public function emitir(array $corpo, ?string $chaveIdempotencia = null, ?string $simular = null, ?int $esperaSegundos = null): Modelos\Nfse
    {
        return Modelos\Nfse::de($this->api->enviar('POST', '/v1/nfse', corpo: $corpo, cabecalhos: Simulacao::cabecalhos($simular), chaveIdempotencia: $chaveIdempotencia, esperaSegundos: $esperaSegundos)['corpo']);
    }

    /** @param array<string, mixed> $corpo @return array<string, mixed> */
    public function validar(array $corpo): array
    {
        return $this->api->enviar('POST', '/v1/nfse/validacoes', corpo: $corpo)['corpo'];
    }

    /**
     * One note by id, referencia or chave_acesso ($empresaId when the referencia exists in several companies).
     */
    public function obter(string $id, ?string $empresaId = null): Modelos\Nfse
    {
        return Modelos\Nfse::de($this->api->enviar('GET', '/v1/nfse/' . rawurlencode($id), ['empresa_id' => $empresaId])['corpo']);
    }

    /**
     * Notes issued by the service, newest first, every page followed. Every other filter of GET /v1/nfse goes as
     * a named argument with the API's name (empresa_id: …, referencia: …).
     *
     * @param string|int|bool|null ...$filtro
     * @return Paginas<Modelos\Nfse>
     */
    public function listar(?string $status = null, ?int $limite = null, ?string $cursor = null, string|int|bool|null ...$filtro): Paginas
    {
        $consulta = ['status' => $status, 'limite' => $limite] + $filtro;
        return new Paginas(function (?string $proximo) use ($consulta): array {
            $corpo = $this->api->enviar('GET', '/v1/nfse', $consulta + ['cursor' => $proximo])['corpo'];
            return ['itens' => Modelos\Nfse::lista($corpo['dados']), 'proximo_cursor' => $corpo['proximo_cursor']];
        }, $cursor);
    }

    /**
     * Cancels an authorised note (codigo_motivo 1, 2 or 9; motivo 15 to 255 characters).
     *
     * @param array{codigo_motivo: string, motivo: string} $corpo
     */
    public function cancelar(string $id, array $corpo, ?string $chaveIdempotencia = null, ?string $simular = null): Modelos\Nfse
    {
        return Modelos\Nfse::de($this->api->enviar('POST', '/v1/nfse/' . rawurlencode($id) . '/cancelamento', corpo: $corpo, cabecalhos: Simulacao::cabecalhos($simular), chaveIdempotencia: $chaveIdempotencia)['corpo']);
    }

    /**
     * E-mails the note's DANFSe and XML to $destinatarios (1 to 10); answers the queued e-mail (202), which the
     * service sends, recording each attempt on the note's eventos.
     *
     * @param list<string> $destinatarios
     * @return array<string, mixed>
     */
    public function enviarEmail(string $id, array $destinatarios, ?string $chaveIdempotencia = null): array
    {
        return $this->api->enviar('POST', '/v1/nfse/' . rawurlencode($id) . '/email', corpo: ['destinatarios' => $destinatarios], chaveIdempotencia: $chaveIdempotencia)['corpo'];
    }

    /** Resumes a note aguardando_confirmacao, keeping or changing its competence. */
    public function confirmar(string $id, ?string $competencia = null): Modelos\Nfse
    {
        return Modelos\Nfse::de($this->api->enviar('POST', '/v1/nfse/' . rawurlencode($id) . '/confirmacao', corpo: $competencia === null ? [] : ['competencia' => $competencia])['corpo']);
    }

    public function xml(string $id): string
    {
        return $this->api->enviar('GET', '/v1/nfse/' . rawurlencode($id) . '/xml', leitura: 'texto')['corpo'];
    }

    /** The DANFSe (PDF bytes). */
    public function pdf(string $id): string
    {
        return $this->api->enviar('GET', '/v1/nfse/' . rawurlencode($id) . '/pdf', leitura: 'texto')['corpo'];
    }

    /**
     * The note now and at each change, over the GraphQL subscription nfseAtualizada (graphql-ws over a
     * websocket); each value is read again through GET /v1/nfse/{id}, the shape of obter(). Ends when the note
     * leaves transmitindo, unless $continuar.
     *
     * @return \Generator<int, Modelos\Nfse>
     */
    public function acompanhar(string $id, bool $continuar = false, int $timeoutSegundos = 120): \Generator
    {
        return (new Acompanhamento($this->api, $this))->nfse($id, $continuar, $timeoutSegundos);
    }
}
