/** One entry of `erros[]` of a 422 `validacao` or of `POST /v1/nfse/validacoes` (spec 2.5, 7.1). */
export interface ValidationIssue {
  /** Stable code (spec 7.3 "Codes inside erros[]" plus ours; see README of this folder). */
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
