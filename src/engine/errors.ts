/**
 * The one error table: every code of the API contract plus ours, with its HTTP status and whether a client
 * may repeat the call. `satisfies` makes an unmapped code a compile error; both REST formats and GraphQL
 * masking read this table and nothing else.
 */
export const ERROR_TABLE = {
  parametro_invalido: { http: 400, retentavel: false },
  requisicao_invalida: { http: 400, retentavel: false },
  nao_autenticado: { http: 401, retentavel: false },
  // Operator panel sign-in: wrong e-mail or password (one answer for both).
  credenciais_invalidas: { http: 401, retentavel: false },
  acesso_negado: { http: 403, retentavel: false },
  chave_restrita: { http: 403, retentavel: false },
  // Test key on a production-only operation.
  somente_producao: { http: 403, retentavel: false },
  nao_encontrado: { http: 404, retentavel: false },
  nfse_nao_encontrada: { http: 404, retentavel: false },
  nfe_nao_encontrada: { http: 404, retentavel: false },
  lote_nao_encontrado: { http: 404, retentavel: false },
  empresa_nao_encontrada: { http: 404, retentavel: false },
  rota_nao_encontrada: { http: 404, retentavel: false },
  produto_nao_encontrado: { http: 404, retentavel: false },
  regra_tributaria_nao_encontrada: { http: 404, retentavel: false },
  metodo_nao_permitido: { http: 405, retentavel: false },
  referencia_duplicada: { http: 409, retentavel: false },
  idempotencia_conflito: { http: 409, retentavel: false },
  conflito: { http: 409, retentavel: true },
  referencia_ambigua: { http: 409, retentavel: false },
  nfse_sem_pdf: { http: 409, retentavel: true },
  nfe_sem_documento: { http: 409, retentavel: true },
  nfse_nao_aguarda_confirmacao: { http: 409, retentavel: false },
  // NF-e events and correction in the wrong status: cancel and CC-e need `autorizada` (an already
  // cancelled note included), POST …/correcao needs `rejeitada`.
  nfe_nao_cancelavel: { http: 409, retentavel: false },
  nfe_nao_autorizada: { http: 409, retentavel: false },
  nfe_nao_rejeitada: { http: 409, retentavel: false },
  // Cancellation of a note that is not `autorizada` (still transmitting, rejected, failed) or whose substitution
  // is in progress; an already cancelled note is `cancelamento_recusado` with E0840, as the national system says.
  nfse_nao_cancelavel: { http: 409, retentavel: false },
  lote_sem_emissao_manual: { http: 409, retentavel: false },
  lote_validando: { http: 409, retentavel: false },
  lote_ja_emitido: { http: 409, retentavel: false },
  // Reprocessing a line that is not in error (in error: validation error, rejeitada, falha_transmissao with
  // dps_enviada nao); the message names the line.
  lote_linha_nao_reprocessavel: { http: 409, retentavel: false },
  empresa_duplicada: { http: 409, retentavel: false },
  // Inutilização: a number of the range is used by a note of ours that is not rejected (the message
  // and `numeros` name them), or lies in a range already voided or being voided.
  nfe_numeros_em_uso: { http: 409, retentavel: false },
  nfe_numeracao_inutilizada: { http: 409, retentavel: false },
  // Descarte applies only to a `rejeitada` note.
  nfe_nao_descartavel: { http: 409, retentavel: false },
  // NFS-e discard applies only to a note in `falha_transmissao` whose DPS never reached the national system: it
  // did (a note exists there), or the national system could not say so yet (try again later).
  nfse_nao_descartavel: { http: 409, retentavel: false },
  nfse_dps_no_sistema_nacional: { http: 409, retentavel: false },
  nfse_dps_nao_verificada: { http: 409, retentavel: true },
  // Manifestação do destinatário: only for a received NF-e; a final one (confirmação, desconhecimento,
  // operação não realizada) closes the document to any other; one already being sent blocks another for a while.
  documento_nao_manifestavel: { http: 409, retentavel: false },
  manifestacao_ja_registrada: { http: 409, retentavel: false },
  manifestacao_em_andamento: { http: 409, retentavel: true },
  empresa_pausada: { http: 409, retentavel: false },
  // An account's export (GET /v1/nfse/exportacao, /v1/nfe/exportacao) while another of its exports still streams.
  exportacao_em_andamento: { http: 409, retentavel: true },
  // The SKU is already a product of that company in this environment (the SKU identifies it).
  sku_duplicado: { http: 409, retentavel: false },
  // A SKU looked up without empresa_id exists in more than one company of the account (as referencia_ambigua).
  sku_ambiguo: { http: 409, retentavel: false },
  // Another rule of the company already has exactly these criteria: both would tie on every item they match.
  regra_tributaria_duplicada: { http: 409, retentavel: false },
  cursor_vencido: { http: 410, retentavel: false },
  // A panel invitation link that is unknown, already used or past its expiry.
  convite_invalido: { http: 410, retentavel: false },
  empresa_nao_pronta: { http: 412, retentavel: false },
  corpo_muito_grande: { http: 413, retentavel: false },
  tipo_de_conteudo_invalido: { http: 415, retentavel: false },
  validacao: { http: 422, retentavel: false },
  certificado_invalido: { http: 422, retentavel: false },
  nfse_rejeitada: { http: 422, retentavel: false },
  nfe_rejeitada: { http: 422, retentavel: false },
  nfe_denegada: { http: 422, retentavel: false },
  // The authority answered 206: the note's number was voided there; the note is descartada (transmit-nfe.ts).
  nfe_numero_inutilizado: { http: 422, retentavel: false },
  falha_transmissao: { http: 422, retentavel: false },
  cancelamento_recusado: { http: 422, retentavel: false },
  cancelamento_fora_do_prazo: { http: 422, retentavel: false },
  // NF-e CC-e: the 21st of a note (nSeqEvento 1..20, e110110_v1.00.xsd), or refused by the authority (its cStat).
  carta_correcao_limite: { http: 422, retentavel: false },
  carta_correcao_recusada: { http: 422, retentavel: false },
  // The company has REGRAS_POR_EMPRESA tax rules in this environment already.
  regras_tributarias_limite: { http: 422, retentavel: false },
  // The national event service refused the manifestação (codigo_oficial = its cStat, e.g. 573, 655, 596).
  manifestacao_recusada: { http: 422, retentavel: false },
  // The authority refused the inutilização (codigo_oficial = its cStat, e.g. 241, 206, 256).
  inutilizacao_recusada: { http: 422, retentavel: false },
  planilha_obrigatoria: { http: 422, retentavel: false },
  // The batch file is not a readable .xlsx, has no header row, or has columns that are not request fields.
  planilha_invalida: { http: 422, retentavel: false },
  simulacao_so_no_sandbox: { http: 422, retentavel: false },
  simulacao_invalida: { http: 422, retentavel: false },
  substituicao_recusada: { http: 422, retentavel: false },
  reenvio_invalido: { http: 422, retentavel: false },
  evento_nao_assinado: { http: 422, retentavel: false },
  chave_referenciada_obrigatoria: { http: 422, retentavel: false },
  // NF-e `calcular`: an item the tax engine does not cover (erros names each one); `conferir` with
  // `parar_em_divergencia`: a value that diverges from the recalculation (ajustes name each one).
  nfe_fora_de_cobertura: { http: 422, retentavel: false },
  nfe_conferencia_divergente: { http: 422, retentavel: false },
  // The export's filter matches more notes than the format's maximum (the message names both numbers).
  exportacao_muito_grande: { http: 422, retentavel: false },
  limite_de_requisicoes: { http: 429, retentavel: true },
  // Too many failed panel sign-ins for the e-mail or the client address in the window; Retry-After says when.
  entrada_bloqueada: { http: 429, retentavel: true },
  erro_interno: { http: 500, retentavel: true },
  // No SMTP configured in the service (SMTP_HOST or SMTP_URL): an e-mail asked for cannot be sent by anyone.
  email_nao_configurado: { http: 503, retentavel: false },
  servico_indisponivel: { http: 503, retentavel: true },
} as const satisfies Record<string, { http: number; retentavel: boolean }>;

export type ErrorCode = keyof typeof ERROR_TABLE;

/** One entry of `erros[]` (422 `validacao`) or of a readiness list. */
export interface ErrorItem {
  codigo: string;
  campo: string | null;
  mensagem: string;
  correcao: string | null;
  codigo_oficial?: string | null;
}

export interface EngineErrorOptions {
  campo?: string | null;
  correcao?: string | null;
  codigoOficial?: string | null;
  /** Extra members of the problem body: erros, itens, nfse_id, nfse, cursor_mais_antigo. */
  extra?: Record<string, unknown>;
  cause?: unknown;
}

export class EngineError extends Error {
  readonly codigo: ErrorCode;
  readonly campo: string | null;
  readonly correcao: string | null;
  readonly codigoOficial: string | null;
  readonly extra: Record<string, unknown>;

  constructor(codigo: ErrorCode, mensagem: string, options: EngineErrorOptions = {}) {
    super(mensagem, { cause: options.cause });
    this.name = 'EngineError';
    this.codigo = codigo;
    this.campo = options.campo ?? null;
    this.correcao = options.correcao ?? null;
    this.codigoOficial = options.codigoOficial ?? null;
    this.extra = options.extra ?? {};
  }

  get http(): number {
    return ERROR_TABLE[this.codigo].http;
  }

  get retentavel(): boolean {
    return ERROR_TABLE[this.codigo].retentavel;
  }
}

/**
 * A refused header or query parameter. `campo` is a JSON Pointer into the body, so it is null
 * here and the message names the parameter instead.
 */
export function parameterError(
  codigo: ErrorCode,
  parameter: { header: string } | { query: string },
  detail: string,
  options: Omit<EngineErrorOptions, 'campo'> = {},
): EngineError {
  const label = 'header' in parameter ? `Cabeçalho ${parameter.header}` : `Parâmetro ${parameter.query}`;
  return new EngineError(codigo, `${label}: ${detail}`, { ...options, campo: null });
}

export const isEngineError = (err: unknown): err is EngineError => err instanceof EngineError;
