import type { Principal } from '../engine/chaves/principal.js';
import type { EngineDeps } from '../engine/engine-deps.js';
import { EngineError } from '../engine/errors.js';
import { writeExport, type ExportFormato, type ExportItem } from '../engine/nucleo/write-export.js';
import { connectionPage } from './connection-page.js';
import type { RawBody, RawContext } from './rest-operation.js';

/**
 * The most notes one export carries: a ZIP renders a PDF per note, a CSV only reads. A filter that matches more is
 * refused (422 `exportacao_muito_grande`, naming both numbers) before anything is written; nothing is cut short.
 */
export const EXPORT_LIMITS: Record<ExportFormato, number> = { csv: 50_000, zip: 10_000 };

/** Notes per request unit charged to the caller's minute, beyond the call's own unit (docs/nfse.md). */
export const EXPORT_NOTES_PER_UNIT: Record<ExportFormato, number> = { csv: 1_000, zip: 100 };

/** The list's page size the export reads with (the largest every list accepts). */
export const EXPORT_PAGE = 100;

/** What an export of one kind of note is made of; the list's own document and variables select the notes. */
export interface ExportKind {
  noun: 'nfse' | 'nfe';
  columns: readonly string[];
  numeric: ReadonlySet<number>;
  /** The list operation's variables for the request (its filters), at the export's page size. */
  variables: Record<string, unknown>;
  items(
    deps: Pick<EngineDeps, 'db'>,
    principal: Principal,
    idPages: AsyncIterable<string[]>,
  ): AsyncIterable<ExportItem>;
}

// Accounts (and environment) with an export streaming in this process: one at a time each.
const running = new Set<string>();

/**
 * The list's document with the connection's `totalCount` beside its page: the export counts the notes its filter
 * matches (the same COUNT as a dashboard's) before it writes anything. Built from the list operation's document, so
 * every filter the list accepts selects the export's notes too.
 */
export function exportDocument(listDocument: string): string {
  const anchor = 'pageInfo {';
  if (!listDocument.includes(anchor)) throw new Error(`list document without ${anchor}:\n${listDocument}`);
  return listDocument.replace(anchor, `totalCount ${anchor}`);
}

/**
 * `GET /v1/{nfse,nfe}/exportacao`: the notes the list's filters select, newest first, as CSV or as a ZIP of each
 * document's files with the CSV as index, streamed while the list is read page by page (its cursor). Refused before
 * any byte: 422 over EXPORT_LIMITS, 409 `exportacao_em_andamento` while the account's previous export streams here,
 * 429 when the export's units pass the caller's minute.
 */
export async function streamExport(data: Record<string, unknown>, ctx: RawContext, kind: ExportKind): Promise<RawBody> {
  const formato: ExportFormato = ctx.req.query.formato === 'zip' ? 'zip' : 'csv';
  const total = Number(data.total_count);
  const maximo = EXPORT_LIMITS[formato];
  if (total > maximo) {
    throw new EngineError(
      'exportacao_muito_grande',
      `O filtro seleciona ${total} notas; uma exportação ${formato} leva no máximo ${maximo}.`,
      {
        correcao: 'Restrinja o filtro (período, empresa, status) e exporte em partes.',
        extra: { total, maximo },
      },
    );
  }
  const slot = `${ctx.principal.accountId}:${ctx.principal.environment}`;
  if (running.has(slot)) {
    throw new EngineError('exportacao_em_andamento', 'Outra exportação desta conta ainda está em andamento.', {
      correcao: 'Espere o fim do download anterior e repita.',
    });
  }
  running.add(slot);
  const release = () => running.delete(slot);
  try {
    const units = Math.ceil(total / EXPORT_NOTES_PER_UNIT[formato]);
    if (units > 0 && ctx.charge) await ctx.charge(units);
    const pages = idPages(data, ctx, kind.variables, maximo);
    const { stream, contentType } = writeExport(
      ctx.engine,
      {
        formato,
        columns: kind.columns,
        numeric: kind.numeric,
        items: kind.items(ctx.engine, ctx.principal, pages),
        indexName: `${kind.noun}.csv`,
      },
      release,
    );
    const at = ctx.engine.clock
      .now()
      .toISOString()
      .replace(/[-:]|\.\d+/g, '');
    return { contentType, body: stream, filename: `${kind.noun}-exportacao-${at}.${formato}` };
  } catch (err) {
    release();
    throw err;
  }
}

/** The ids of each page of the list: the first as the call's document read it, the next ones by its cursor. */
async function* idPages(
  first: Record<string, unknown>,
  ctx: RawContext,
  variables: Record<string, unknown>,
  maximo: number,
): AsyncGenerator<string[]> {
  let page = connectionPage(first);
  for (let given = 0; ;) {
    // Never past the maximum, even when notes that joined the filter meanwhile would add to it.
    const ids = page.nodes.slice(0, maximo - given).map((n) => String(n.id));
    given += ids.length;
    yield ids;
    if (!page.proximoCursor || given >= maximo) return;
    page = connectionPage(await ctx.rerun({ ...variables, cursor: page.proximoCursor }));
  }
}
