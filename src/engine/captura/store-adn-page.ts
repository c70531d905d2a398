import { Prisma } from '../../generated/prisma/client.js';
import type { EngineDeps } from '../engine-deps.js';
import { appendEvents, type NewEvent } from '../eventos/append-events.js';
import type { Tx } from '../eventos/append-events.js';
import { newId } from '../nucleo/new-id.js';
import type { AdnDocument } from './fetch-adn-page.js';
import { EVENTO_FISCAL_RECEBIDO } from './evento-fiscal-recebido.js';
import { NOTA_RECEBIDA } from './nota-recebida.js';
import { readDistributedEvent, readDistributedNfse, situacaoAfter } from './read-distributed-nfse.js';

export interface CaptureTarget {
  companyId: string;
  accountId: string;
  cnpj: string;
}

/**
 * A lot's transaction may take this long (Prisma's default is 5 s): on a loaded machine a lot can take longer,
 * and a transaction cut short leaves the company waiting for its lease to expire.
 */
export const CAPTURE_TRANSACTION_TIMEOUT_MS = 60_000;

export interface StoreOptions {
  /** Tests: runs inside the transaction after the writes and before COMMIT (a throw = a crash before commit). */
  beforeCommit?: () => Promise<void>;
}

/**
 * Stores one ADN lot for one company in ONE transaction: the new documents (once per access key), the events
 * linked to their documents, the company's NSU position and the event-log entries. A crash anywhere before
 * COMMIT leaves nothing and the NSU unchanged, so the next run asks for the same lot again; after COMMIT the
 * NSU is past it, so nothing is stored twice. `ultimoNsu` is also checked under the row lock: a lot that
 * another worker already stored (an expired lease) is dropped.
 */
export async function storeAdnPage(
  deps: Pick<EngineDeps, 'db' | 'clock'>,
  target: CaptureTarget,
  fromNsu: bigint,
  documents: AdnDocument[],
  options: StoreOptions = {},
): Promise<{ novos: number; eventos: number; ultimoNsu: bigint } | null> {
  const now = deps.clock.now();
  const lastNsu = documents.reduce((max, d) => (d.nsu > max ? d.nsu : max), fromNsu);
  return deps.db.$transaction(
    async (tx) => {
      const [state] = await tx.$queryRaw<Array<{ ultimo_nsu: bigint }>>`
      SELECT ultimo_nsu FROM capture_states WHERE company_id = ${target.companyId}::uuid AND fonte = 'ADN' FOR UPDATE`;
      if (!state || state.ultimo_nsu !== fromNsu) return null;

      const notas = documents.filter((d) => d.tipoDocumento === 'NFSE');
      const eventos = documents.filter((d) => d.tipoDocumento === 'EVENTO');
      const chaves = [...new Set([...notas, ...eventos].map((d) => d.chaveAcesso))];
      const known = new Map(
        (
          await tx.receivedDocument.findMany({
            where: { companyId: target.companyId, chaveAcesso: { in: chaves } },
            select: { id: true, chaveAcesso: true },
          })
        ).map((d) => [d.chaveAcesso, d.id]),
      );
      const lot: AdnLot = { tx, target, known, now, log: [] };
      const novos = await insertNotes(lot, notas);
      const linked = await insertEvents(lot, eventos);
      await tx.captureState.update({
        where: { companyId_fonte: { companyId: target.companyId, fonte: 'ADN' } },
        data: {
          ultimoNsu: lastNsu,
          falhas: 0,
          ultimoStatus: 'DOCUMENTOS_LOCALIZADOS',
          ultimoErro: Prisma.DbNull,
          updatedAt: now,
        },
      });
      // Last statement before COMMIT: the account's event counter stays locked for the shortest time.
      await appendEvents(tx, { accountId: target.accountId, environment: 'live', at: now, events: lot.log });
      await options.beforeCommit?.();
      return { novos, eventos: linked, ultimoNsu: lastNsu };
    },
    { timeout: CAPTURE_TRANSACTION_TIMEOUT_MS },
  );
}

/** What storing one lot's documents shares: its transaction, whose they are, the known keys and the events to append. */
interface AdnLot {
  tx: Tx;
  target: CaptureTarget;
  /** Document ids by key: those stored before and those this lot creates. */
  known: Map<string, string>;
  now: Date;
  log: NewEvent[];
}

async function insertNotes({ tx, target, known, now, log }: AdnLot, notas: AdnDocument[]) {
  const rows: NoteRow[] = [];
  for (const d of notas) {
    if (known.has(d.chaveAcesso)) continue;
    const n = readDistributedNfse(d.xml);
    const id = newId();
    known.set(d.chaveAcesso, id);
    rows.push({
      id,
      // EMITIDA when the company is the provider, wherever the note was issued.
      papel: n.emitenteDocumento === target.cnpj ? 'EMITIDA' : 'RECEBIDA',
      chave_acesso: d.chaveAcesso,
      nsu: String(d.nsu),
      numero: n.numero,
      emitente_documento: n.emitenteDocumento,
      emitente_nome: n.emitenteNome,
      tomador_documento: n.tomadorDocumento,
      valor: n.valor,
      emitida_em: n.emitidaEm?.toISOString() ?? null,
      nfse_id: null,
      xml: d.xml,
    });
    log.push({
      tipo: NOTA_RECEBIDA,
      dados: { notaId: id, empresaId: target.companyId, chaveAcesso: d.chaveAcesso, nsu: String(d.nsu) },
    });
  }
  if (rows.length === 0) return 0;
  // A note this service issued is the same document: link it so the API never shows it twice.
  const emitidas = rows.filter((r) => r.papel === 'EMITIDA').map((r) => r.chave_acesso);
  if (emitidas.length) {
    const issued = await tx.nfse.findMany({
      where: { companyId: target.companyId, environment: 'live', chaveAcesso: { in: emitidas } },
      select: { id: true, chaveAcesso: true },
    });
    const byKey = new Map(issued.map((n) => [n.chaveAcesso, n.id]));
    for (const r of rows) r.nfse_id = byKey.get(r.chave_acesso) ?? null;
  }
  // One statement for the lot, its rows as one JSON parameter: mapping large XML texts row by row through the
  // ORM would dominate the capture time.
  await tx.$executeRaw`
    INSERT INTO received_documents (id, account_id, environment, company_id, tipo, papel, chave_acesso, origem, nsu, numero,
      emitente_documento, emitente_nome, tomador_documento, valor, emitida_em, situacao, nfse_id, xml, created_at, updated_at)
    SELECT r.id, ${target.accountId}::uuid, 'live', ${target.companyId}::uuid, 'NFSE', r.papel, r.chave_acesso, 'ADN', r.nsu, r.numero,
      r.emitente_documento, r.emitente_nome, r.tomador_documento, r.valor, r.emitida_em, 'ativa', r.nfse_id, r.xml, ${now}, ${now}
    FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS r(id uuid, papel text, chave_acesso text, nsu bigint, numero text,
      emitente_documento text, emitente_nome text, tomador_documento text, valor numeric, emitida_em timestamptz, nfse_id uuid, xml text)`;
  return rows.length;
}

interface NoteRow {
  id: string;
  papel: string;
  chave_acesso: string;
  nsu: string;
  numero: string | null;
  emitente_documento: string | null;
  emitente_nome: string | null;
  tomador_documento: string | null;
  valor: string | null;
  emitida_em: string | null;
  nfse_id: string | null;
  xml: string;
}

async function insertEvents({ tx, target, known, now, log }: AdnLot, eventos: AdnDocument[]) {
  if (eventos.length === 0) return 0;
  const rows: Prisma.ReceivedDocumentEventCreateManyInput[] = [];
  const situacoes = new Map<string, string>();
  for (const d of eventos) {
    const e = readDistributedEvent(d.xml);
    const chave = e.chaveAcesso || d.chaveAcesso;
    const documentId = known.get(chave) ?? null;
    const id = newId();
    rows.push({
      id,
      accountId: target.accountId,
      environment: 'live',
      companyId: target.companyId,
      documentId,
      chaveAcesso: chave,
      origem: 'ADN',
      nsu: d.nsu,
      tipoEvento: e.tipoEvento,
      ocorridoEm: e.ocorridoEm,
      xml: d.xml,
      createdAt: now,
    });
    if (!documentId) continue;
    const situacao = situacaoAfter(e.tipoEvento);
    if (situacao) situacoes.set(documentId, situacao);
    // Only for an event of a known document.
    log.push({
      tipo: EVENTO_FISCAL_RECEBIDO,
      dados: {
        eventoId: id,
        notaId: documentId,
        empresaId: target.companyId,
        tipoEvento: e.tipoEvento,
        nsu: String(d.nsu),
      },
    });
  }
  await tx.receivedDocumentEvent.createMany({ data: rows });
  for (const [id, situacao] of situacoes)
    await tx.receivedDocument.update({ where: { id }, data: { situacao, updatedAt: now } });
  return rows.filter((r) => r.documentId).length;
}
