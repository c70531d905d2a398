import type { Principal } from '../chaves/principal.js';
import type { EngineDeps } from '../engine-deps.js';
import { EngineError } from '../errors.js';
import { isUuid } from '../nucleo/new-id.js';
import { findNfe } from './find-nfe.js';
import { presentNfeEvento, type NfeEventoView } from './present-nfe-evento.js';

/**
 * The registered events of a page of notes (one statement), oldest first per note, inside the key's account
 * and environment. Rows still `enviando` are not events yet.
 */
export async function loadNfeEventos(
  deps: Pick<EngineDeps, 'db'>,
  principal: Principal,
  nfeIds: readonly string[],
): Promise<NfeEventoView[][]> {
  const rows = await deps.db.nfeEvento.findMany({
    where: {
      nfeId: { in: [...nfeIds] },
      accountId: principal.accountId,
      environment: principal.environment,
      situacao: 'registrado',
    },
    orderBy: [{ registradoEm: 'asc' }, { id: 'asc' }],
  });
  return nfeIds.map((id) => rows.filter((r) => r.nfeId === id).map(presentNfeEvento));
}

/** `GET /v1/nfe/{id}/eventos/{evento_id}/xml`: the procEventoNFe (signed evento + the authority's retEvento). */
export async function getNfeEventoXml(
  deps: Pick<EngineDeps, 'db'>,
  principal: Principal,
  id: string,
  eventoId: string,
) {
  const note = await findNfe(deps, principal, id);
  const evento = isUuid(eventoId)
    ? await deps.db.nfeEvento.findFirst({ where: { id: eventoId, nfeId: note.id, situacao: 'registrado' } })
    : null;
  if (!evento) {
    throw new EngineError('nao_encontrado', `A NF-e ${note.id} não tem o evento ${eventoId} registrado.`, {
      correcao: 'Use um id de eventos em GET /v1/nfe/{id}.',
    });
  }
  return { nfeId: note.id, eventoId: evento.id, tpEvento: evento.tpEvento, xml: evento.xml };
}
