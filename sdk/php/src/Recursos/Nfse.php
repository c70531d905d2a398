<?php

declare(strict_types=1);

namespace FiscalApi\Recursos;

use FiscalApi\Acompanhamento;
use FiscalApi\Api;
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
     * @param int|null $esperaSegundos Prefer: wait=<s> (API default 10)
     * @return array<string, mixed>
     */
    public function emitir(array $corpo, ?string $chaveIdempotencia = null, ?string $simular = null, ?int $esperaSegundos = null): array
    {
        $cabecalhos = Simulacao::cabecalhos($simular);
        if ($esperaSegundos !== null) {
            $cabecalhos['prefer'] = "wait=$esperaSegundos";
        }
        return $this->api->enviar('POST', '/v1/nfse', corpo: $corpo, cabecalhos: $cabecalhos, chaveIdempotencia: $chaveIdempotencia)['corpo'];
    }

    /** @param array<string, mixed> $corpo @return array<string, mixed> */
    public function validar(array $corpo): array
    {
        return $this->api->enviar('POST', '/v1/nfse/validacoes', corpo: $corpo)['corpo'];
    }

    /**
     * One note by id, referencia or chave_acesso ($empresaId when the referencia exists in several companies).
     *
     * @return array<string, mixed>
     */
    public function obter(string $id, ?string $empresaId = null): array
    {
        return $this->api->enviar('GET', '/v1/nfse/' . rawurlencode($id), ['empresa_id' => $empresaId])['corpo'];
    }

    /** Notes issued by the service, newest first, every page followed. */
    public function listar(?string $status = null, ?int $limite = null, ?string $cursor = null): Paginas
    {
        return new Paginas(function (?string $proximo) use ($status, $limite): array {
            $corpo = $this->api->enviar('GET', '/v1/nfse', ['status' => $status, 'limite' => $limite, 'cursor' => $proximo])['corpo'];
            return ['itens' => $corpo['dados'], 'proximo_cursor' => $corpo['proximo_cursor']];
        }, $cursor);
    }

    /**
     * Cancels an authorised note (codigo_motivo 1, 2 or 9; motivo 15 to 255 characters).
     *
     * @param array{codigo_motivo: string, motivo: string} $corpo
     * @return array<string, mixed>
     */
    public function cancelar(string $id, array $corpo, ?string $chaveIdempotencia = null, ?string $simular = null): array
    {
        return $this->api->enviar('POST', '/v1/nfse/' . rawurlencode($id) . '/cancelamento', corpo: $corpo, cabecalhos: Simulacao::cabecalhos($simular), chaveIdempotencia: $chaveIdempotencia)['corpo'];
    }

    /** Resumes a note aguardando_confirmacao, keeping or changing its competence. @return array<string, mixed> */
    public function confirmar(string $id, ?string $competencia = null): array
    {
        return $this->api->enviar('POST', '/v1/nfse/' . rawurlencode($id) . '/confirmacao', corpo: $competencia === null ? [] : ['competencia' => $competencia])['corpo'];
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
     * @return \Generator<int, array<string, mixed>>
     */
    public function acompanhar(string $id, bool $continuar = false, int $timeoutSegundos = 120): \Generator
    {
        return (new Acompanhamento($this->api, $this))->nfse($id, $continuar, $timeoutSegundos);
    }
}
