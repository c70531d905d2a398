import type { Principal } from '../chaves/principal.js';
import type { EngineDeps } from '../engine-deps.js';
import { EngineError } from '../errors.js';
import type { NfseWithTimeline } from './present-nfse.js';

// Reads in flight, per database client: a change fans out to every subscriber of a company at once, and they
// all need the same committed row. Entries leave when the read settles, so a later change reads afresh.
const inFlight = new WeakMap<object, Map<string, Promise<NfseWithTimeline | null>>>();

/**
 * The note a pub/sub message announced, read once per change however many subscribers got it, then checked
 * against each subscriber's scope (account, environment, company) exactly as findNfse scopes a lookup.
 */
export async function loadChangedNote(
  deps: Pick<EngineDeps, 'db'>,
  principal: Principal,
  id: string,
): Promise<NfseWithTimeline> {
  let reads = inFlight.get(deps.db);
  if (!reads) inFlight.set(deps.db, (reads = new Map()));
  let read = reads.get(id);
  if (!read) {
    read = deps.db.nfse.findUnique({ where: { id }, include: { timeline: true } });
    reads.set(id, read);
    void read.finally(() => reads!.delete(id)).catch(() => {});
  }
  const note = await read;
  const visible =
    note &&
    note.accountId === principal.accountId &&
    note.environment === principal.environment &&
    (!principal.companyId || note.companyId === principal.companyId);
  if (!visible) throw new EngineError('nfse_nao_encontrada', `Nenhuma nota ${id} nesta conta e ambiente.`);
  return note;
}
