import { STATUS_CODES } from 'node:http';
import type { EngineError, ErrorItem } from '../engine/errors.js';
import { boundedIssues } from '../engine/nucleo/bounded-issues.js';

export type ErrorFamily = 'problem' | 'nest';

// Routes whose errors are {statusCode, message, error}; every other route answers problem+json.
const NEST_PREFIXES = ['/v1/account', '/v1/usage', '/v1/companies', '/v1/documents', '/v1/servicos', '/v1/municipios'];

export function familyOf(path: string): ErrorFamily {
  const clean = path.split('?')[0]!;
  return NEST_PREFIXES.some((p) => clean === p || clean.startsWith(`${p}/`)) ? 'nest' : 'problem';
}

export interface ErrorResponse {
  status: number;
  contentType: string;
  body: Record<string, unknown>;
}

/** `erros[]` of an error as answered: at most `BODY_LIMITS.reportedIssues`, the rest counted in a last entry. */
const boundedErros = (err: EngineError) => boundedIssues(err.extra.erros as ErrorItem[]) as ErrorItem[];

/** problem+json with exactly the API's fields (no title/status/detail/instance). */
export function problemBody(err: EngineError, requestId: string, docsUrl: string): Record<string, unknown> {
  return {
    type: `${docsUrl}/erros/${err.codigo}`,
    codigo: err.codigo,
    codigo_oficial: err.codigoOficial,
    campo: err.campo,
    mensagem: err.message,
    correcao: err.correcao,
    retentavel: err.retentavel,
    requisicao_id: requestId,
    ...err.extra,
    // Each entry of erros[] carries the problem's own fields, codigo_oficial included even when null.
    ...(Array.isArray(err.extra.erros)
      ? { erros: boundedErros(err).map((e) => ({ ...e, codigo_oficial: e.codigo_oficial ?? null })) }
      : {}),
  };
}

/** NestJS-style body; field and correction travel inside the message strings. */
export function nestBody(err: EngineError): Record<string, unknown> {
  if (err.codigo === 'limite_de_requisicoes') return { message: err.message, code: 'RATE_LIMITED' };
  const erros = Array.isArray(err.extra.erros) ? boundedErros(err) : undefined;
  const itens = err.extra.itens as
    Array<{ item: string; situacao: string; mensagem: string; correcao: string | null }> | undefined;
  let message: string | string[];
  if (erros?.length) message = erros.map((e) => line(e.campo, e.mensagem, e.correcao));
  else if (itens?.length)
    message = itens.filter((i) => i.situacao === 'bloqueio').map((i) => line(i.item, i.mensagem, i.correcao));
  else
    message =
      err.campo && !err.message.startsWith(`${err.campo.slice(1)}:`)
        ? line(err.campo, err.message, err.correcao)
        : withFix(err.message, err.correcao);
  return { statusCode: err.http, message, error: STATUS_CODES[err.http] ?? 'Error' };
}

const line = (campo: string | null, mensagem: string, correcao: string | null) =>
  withFix(campo ? `${campo.replace(/^\//, '').replaceAll('/', '.')}: ${mensagem}` : mensagem, correcao);

const withFix = (mensagem: string, correcao: string | null) => (correcao ? `${mensagem} (${correcao})` : mensagem);

export function errorResponse(err: EngineError, path: string, requestId: string, docsUrl: string): ErrorResponse {
  if (familyOf(path) === 'nest')
    return { status: err.http, contentType: 'application/json; charset=utf-8', body: nestBody(err) };
  return {
    status: err.http,
    contentType: 'application/problem+json; charset=utf-8',
    body: problemBody(err, requestId, docsUrl),
  };
}
