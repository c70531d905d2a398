import type { Principal } from '../chaves/principal.js';
import type { EngineDeps } from '../engine-deps.js';
import { usageCycle } from './usage-cycle.js';

export interface PorAmbiente {
  sandbox: number;
  producao: number;
}

const porAmbiente = (rows: Array<{ environment: string; n: number }>): PorAmbiente => ({
  sandbox: rows.filter((r) => r.environment === 'test').reduce((a, r) => a + r.n, 0),
  producao: rows.filter((r) => r.environment === 'live').reduce((a, r) => a + r.n, 0),
});

/**
 * `GET /v1/usage`: consumption of the account in the current cycle. Test keys may read it; it is
 * the account's consumption, so both environments are shown, each counted apart.
 */
export async function getUsage(deps: Pick<EngineDeps, 'db' | 'clock' | 'requestLog'>, principal: Principal) {
  const { ciclo, inicio, fim } = usageCycle(deps.clock.now());
  // This process counts requests in memory; what it holds is written first, its own call included.
  await deps.requestLog?.flush();
  const accountId = principal.accountId;
  const period = { gte: inicio, lt: fim };
  const [notas, nfe, lotes, documentos, requisicoes] = await Promise.all([
    deps.db.nfse.groupBy({ by: ['environment'], where: { accountId, authorizedAt: period }, _count: { _all: true } }),
    // An NF-e counts once it is authorised (a denied one consumed its number but was never issued; one in EPEC
    // contingency counts when the authoriser takes it); cancelled later, it was still issued in the cycle.
    deps.db.nfe.groupBy({ by: ['environment'], where: { accountId, authorizedAt: period }, _count: { _all: true } }),
    deps.db.nfse.groupBy({
      by: ['environment', 'loteId'],
      where: { accountId, loteId: { not: null }, createdAt: period },
    }),
    // What GET /v1/documents?papel=RECEBIDA lists: the company's own notes captured back (EMITIDA) are not received.
    deps.db.receivedDocument.groupBy({
      by: ['tipo'],
      where: { accountId, environment: 'live', papel: 'RECEBIDA', createdAt: period },
      _count: { _all: true },
    }),
    deps.db.usageCounter.findMany({ where: { accountId, ciclo } }),
  ]);
  const recebidos = (tipo: string) => documentos.find((d) => d.tipo === tipo)?._count._all ?? 0;
  return {
    ciclo,
    inicio,
    fim,
    notasEmitidas: porAmbiente(notas.map((r) => ({ environment: r.environment, n: r._count._all }))),
    nfeEmitidas: porAmbiente(nfe.map((r) => ({ environment: r.environment, n: r._count._all }))),
    documentosRecebidos: { nfse: recebidos('NFSE'), nfe: recebidos('NFE'), cte: recebidos('CTE') },
    requisicoes: porAmbiente(requisicoes.map((r) => ({ environment: r.environment, n: Number(r.requisicoes) }))),
    lotes: porAmbiente(lotes.map((r) => ({ environment: r.environment, n: 1 }))),
  };
}
