/**
 * The one filter of the NFS-e and NF-e lists (GET /v1/nfse, GET /v1/nfe, GraphQL `notas` and `nfes`, and the
 * export that walks them): every member given must hold. Values are as the client sent them; noteWhere checks each
 * and refuses a bad one with 400 `parametro_invalido` naming the REST query parameter.
 */
export interface NoteFilter {
  /** Any of these statuses (public names; the transport checks them against the kind's list). */
  status?: readonly string[] | null;
  /** `empresa_id`: one company of the account (and of the key's restriction). */
  empresaId?: string | null;
  /** Creation period, both bounds inclusive: a date-time with offset, or a date (whole day, Brasília time). */
  desde?: string | null;
  ate?: string | null;
  /** Notes whose referencia starts with this text. */
  referencia?: string | null;
  /** The note's number: NF-e `numero`; NFS-e the authority's `numero` or the DPS number. Digits only. */
  numero?: string | null;
  /** The access key, whole (digits). */
  chave?: string | null;
  /** The taker (NFS-e) or recipient (NF-e): only digits, a CPF/CNPJ or its start; otherwise part of the name. */
  tomador?: string | null;
  /** The note's value (NFS-e `valor`, NF-e `valor_total`), inclusive bounds, decimal strings. */
  valorMin?: string | null;
  valorMax?: string | null;
}

/** The document kinds the filter applies to. */
export type NoteKind = 'nfse' | 'nfe';
