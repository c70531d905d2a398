import type { AuthorityClient } from '../autoridades/authority-client.js';
import type { Prisma } from '../../generated/prisma/client.js';
import { announceEvents } from '../eventos/events-topic.js';
import type { TransmissionDeps } from '../transmission-deps.js';
import type { CaptureOutcome, CaptureRun } from './capture-company.js';
import { fetchAdnPage, type AdnDocument } from './fetch-adn-page.js';
import { nextAfterNothing, nextAfterOutage, nextAfterRejection } from './schedule-captures.js';
import { storeAdnPage } from './store-adn-page.js';

/** Documents per transaction when a backlog arrives in many lots (10 ADN lots of 50). */
const COMMIT_DOCUMENTS = 500;

/**
 * Walks one company's ADN NSU sequence from its stored position: fetch a lot, store it with the new NSU in one
 * transaction, repeat until NENHUM_DOCUMENTO_LOCALIZADO; then schedule the next run (back-off on nothing new,
 * rejections and outages) and release the lease.
 */
export async function captureAdn(
  deps: TransmissionDeps,
  { state, target, options, finish }: CaptureRun,
  client: AuthorityClient,
): Promise<CaptureOutcome> {
  let ultimoNsu = state.ultimoNsu;
  let documentos = 0;
  let buffer: AdnDocument[] = [];
  // Consecutive lots are committed together (up to COMMIT_DOCUMENTS): fewer transactions for a long backlog,
  // and the NSU still advances only with the documents it covers.
  const flush = async (): Promise<boolean> => {
    if (buffer.length === 0) return true;
    const stored = await storeAdnPage(deps, target, ultimoNsu, buffer, options);
    // null: another worker moved the position (our lease expired); it owns the walk now.
    if (!stored) return false;
    documentos += buffer.length;
    await announceEvents(deps, target.accountId, 'live');
    ultimoNsu = stored.ultimoNsu;
    buffer = [];
    return true;
  };
  // The next lot is fetched while the current ones are being stored: the network and the database overlap, and
  // the commits (and so the NSU position) stay strictly sequential.
  let pending = fetchAdnPage(client, target.cnpj, ultimoNsu);
  for (let page = 0; page < (options.maxPages ?? 400); page++) {
    const result = await pending;
    if (result.kind === 'documents') {
      buffer.push(...result.documents);
      pending = fetchAdnPage(
        client,
        target.cnpj,
        buffer.reduce((max, d) => (d.nsu > max ? d.nsu : max), ultimoNsu),
      );
      if (buffer.length >= COMMIT_DOCUMENTS && !(await flush())) return { status: 'IGNORADA', documentos, ultimoNsu };
      continue;
    }
    if (!(await flush())) return { status: 'IGNORADA', documentos, ultimoNsu };
    const at = deps.clock.now();
    if (result.kind === 'none') {
      await finish({
        nextRunAt: nextAfterNothing(at, options.intervalMs),
        falhas: 0,
        ultimoStatus: 'NENHUM_DOCUMENTO_LOCALIZADO',
      });
      return { status: documentos ? 'DOCUMENTOS_LOCALIZADOS' : 'NENHUM_DOCUMENTO_LOCALIZADO', documentos, ultimoNsu };
    }
    const falhas = state.falhas + 1;
    const rejected = result.kind === 'rejected';
    deps.logger.warn({ companyId: target.companyId, kind: result.kind }, 'ADN distribution refused the capture');
    await finish({
      nextRunAt: rejected ? nextAfterRejection(at, falhas) : nextAfterOutage(at, falhas),
      falhas,
      ultimoStatus: rejected ? 'REJEICAO' : 'INDISPONIVEL',
      ultimoErro: (result.kind === 'rejected'
        ? { status: result.status, erros: result.erros }
        : { causa: result.cause }) as Prisma.InputJsonValue,
    });
    return { status: rejected ? 'REJEICAO' : 'INDISPONIVEL', documentos, ultimoNsu };
  }
  if (!(await flush())) return { status: 'IGNORADA', documentos, ultimoNsu };
  // More lots are waiting: due again at once, so the next tick continues where this one stopped.
  await finish({ nextRunAt: deps.clock.now() });
  return { status: 'DOCUMENTOS_LOCALIZADOS', documentos, ultimoNsu };
}
