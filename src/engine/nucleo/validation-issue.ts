/** One entry of `erros[]` of a 422 `validacao` or of `POST /v1/nfse/validacoes`. */
export interface ValidationIssue {
  /** Stable code: the API contract's codes plus ours. */
  codigo: string;
  /** JSON Pointer into the request body ("" = the body itself). */
  campo: string;
  /** pt-BR, human text; may change. */
  mensagem: string;
  /** pt-BR, how to fix. */
  correcao: string;
  /** National-system code when the rule mirrors one (e.g. E0078). */
  codigo_oficial?: string;
}
