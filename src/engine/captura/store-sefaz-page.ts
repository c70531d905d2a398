import { Prisma } from '../../generated/prisma/client.js';
import type { EngineDeps } from '../engine-deps.js';
import { appendEvents, type NewEvent } from '../eventos/append-events.js';
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

/**
 * Stores one NFeDistribuicaoDFe/CTeDistribuicaoDFe lot in one transaction with the new ultNSU (and maxNSU), as
 * storeAdnPage does for the ADN: a summary (resNFe) creates the document, a later full document of the same key
 * replaces its XML; resEvento/procEvento* become events of the document. NFE_RECEBIDA/CTE_RECEBIDA for each
 * new document.
 */
export async function storeSefazPage(
  deps: Pick<EngineDeps, 'db' | 'clock'>,
  service: SefazService,
  target: CaptureTarget,
  fromNsu: bigint,
  page: { documents: SefazDocument[]; ultNSU: bigint; maxNSU: bigint },
  options: StoreOptions = {},
): Promise<bigint | null> {
  const now = deps.clock.now();
  const keyOf = (xml: string) => first(xml, new RegExp(`<${service.keyTag}>([0-9A-Z]{44})</${service.keyTag}>`)) ?? '';
  const read = page.documents.map((d) =>
    service.documentSchema.test(d.schema)
      ? { d, doc: readDocument(service, d.xml) }
      : service.eventSchema.test(d.schema)
        ? { d, chave: keyOf(d.xml) }
        : { d },
  );
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
      const log: NewEvent[] = [];
      const created = new Map<string, Prisma.ReceivedDocumentCreateManyInput>();
      const fullXml = new Map<string, string>();
      const events: Prisma.ReceivedDocumentEventCreateManyInput[] = [];
      const cancelled = new Set<string>();
      for (const { d, doc, chave } of read) {
        if (doc) {
          const existing = known.get(doc.chave);
          if (existing) {
            // A full document replaces the summary of the same key (created earlier in this lot or before).
            if (service.fullSchema.test(d.schema)) {
              const fresh = created.get(doc.chave);
              if (fresh) fresh.xml = d.xml;
              else fullXml.set(existing, d.xml);
            }
            continue;
          }
          const id = newId();
          known.set(doc.chave, id);
          created.set(doc.chave, {
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
          log.push({
            tipo: service.recebida,
            dados: { notaId: id, empresaId: target.companyId, chaveAcesso: doc.chave, nsu: String(d.nsu) },
          });
        } else if (chave !== undefined) {
          const tipoEvento = first(d.xml, /<tpEvento>(\d{6})<\/tpEvento>/) ?? '';
          const documentId = known.get(chave) ?? null;
          const id = newId();
          events.push({
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
          if (!documentId) continue;
          if (tipoEvento === '110111') cancelled.add(documentId);
          log.push({
            tipo: EVENTO_FISCAL_RECEBIDO,
            dados: { eventoId: id, notaId: documentId, empresaId: target.companyId, tipoEvento, nsu: String(d.nsu) },
          });
        }
      }
      if (created.size) await tx.receivedDocument.createMany({ data: [...created.values()] });
      for (const [id, xml] of fullXml)
        await tx.receivedDocument.update({ where: { id }, data: { xml, updatedAt: now } });
      if (events.length) await tx.receivedDocumentEvent.createMany({ data: events });
      if (cancelled.size)
        await tx.receivedDocument.updateMany({
          where: { id: { in: [...cancelled] } },
          data: { situacao: 'cancelada', updatedAt: now },
        });
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
      await appendEvents(tx, { accountId: target.accountId, environment: 'live', at: now, events: log });
      await options.beforeCommit?.();
      return page.ultNSU;
    },
    { timeout: CAPTURE_TRANSACTION_TIMEOUT_MS },
  );
}
