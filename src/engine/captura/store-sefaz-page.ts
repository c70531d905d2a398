import { Prisma } from '../../generated/prisma/client.js';
import type { EngineDeps } from '../engine-deps.js';
import { appendEvents, type NewEvent, type Tx } from '../eventos/append-events.js';
import { newId } from '../nucleo/new-id.js';
import { EVENTO_FISCAL_RECEBIDO } from './evento-fiscal-recebido.js';
import type { SefazDocument } from './fetch-sefaz-page.js';
import type { SefazService } from './sefaz-service.js';
import { CAPTURE_TRANSACTION_TIMEOUT_MS, type CaptureTarget, type StoreOptions } from './store-adn-page.js';

const first = (xml: string, re: RegExp) => re.exec(xml)?.[1] ?? null;

/**
 * resNFe (summary), procNFe and procCTe (full documents) carry the same facts at different paths: the key in
 * chNFe/chCTe or the signed element's Id, the issuer in `emit` (a summary has it at top level).
 */
function readDocument(service: SefazService, xml: string) {
  const emit = /<emit>([\s\S]*?)<\/emit>/.exec(xml)?.[1];
  const dhEmi = first(xml, /<dhEmi>([^<]+)<\/dhEmi>/);
  return {
    chave:
      first(xml, new RegExp(`<${service.keyTag}>([0-9A-Z]{44})</${service.keyTag}>`)) ??
      first(xml, new RegExp(`<${service.signedElement}[^>]*Id="${service.idPrefix}([0-9A-Z]{44})"`)) ??
      '',
    emitente: emit ? first(emit, /<CNPJ>([0-9A-Z]+)<\/CNPJ>/) : first(xml, /<CNPJ>([0-9A-Z]+)<\/CNPJ>/),
    nome: emit ? first(emit, /<xNome>([^<]*)<\/xNome>/) : first(xml, /<xNome>([^<]*)<\/xNome>/),
    numero: first(xml, new RegExp(`<${service.numberTag}>(\\d+)</${service.numberTag}>`)),
    valor: first(xml, new RegExp(`<${service.valueTag}>([\\d.]+)</${service.valueTag}>`)),
    emitidaEm: dhEmi ? new Date(dhEmi) : null,
  };
}

type ReadDocument = ReturnType<typeof readDocument>;
/** One document of the lot as read: a document (summary or full) with its facts, an event with its key, or neither. */
interface ReadEntry {
  d: SefazDocument;
  doc?: ReadDocument;
  chave?: string;
}

/** What the lot writes, gathered first so it is written with a fixed number of statements. */
interface Lot {
  log: NewEvent[];
  created: Map<string, Prisma.ReceivedDocumentCreateManyInput>;
  fullXml: Map<string, string>;
  events: Prisma.ReceivedDocumentEventCreateManyInput[];
  cancelled: Set<string>;
}

interface LotContext {
  service: SefazService;
  target: CaptureTarget;
  now: Date;
  /** Document ids by key: those stored before and those this lot creates. */
  known: Map<string, string>;
}

function readLot(service: SefazService, documents: SefazDocument[]): ReadEntry[] {
  const keyOf = (xml: string) => first(xml, new RegExp(`<${service.keyTag}>([0-9A-Z]{44})</${service.keyTag}>`)) ?? '';
  return documents.map((d) =>
    service.documentSchema.test(d.schema)
      ? { d, doc: readDocument(service, d.xml) }
      : service.eventSchema.test(d.schema)
        ? { d, chave: keyOf(d.xml) }
        : { d },
  );
}

/** A new document, or the full document that replaces the summary of its key (created earlier in this lot or before). */
function addDocument(lot: Lot, { service, target, now, known }: LotContext, d: SefazDocument, doc: ReadDocument): void {
  const existing = known.get(doc.chave);
  if (existing) {
    if (service.fullSchema.test(d.schema)) {
      const fresh = lot.created.get(doc.chave);
      if (fresh) fresh.xml = d.xml;
      else lot.fullXml.set(existing, d.xml);
    }
    return;
  }
  const id = newId();
  known.set(doc.chave, id);
  lot.created.set(doc.chave, {
    id,
    accountId: target.accountId,
    environment: 'live',
    companyId: target.companyId,
    tipo: service.tipo,
    papel: doc.emitente === target.cnpj ? 'EMITIDA' : 'RECEBIDA',
    chaveAcesso: doc.chave,
    origem: 'SEFAZ',
    nsu: d.nsu,
    numero: doc.numero,
    emitenteDocumento: doc.emitente,
    emitenteNome: doc.nome,
    tomadorDocumento: target.cnpj,
    valor: doc.valor,
    emitidaEm: doc.emitidaEm,
    xml: d.xml,
    createdAt: now,
    updatedAt: now,
  });
  lot.log.push({
    tipo: service.recebida,
    dados: { notaId: id, empresaId: target.companyId, chaveAcesso: doc.chave, nsu: String(d.nsu) },
  });
}

/** An event of a key; announced and applied (a cancellation) only for a document we hold. */
function addEvent(lot: Lot, { target, now, known }: LotContext, d: SefazDocument, chave: string): void {
  const tipoEvento = first(d.xml, /<tpEvento>(\d{6})<\/tpEvento>/) ?? '';
  const documentId = known.get(chave) ?? null;
  const id = newId();
  lot.events.push({
    id,
    accountId: target.accountId,
    environment: 'live',
    companyId: target.companyId,
    documentId,
    chaveAcesso: chave,
    origem: 'SEFAZ',
    nsu: d.nsu,
    tipoEvento,
    ocorridoEm: null,
    xml: d.xml,
    createdAt: now,
  });
  if (!documentId) return;
  if (tipoEvento === '110111') lot.cancelled.add(documentId);
  lot.log.push({
    tipo: EVENTO_FISCAL_RECEBIDO,
    dados: { eventoId: id, notaId: documentId, empresaId: target.companyId, tipoEvento, nsu: String(d.nsu) },
  });
}

async function writeLot(tx: Tx, lot: Lot, now: Date): Promise<void> {
  if (lot.created.size) await tx.receivedDocument.createMany({ data: [...lot.created.values()] });
  for (const [id, xml] of lot.fullXml)
    await tx.receivedDocument.update({ where: { id }, data: { xml, updatedAt: now } });
  if (lot.events.length) await tx.receivedDocumentEvent.createMany({ data: lot.events });
  if (lot.cancelled.size)
    await tx.receivedDocument.updateMany({
      where: { id: { in: [...lot.cancelled] } },
      data: { situacao: 'cancelada', updatedAt: now },
    });
}

export interface StoreSefazPageOptions {
  service: SefazService;
  target: CaptureTarget;
  /** The position the lot was asked from: another worker that moved it owns the walk. */
  fromNsu: bigint;
  page: { documents: SefazDocument[]; ultNSU: bigint; maxNSU: bigint };
  options?: StoreOptions;
}

/**
 * Stores one NFeDistribuicaoDFe/CTeDistribuicaoDFe lot in one transaction with the new ultNSU (and maxNSU), as
 * storeAdnPage does for the ADN: a summary (resNFe) creates the document, a later full document of the same key
 * replaces its XML; resEvento/procEvento* become events of the document. NFE_RECEBIDA/CTE_RECEBIDA for each
 * new document.
 */
export async function storeSefazPage(
  deps: Pick<EngineDeps, 'db' | 'clock'>,
  { service, target, fromNsu, page, options = {} }: StoreSefazPageOptions,
): Promise<bigint | null> {
  const now = deps.clock.now();
  const read = readLot(service, page.documents);
  return deps.db.$transaction(
    async (tx) => {
      const [state] = await tx.$queryRaw<Array<{ ultimo_nsu: bigint }>>`
        SELECT ultimo_nsu FROM capture_states WHERE company_id = ${target.companyId}::uuid AND fonte = ${service.fonte} FOR UPDATE`;
      if (!state || state.ultimo_nsu !== fromNsu) return null;
      // The lot is stored with a fixed number of statements (one lookup, multi-row inserts, one update per kind),
      // not a few per document, so the round trips inside the transaction do not grow with the lot.
      const chaves = [...new Set(read.map((r) => r.doc?.chave ?? r.chave).filter((c): c is string => !!c))];
      const known = new Map(
        (
          await tx.receivedDocument.findMany({
            where: { companyId: target.companyId, chaveAcesso: { in: chaves } },
            select: { id: true, chaveAcesso: true },
          })
        ).map((d) => [d.chaveAcesso, d.id]),
      );
      const lot: Lot = { log: [], created: new Map(), fullXml: new Map(), events: [], cancelled: new Set() };
      const context: LotContext = { service, target, now, known };
      for (const { d, doc, chave } of read) {
        if (doc) addDocument(lot, context, d, doc);
        else if (chave !== undefined) addEvent(lot, context, d, chave);
      }
      await writeLot(tx, lot, now);
      await tx.captureState.update({
        where: { companyId_fonte: { companyId: target.companyId, fonte: service.fonte } },
        data: {
          ultimoNsu: page.ultNSU,
          maxNsu: page.maxNSU,
          falhas: 0,
          ultimoStatus: '138',
          ultimoErro: Prisma.DbNull,
          updatedAt: now,
        },
      });
      await appendEvents(tx, { accountId: target.accountId, environment: 'live', at: now, events: lot.log });
      await options.beforeCommit?.();
      return page.ultNSU;
    },
    { timeout: CAPTURE_TRANSACTION_TIMEOUT_MS },
  );
}
