import { type AuthorityClient } from '../autoridades/authority-client.js';
import type { Prisma } from '../../generated/prisma/client.js';
import { announceEvents } from '../eventos/events-topic.js';
import { HOUR } from '../nucleo/clock.js';
import type { TransmissionDeps } from '../transmission-deps.js';
import type { CaptureOutcome, CaptureRun } from './capture-company.js';
import { nextAfterNothing, nextAfterOutage, nextAfterRejection } from './schedule-captures.js';
import { fetchSefazPage } from './fetch-sefaz-page.js';
import type { SefazService } from './sefaz-service.js';
import { storeSefazPage } from './store-sefaz-page.js';

/**
 * NF-e or CT-e capture through the SEFAZ national distribution, as the authority requires: walk from the
 * stored ultNSU until ultNSU = maxNSU; when caught up or after 137 wait at least one
 * hour; 656 (Consumo Indevido) stops calls for the company for one hour.
 */
export async function captureSefaz(
  deps: TransmissionDeps,
  { state, target, options, finish }: CaptureRun,
  { service, client }: { service: SefazService; client: AuthorityClient },
): Promise<CaptureOutcome> {
  let ultimoNsu = state.ultimoNsu;
  let documentos = 0;
  for (let page = 0; page < (options.maxPages ?? 400); page++) {
    const result = await fetchSefazPage(service, client, target.cnpj, ultimoNsu);
    const at = deps.clock.now();
    if (result.kind === 'documents') {
      const stored = await storeSefazPage(deps, { service, target, fromNsu: ultimoNsu, page: result, options });
      if (stored === null) return { status: 'IGNORADA', documentos, ultimoNsu };
      documentos += result.documents.length;
      await announceEvents(deps, target.accountId, 'live');
      ultimoNsu = stored;
      if (result.ultNSU >= result.maxNSU) {
        await finish({ nextRunAt: nextAfterNothing(at, options.intervalMs), ultimoStatus: '138' });
        return { status: 'DOCUMENTOS_LOCALIZADOS', documentos, ultimoNsu };
      }
      continue;
    }
    if (result.kind === 'none') {
      await finish({
        nextRunAt: nextAfterNothing(at, options.intervalMs),
        falhas: 0,
        ultimoStatus: '137',
        maxNsu: result.maxNSU,
      });
      return { status: documentos ? 'DOCUMENTOS_LOCALIZADOS' : 'NENHUM_DOCUMENTO_LOCALIZADO', documentos, ultimoNsu };
    }
    const falhas = state.falhas + 1;
    if (result.kind === 'blocked') {
      // 656: the authority blocks the CNPJ for one hour; any call before that extends the block.
      await finish({ nextRunAt: new Date(at.getTime() + HOUR), falhas, ultimoStatus: '656' });
      return { status: 'REJEICAO', documentos, ultimoNsu };
    }
    const rejected = result.kind === 'rejected';
    await finish({
      nextRunAt: rejected ? nextAfterRejection(at, falhas) : nextAfterOutage(at, falhas),
      falhas,
      ultimoStatus: rejected ? result.cStat : 'INDISPONIVEL',
      ultimoErro: (rejected
        ? { cStat: result.cStat, xMotivo: result.xMotivo }
        : { causa: result.cause }) as Prisma.InputJsonValue,
    });
    return { status: rejected ? 'REJEICAO' : 'INDISPONIVEL', documentos, ultimoNsu };
  }
  await finish({ nextRunAt: deps.clock.now() });
  return { status: 'DOCUMENTOS_LOCALIZADOS', documentos, ultimoNsu };
}
