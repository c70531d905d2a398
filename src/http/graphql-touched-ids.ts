import { isUuid } from '../engine/nucleo/new-id.js';
import type { TouchedIds } from '../rest/touched-ids.js';

// The resource a root field's own `id` names, by the words in the field's name (`issueNfse`, `nfe`, `createLote`,
// `updateCompany`). A field naming none (usage, requisicoes, eventos) keeps only the ids it answers or was given.
const RESOURCE: Array<[RegExp, keyof TouchedIds]> = [
  [/nfs?e/i, 'notaId'],
  [/lote/i, 'loteId'],
  [/company|compan|empresa/i, 'empresaId'],
];

/**
 * The note, batch and company a GraphQL operation touched, as the request log keeps them: read from its first root
 * field only — the field's answer (`id` when the field names a resource, and its `empresaId`, `loteId`, `nfseId`,
 * `nfse.id`) and the field's arguments (`id`, `empresaId`, `input.empresaId`). Nothing is searched deeper, and only
 * UUIDs are kept: a `referencia` or an access key is a caller's text, not an id.
 */
export function graphqlTouchedIds(
  rootField: string | null,
  args: Record<string, unknown>,
  answer: unknown,
): TouchedIds {
  const ids: TouchedIds = { notaId: null, loteId: null, empresaId: null };
  const given = (key: keyof TouchedIds, value: unknown) => {
    if (ids[key] === null && typeof value === 'string' && isUuid(value)) ids[key] = value;
  };
  const resource = rootField ? RESOURCE.find(([words]) => words.test(rootField))?.[1] : undefined;
  const out = plainObject(answer);
  if (out) {
    if (resource) given(resource, out.id);
    given('empresaId', out.empresaId);
    given('loteId', out.loteId);
    given('notaId', out.nfseId);
    given('notaId', plainObject(out.nfse)?.id);
  }
  if (resource) given(resource, args.id);
  given('empresaId', args.empresaId);
  given('empresaId', plainObject(args.input)?.empresaId);
  return ids;
}

function plainObject(value: unknown): Record<string, unknown> | null {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return null;
  return value as Record<string, unknown>;
}
