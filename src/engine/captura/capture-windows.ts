import type { Prisma } from '../../generated/prisma/client.js';
import { appendEvents, type NewEvent } from '../eventos/append-events.js';
import { announceEvents } from '../eventos/events-topic.js';
import { DAY } from '../nucleo/clock.js';
import { newId } from '../nucleo/new-id.js';
import type { TransmissionDeps } from '../transmission-deps.js';
import type { CaptureOptions, CaptureOutcome, CaptureRun } from './capture-company.js';
import { NOTA_RECEBIDA } from './nota-recebida.js';
import { nextAfterNothing, nextAfterOutage, nextAfterRejection } from './schedule-captures.js';
import { CAPTURE_TRANSACTION_TIMEOUT_MS, type CaptureTarget } from './store-adn-page.js';

/** A city's query of received notes answers at most 31 days per call and 50 notes per page. */
const WINDOW_DAYS = 31;
export const CITY_PAGE = 50;
const PAGES = 100_000;

/** A note of a city's page, as it is stored for the company. */
export interface CityNote {
  chave: string;
  numero: string;
  emitenteDocumento: string | null;
  tomadorDocumento: string | null;
  valor: string | null;
  emitidaEm: Date | null;
  cancelada: boolean;
  xml: string;
}

/** One page of a city's query, or why there is none. */
export type CityPage =
  { kind: 'page'; notes: CityNote[] } | { kind: 'failed'; rejected: boolean; erro: Prisma.InputJsonValue };

/** Asks a city for one page of the notes issued to the company in [inicio, fim] (ISO dates, city time). */
export type FetchCityPage = (window: { inicio: string; fim: string; pagina: number }) => Promise<CityPage>;

/** Where the walk is: the window's first day and the next page to ask, kept in the capture row's `ultimo_nsu`. */
interface Cursor {
  inicio: string;
  pagina: number;
}
const dayOf = (iso: string) => Math.round(Date.parse(`${iso}T00:00:00Z`) / DAY);
const isoOf = (day: number) => new Date(day * DAY).toISOString().slice(0, 10);
const encode = (c: Cursor) => BigInt(dayOf(c.inicio)) * BigInt(PAGES) + BigInt(c.pagina);
function decode(value: bigint, today: string): Cursor {
  // First run: the last 31 days.
  if (value === 0n) return { inicio: isoOf(dayOf(today) - (WINDOW_DAYS - 1)), pagina: 1 };
  return { inicio: isoOf(Number(value / BigInt(PAGES))), pagina: Number(value % BigInt(PAGES)) };
}

/**
 * Notes a city's own system lists as issued to the company, walked in windows of 31 days and pages of 50. Each page
 * is stored with the position after it in one transaction, so a restart mid-window asks for the next page, and a note
 * already stored (the open window is read again on each run) is never stored twice.
 */
export async function captureWindows(
  deps: TransmissionDeps,
  { state, target, options, finish }: CaptureRun,
  { fonte, fetchPage }: { fonte: string; fetchPage: FetchCityPage },
): Promise<CaptureOutcome> {
  // The city writes its local time (UTC−03:00): its day, not UTC's, closes a window.
  const today = new Date(deps.clock.now().getTime() - 3 * 3_600_000).toISOString().slice(0, 10);
  let position = state.ultimoNsu;
  let documentos = 0;
  for (let calls = 0; calls < (options.maxPages ?? 400); calls++) {
    const cursor = decode(position, today);
    const fim = isoOf(Math.min(dayOf(cursor.inicio) + WINDOW_DAYS - 1, dayOf(today)));
    const page = await fetchPage({ inicio: cursor.inicio, fim, pagina: cursor.pagina });
    const at = deps.clock.now();
    if (page.kind === 'failed') {
      const falhas = state.falhas + 1;
      await finish({
        nextRunAt: page.rejected ? nextAfterRejection(at, falhas) : nextAfterOutage(at, falhas),
        falhas,
        ultimoStatus: page.rejected ? 'REJEICAO' : 'INDISPONIVEL',
        ultimoErro: page.erro,
      });
      return { status: page.rejected ? 'REJEICAO' : 'INDISPONIVEL', documentos, ultimoNsu: position };
    }
    const full = page.notes.length >= CITY_PAGE;
    const closed = fim < today;
    // A full page: the next one. The window done: the next window if this one is over, else page 1 of it next run.
    const next: Cursor = full
      ? { inicio: cursor.inicio, pagina: cursor.pagina + 1 }
      : closed
        ? { inicio: isoOf(dayOf(fim) + 1), pagina: 1 }
        : { inicio: cursor.inicio, pagina: 1 };
    const stored = await storePage(deps, {
      fonte,
      target,
      from: position,
      to: encode(next),
      notes: page.notes,
      options,
    });
    if (stored === null) return { status: 'IGNORADA', documentos, ultimoNsu: position };
    documentos += stored;
    if (stored) await announceEvents(deps, target.accountId, 'live');
    position = encode(next);
    if (!full && !closed) {
      await finish({
        nextRunAt: nextAfterNothing(at, options.intervalMs),
        falhas: 0,
        ultimoStatus: documentos ? 'DOCUMENTOS_LOCALIZADOS' : 'NENHUM_DOCUMENTO_LOCALIZADO',
      });
      return {
        status: documentos ? 'DOCUMENTOS_LOCALIZADOS' : 'NENHUM_DOCUMENTO_LOCALIZADO',
        documentos,
        ultimoNsu: position,
      };
    }
  }
  await finish({ nextRunAt: deps.clock.now() });
  return { status: 'DOCUMENTOS_LOCALIZADOS', documentos, ultimoNsu: position };
}

interface StorePageOptions {
  fonte: string;
  target: CaptureTarget;
  /** The position the page was asked from, and the one after it. */
  from: bigint;
  to: bigint;
  notes: CityNote[];
  options: CaptureOptions;
}

/** One page and the position after it, in one transaction; null when another worker moved the position meanwhile. */
async function storePage(
  deps: TransmissionDeps,
  { fonte, target, from, to, notes, options }: StorePageOptions,
): Promise<number | null> {
  const now = deps.clock.now();
  return deps.db.$transaction(
    async (tx) => {
      const [state] = await tx.$queryRaw<Array<{ ultimo_nsu: bigint }>>`
      SELECT ultimo_nsu FROM capture_states WHERE company_id = ${target.companyId}::uuid AND fonte = ${fonte} FOR UPDATE`;
      if (!state || state.ultimo_nsu !== from) return null;
      const log: NewEvent[] = [];
      let novos = 0;
      for (const note of notes) {
        const id = newId();
        const inserted = await tx.receivedDocument.createMany({
          data: [
            {
              id,
              accountId: target.accountId,
              environment: 'live',
              companyId: target.companyId,
              tipo: 'NFSE',
              papel: note.emitenteDocumento === target.cnpj ? 'EMITIDA' : 'RECEBIDA',
              chaveAcesso: note.chave,
              origem: fonte,
              nsu: 0n,
              numero: note.numero,
              emitenteDocumento: note.emitenteDocumento,
              tomadorDocumento: note.tomadorDocumento,
              valor: note.valor,
              emitidaEm: note.emitidaEm,
              situacao: note.cancelada ? 'cancelada' : 'ativa',
              xml: note.xml,
              createdAt: now,
              updatedAt: now,
            },
          ],
          skipDuplicates: true,
        });
        if (inserted.count === 0) continue;
        novos += 1;
        log.push({
          tipo: NOTA_RECEBIDA,
          dados: { notaId: id, empresaId: target.companyId, chaveAcesso: note.chave, origem: fonte },
        });
      }
      await tx.captureState.update({
        where: { companyId_fonte: { companyId: target.companyId, fonte } },
        data: { ultimoNsu: to, falhas: 0, updatedAt: now },
      });
      await appendEvents(tx, { accountId: target.accountId, environment: 'live', at: now, events: log });
      await options.beforeCommit?.();
      return novos;
    },
    { timeout: CAPTURE_TRANSACTION_TIMEOUT_MS },
  );
}
