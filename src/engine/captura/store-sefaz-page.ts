import { Prisma } from '../../generated/prisma/client.js';
import type { EngineDeps } from '../deps.js';
import { appendEvents, type BatchEvent } from '../eventos/append-events.js';
import { newId } from '../kernel/ids.js';
import { EVENTO_FISCAL_RECEBIDO } from './capture-source.js';
import type { SefazDocument } from './sefaz-distribution-client.js';
import type { SefazService } from './sefaz-services.js';
import type { CaptureTarget, StoreOptions } from './store-adn-page.js';

const first = (xml: string, re: RegExp) => re.exec(xml)?.[1] ?? null;

/**
 * resNFe (summary), procNFe and procCTe (full documents) carry the same facts at different paths: the key in
 * chNFe/chCTe or the signed element's Id, the issuer in `emit` (a summary has it at top level).
 */
function readDocument(service: SefazService, xml: string) {
  const emit = /<emit>([\s\S]*?)<\/emit>/.exec(xml)?.[1];
  const dhEmi = first(xml, /<dhEmi>([^<]+)<\/dhEmi>/);
  return {
    chave: first(xml, new RegExp(`<${service.keyTag}>([0-9A-Z]{44})</${service.keyTag}>`)) ?? first(xml, new RegExp(`<${service.signedElement}[^>]*Id="${service.idPrefix}([0-9A-Z]{44})"`)) ?? '',
    emitente: emit ? first(emit, /<CNPJ>(\d+)<\/CNPJ>/) : first(xml, /<CNPJ>(\d+)<\/CNPJ>/),
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
  return deps.db.$transaction(async (tx) => {
    const [state] = await tx.$queryRaw<Array<{ ultimo_nsu: bigint }>>`
      SELECT ultimo_nsu FROM capture_states WHERE company_id = ${target.companyId}::uuid AND fonte = ${service.fonte} FOR UPDATE`;
    if (!state || state.ultimo_nsu !== fromNsu) return null;
    const log: BatchEvent[] = [];
    for (const d of page.documents) {
      if (service.documentSchema.test(d.schema)) {
        const n = readDocument(service, d.xml);
        const existing = await tx.receivedDocument.findUnique({ where: { companyId_chaveAcesso: { companyId: target.companyId, chaveAcesso: n.chave } } });
        if (existing) {
          if (service.fullSchema.test(d.schema)) await tx.receivedDocument.update({ where: { id: existing.id }, data: { xml: d.xml, updatedAt: now } });
          continue;
        }
        const id = newId();
        await tx.receivedDocument.create({
          data: {
            id,
            accountId: target.accountId,
            environment: 'live',
            companyId: target.companyId,
            tipo: service.tipo,
            papel: n.emitente === target.cnpj ? 'EMITIDA' : 'RECEBIDA',
            chaveAcesso: n.chave,
            origem: 'SEFAZ',
            nsu: d.nsu,
            numero: n.numero,
            emitenteDocumento: n.emitente,
            emitenteNome: n.nome,
            tomadorDocumento: target.cnpj,
            valor: n.valor,
            emitidaEm: n.emitidaEm,
            xml: d.xml,
            createdAt: now,
            updatedAt: now,
          },
        });
        log.push({ tipo: service.recebida, dados: { notaId: id, empresaId: target.companyId, chaveAcesso: n.chave, nsu: String(d.nsu) } });
      } else if (service.eventSchema.test(d.schema)) {
        const chave = first(d.xml, new RegExp(`<${service.keyTag}>([0-9A-Z]{44})</${service.keyTag}>`)) ?? '';
        const tipoEvento = first(d.xml, /<tpEvento>(\d{6})<\/tpEvento>/) ?? '';
        const doc = await tx.receivedDocument.findUnique({ where: { companyId_chaveAcesso: { companyId: target.companyId, chaveAcesso: chave } } });
        const id = newId();
        await tx.receivedDocumentEvent.create({
          data: {
            id, accountId: target.accountId, environment: 'live', companyId: target.companyId, documentId: doc?.id ?? null,
            chaveAcesso: chave, origem: 'SEFAZ', nsu: d.nsu, tipoEvento, ocorridoEm: null, xml: d.xml, createdAt: now,
          },
        });
        if (doc && tipoEvento === '110111') await tx.receivedDocument.update({ where: { id: doc.id }, data: { situacao: 'cancelada', updatedAt: now } });
        if (doc) log.push({ tipo: EVENTO_FISCAL_RECEBIDO, dados: { eventoId: id, notaId: doc.id, empresaId: target.companyId, tipoEvento, nsu: String(d.nsu) } });
      }
    }
    await tx.captureState.update({
      where: { companyId_fonte: { companyId: target.companyId, fonte: service.fonte } },
      data: { ultimoNsu: page.ultNSU, maxNsu: page.maxNSU, falhas: 0, ultimoStatus: '138', ultimoErro: Prisma.DbNull, updatedAt: now },
    });
    await appendEvents(tx, { accountId: target.accountId, environment: 'live', at: now, events: log });
    await options.beforeCommit?.();
    return page.ultNSU;
  });
}
