import type { Principal } from '../chaves/principal.js';
import type { EngineDeps } from '../engine-deps.js';
import { EngineError } from '../errors.js';
import { loteView, type LoteView } from './present-lote.js';

type Loaded = { view: LoteView; accountId: string; environment: string; companyId: string } | null;

// Reads in flight, per database client: a change fans out to every subscriber of the account at once, and they
// all need the same committed batch and counts. Entries leave when the read settles, so a later change reads afresh.
const inFlight = new WeakMap<object, Map<string, Promise<Loaded>>>();

/**
 * The batch a pub/sub message announced, with `contagens`, read once per change however many subscribers got
 * it, then checked against each subscriber's scope (account, environment, company) exactly as findLote scopes
 * a lookup.
 */
export async function loadChangedLote(
  deps: Pick<EngineDeps, 'db'>,
  principal: Principal,
  id: string,
): Promise<LoteView> {
  let reads = inFlight.get(deps.db);
  if (!reads) inFlight.set(deps.db, (reads = new Map()));
  let read = reads.get(id);
  if (!read) {
    read = readLote(deps, id);
    reads.set(id, read);
    void read.finally(() => reads!.delete(id)).catch(() => {});
  }
  const lote = await read;
  const visible =
    lote &&
    lote.accountId === principal.accountId &&
    lote.environment === principal.environment &&
    (!principal.companyId || lote.companyId === principal.companyId);
  if (!visible) throw new EngineError('lote_nao_encontrado', `Lote ${id} não encontrado.`);
  return lote.view;
}

async function readLote(deps: Pick<EngineDeps, 'db'>, id: string): Promise<Loaded> {
  const lote = await deps.db.lote.findUnique({ where: { id } });
  return (
    lote && {
      view: await loteView(deps.db, lote),
      accountId: lote.accountId,
      environment: lote.environment,
      companyId: lote.companyId,
    }
  );
}
