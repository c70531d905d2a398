import type { RestRequest } from '../rest-operation.js';

/**
 * The notes' filter (NoteFilter) of GET /v1/nfse and GET /v1/nfe, one query parameter per member of the lists'
 * GraphQL filter input. The members are spelled out one by one: an input-object variable would be taken for the
 * body (prepared-document.ts).
 */
export function noteFilterQuery(statusType: 'NfseStatus' | 'NfeStatus'): { variables: string; filtro: string } {
  return {
    variables:
      `$status: [${statusType}!], $empresaId: ID, $desde: String, $ate: String, $referencia: String, $numero: String, ` +
      '$chave: String, $tomador: String, $valorMin: Decimal, $valorMax: Decimal',
    filtro:
      '{ status: $status, empresaId: $empresaId, desde: $desde, ate: $ate, referenciaPrefixo: $referencia, ' +
      'numero: $numero, chave: $chave, tomador: $tomador, valorMin: $valorMin, valorMax: $valorMax }',
  };
}

/** The filter's variables from the query string (status apart: each list checks its own names). */
export function noteFilterVariables(req: RestRequest): Record<string, string | null> {
  const q = (name: string) => {
    const value = req.query[name];
    return typeof value === 'string' && value !== '' ? value : null;
  };
  return {
    empresaId: q('empresa_id'),
    desde: q('desde'),
    ate: q('ate'),
    referencia: q('referencia'),
    numero: q('numero'),
    chave: q('chave'),
    tomador: q('tomador'),
    valorMin: q('valor_min'),
    valorMax: q('valor_max'),
  };
}
