import { isUuid } from '../engine/nucleo/new-id.js';

/** The note, batch and company a /v1 call touched, as the request log keeps them: ids only, each a UUID or null. */
export interface TouchedIds {
  notaId: string | null;
  loteId: string | null;
  empresaId: string | null;
}

/** The operation openapi-backend matched: its path template and the path's parameters. */
export interface MatchedRoute {
  rota: string;
  params: Record<string, string>;
}

// The resource a route's `{id}` (and a top-level answer's `id`) names, by the route's first segment.
const RESOURCE: Record<string, keyof TouchedIds> = {
  nfse: 'notaId',
  nfe: 'notaId',
  lotes: 'loteId',
  companies: 'empresaId',
};

/**
 * Reads the ids from what the call already holds, never from anything else: the path's `{id}` when it is an id
 * (not a `referencia` or an access key), the answer's own `id` on a resource's route (`/v1/nfse`,
 * `/v1/nfse/{id}`), and the `empresa_id`, `lote_id`, `nfse_id` or `nfse.id` of the answer (or of the error's
 * extra members) and of the request body. Only top-level members: nothing is searched.
 */
export function touchedIds(matched: MatchedRoute | undefined, requestBody: unknown, answer: unknown): TouchedIds {
  const ids: TouchedIds = { notaId: null, loteId: null, empresaId: null };
  const segments = matched ? matched.rota.split('/') : [];
  const resource = RESOURCE[segments[2] ?? ''];
  const given = (key: keyof TouchedIds, value: unknown) => {
    if (ids[key] === null && typeof value === 'string' && isUuid(value)) ids[key] = value;
  };
  if (resource && matched) given(resource, matched.params.id);
  const out = plainObject(answer);
  if (out) {
    if (resource && segments.length <= 4) given(resource, out.id);
    given('empresaId', out.empresa_id);
    given('loteId', out.lote_id);
    given('notaId', out.nfse_id);
    given('notaId', plainObject(out.nfse)?.id);
  }
  given('empresaId', plainObject(requestBody)?.empresa_id);
  return ids;
}

function plainObject(value: unknown): Record<string, unknown> | null {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return null;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null ? (value as Record<string, unknown>) : null;
}
