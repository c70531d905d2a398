import type { components } from './generated/openapi.js';

type Problem = components['schemas']['Problem'];
export type ErroItem = components['schemas']['ErrorItem'];
export type ItemProntidao = components['schemas']['ReadinessItem'];
export type Nfse = components['schemas']['Nfse'];

// The routes that answer {statusCode, message, error} carry no codigo: the status gives the closest code of the
// problem+json table, so a caller decides on `codigo` whatever the route.
const CODIGO_DO_STATUS: Record<number, string> = {
  400: 'requisicao_invalida',
  401: 'nao_autenticado',
  403: 'acesso_negado',
  404: 'nao_encontrado',
  409: 'conflito',
  410: 'cursor_vencido',
  412: 'empresa_nao_pronta',
  413: 'requisicao_muito_grande',
  422: 'validacao',
  429: 'limite_de_requisicoes',
};

/**
 * Every failure of a call: a refusal of the API (problem+json or the `{statusCode, message, error}` of the
 * company, document and account routes), or a connection that failed or timed out after the retries
 * (`status` 0, `codigo` `erro_de_conexao` or `tempo_esgotado`). Decide on `codigo`; `mensagem` may change.
 */
export class FiscalApiError extends Error {
  readonly status: number;
  readonly codigo: string;
  readonly codigo_oficial: string | null;
  /** JSON Pointer into the request body, or null. */
  readonly campo: string | null;
  readonly mensagem: string;
  readonly correcao: string | null;
  readonly retentavel: boolean;
  /** The call's `X-Request-Id` (null when no answer arrived). */
  readonly requisicao_id: string | null;
  readonly erros: ErroItem[];
  /** 412 `empresa_nao_pronta`: the readiness items. */
  readonly itens: ItemProntidao[];
  /** 409 `referencia_duplicada`: the existing note. */
  readonly nfse_id: string | null;
  /** 422 `nfse_rejeitada`, `falha_transmissao`, `cancelamento_recusado`: the note as it now is. */
  readonly nfse: Nfse | null;
  /** 410 `cursor_vencido`: where to continue reading the event log. */
  readonly cursor_mais_antigo: string | null;
  /** The body as received. */
  readonly corpo: unknown;

  constructor(fields: {
    status: number;
    codigo: string;
    mensagem: string;
    codigo_oficial?: string | null;
    campo?: string | null;
    correcao?: string | null;
    retentavel?: boolean;
    requisicao_id?: string | null;
    erros?: ErroItem[];
    itens?: ItemProntidao[];
    nfse_id?: string | null;
    nfse?: Nfse | null;
    cursor_mais_antigo?: string | null;
    corpo?: unknown;
    cause?: unknown;
  }) {
    super(`${fields.codigo}: ${fields.mensagem}`, fields.cause === undefined ? undefined : { cause: fields.cause });
    this.name = 'FiscalApiError';
    this.status = fields.status;
    this.codigo = fields.codigo;
    this.mensagem = fields.mensagem;
    this.codigo_oficial = fields.codigo_oficial ?? null;
    this.campo = fields.campo ?? null;
    this.correcao = fields.correcao ?? null;
    this.retentavel = fields.retentavel ?? false;
    this.requisicao_id = fields.requisicao_id ?? null;
    this.erros = fields.erros ?? [];
    this.itens = fields.itens ?? [];
    this.nfse_id = fields.nfse_id ?? null;
    this.nfse = fields.nfse ?? null;
    this.cursor_mais_antigo = fields.cursor_mais_antigo ?? null;
    this.corpo = fields.corpo ?? null;
  }

  /** The error of an HTTP answer outside 2xx, from whichever of the two error formats the route uses. */
  static deResposta(status: number, corpo: unknown, requisicaoId: string | null): FiscalApiError {
    const body = (corpo && typeof corpo === 'object' ? corpo : {}) as Record<string, unknown>;
    if (typeof body.codigo === 'string') {
      const p = body as Partial<Problem> & Record<string, unknown>;
      return new FiscalApiError({
        status,
        codigo: p.codigo!,
        mensagem: typeof p.mensagem === 'string' ? p.mensagem : p.codigo!,
        codigo_oficial: p.codigo_oficial ?? null,
        campo: p.campo ?? null,
        correcao: p.correcao ?? null,
        retentavel: typeof p.retentavel === 'boolean' ? p.retentavel : status === 429 || status >= 500,
        requisicao_id: typeof p.requisicao_id === 'string' ? p.requisicao_id : requisicaoId,
        erros: Array.isArray(p.erros) ? p.erros : [],
        itens: Array.isArray(p.itens) ? p.itens : [],
        nfse_id: typeof p.nfse_id === 'string' ? p.nfse_id : null,
        nfse: p.nfse && typeof p.nfse === 'object' ? (p.nfse as unknown as Nfse) : null,
        cursor_mais_antigo: typeof p.cursor_mais_antigo === 'string' ? p.cursor_mais_antigo : null,
        corpo,
      });
    }
    const message = body.message;
    const mensagem = Array.isArray(message)
      ? message.join('; ')
      : typeof message === 'string'
        ? message
        : `HTTP ${status}`;
    const codigo =
      body.code === 'RATE_LIMITED'
        ? 'limite_de_requisicoes'
        : (CODIGO_DO_STATUS[status] ?? (status >= 500 ? 'erro_interno' : 'erro_http'));
    return new FiscalApiError({
      status,
      codigo,
      mensagem,
      retentavel: status === 429 || status >= 500,
      requisicao_id: requisicaoId,
      corpo,
    });
  }
}
