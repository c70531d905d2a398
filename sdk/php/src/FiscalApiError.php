<?php

declare(strict_types=1);

namespace FiscalApi;

/**
 * Every failure of a call: a refusal of the API (problem+json, or the {statusCode, message, error} of the
 * company, document and account routes), or a connection that failed or timed out after the retries (status 0,
 * codigo erro_de_conexao or tempo_esgotado). Decide on $codigo; $mensagem may change.
 */
final class FiscalApiError extends \RuntimeException
{
    // Routes answering {statusCode, message, error} carry no codigo: the status gives the closest one.
    private const CODIGO_DO_STATUS = [
        400 => 'requisicao_invalida', 401 => 'nao_autenticado', 403 => 'acesso_negado', 404 => 'nao_encontrado',
        409 => 'conflito', 410 => 'cursor_vencido', 412 => 'empresa_nao_pronta', 413 => 'requisicao_muito_grande',
        422 => 'validacao', 429 => 'limite_de_requisicoes',
    ];

    /**
     * @param list<array<string, mixed>> $erros
     * @param list<array<string, mixed>> $itens
     * @param array<string, mixed>|null $nfse
     */
    public function __construct(
        public readonly int $status,
        public readonly string $codigo,
        public readonly string $mensagem,
        public readonly ?string $codigo_oficial = null,
        public readonly ?string $campo = null,
        public readonly ?string $correcao = null,
        public readonly bool $retentavel = false,
        public readonly ?string $requisicao_id = null,
        public readonly array $erros = [],
        public readonly array $itens = [],
        public readonly ?string $nfse_id = null,
        public readonly ?array $nfse = null,
        public readonly ?string $cursor_mais_antigo = null,
        public readonly mixed $corpo = null,
        ?\Throwable $anterior = null,
    ) {
        parent::__construct("$codigo: $mensagem", $status, $anterior);
    }

    /** The error of an HTTP answer outside 2xx, from whichever error format the route uses. */
    public static function deResposta(int $status, mixed $corpo, ?string $requisicaoId): self
    {
        $b = is_array($corpo) ? $corpo : [];
        if (isset($b['codigo']) && is_string($b['codigo'])) {
            return new self(
                status: $status,
                codigo: $b['codigo'],
                mensagem: is_string($b['mensagem'] ?? null) ? $b['mensagem'] : $b['codigo'],
                codigo_oficial: $b['codigo_oficial'] ?? null,
                campo: $b['campo'] ?? null,
                correcao: $b['correcao'] ?? null,
                retentavel: is_bool($b['retentavel'] ?? null) ? $b['retentavel'] : ($status === 429 || $status >= 500),
                requisicao_id: is_string($b['requisicao_id'] ?? null) ? $b['requisicao_id'] : $requisicaoId,
                erros: is_array($b['erros'] ?? null) ? $b['erros'] : [],
                itens: is_array($b['itens'] ?? null) ? $b['itens'] : [],
                nfse_id: is_string($b['nfse_id'] ?? null) ? $b['nfse_id'] : null,
                nfse: is_array($b['nfse'] ?? null) ? $b['nfse'] : null,
                cursor_mais_antigo: is_string($b['cursor_mais_antigo'] ?? null) ? $b['cursor_mais_antigo'] : null,
                corpo: $corpo,
            );
        }
        $message = $b['message'] ?? null;
        $mensagem = is_array($message) ? implode('; ', $message) : (is_string($message) ? $message : "HTTP $status");
        $codigo = ($b['code'] ?? null) === 'RATE_LIMITED'
            ? 'limite_de_requisicoes'
            : (self::CODIGO_DO_STATUS[$status] ?? ($status >= 500 ? 'erro_interno' : 'erro_http'));
        return new self(status: $status, codigo: $codigo, mensagem: $mensagem, retentavel: $status === 429 || $status >= 500, requisicao_id: $requisicaoId, corpo: $corpo);
    }
}
