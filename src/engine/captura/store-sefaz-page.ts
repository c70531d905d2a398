import { Prisma } from '../../generated/prisma/client.js';
import type { EngineDeps } from '../deps.js';
import { appendEvents, type BatchEvent } from '../eventos/append-events.js';
import { newId } from '../kernel/ids.js';
import { EVENTO_FISCAL_RECEBIDO } from './capture-source.js';
import type { SefazDocument } from './sefaz-distribution-client.js';
import type { CaptureTarget, StoreOptions } from './store-adn-page.js';

export const NFE_RECEBIDA = 'NFE_RECEBIDA';

const first = (xml: string, re: RegExp) => re.exec(xml)?.[1] ?? null;

/** resNFe (summary) and procNFe (full note) carry the same facts at different paths. */
function readNfe(xml: string) {
  const emit = /<emit>([\s\S]*?)<\/emit>/.exec(xml)?.[1];
  const dhEmi = first(xml, /<dhEmi>([^<]+)<\/dhEmi>/);
  return {
    chave: first(xml, /<chNFe>(\d{44})<\/chNFe>/) ?? first(xml, /<infNFe[^>]*Id="NFe(\d{44})"/) ?? '',
    emitente: emit ? first(emit, /<CNPJ>(\d+)<\/CNPJ>/) : first(xml, /<CNPJ>(\d+)<\/CNPJ>/),
    nome: emit ? first(emit, /<xNome>([^<]*)<\/xNome>/) : first(xml, /<xNome>([^<]*)<\/xNome>/),
    numero: first(xml, /<nNF>(\d+)<\/nNF>/),
    valor: first(xml, /<vNF>([\d.]+)<\/vNF>/),
    emitidaEm: dhEmi ? new Date(dhEmi) : null,
  };
}

/**
 * Stores one NFeDistribuicaoDFe lot in one transaction with the new ultNSU (and maxNSU), as storeAdnPage does
 * for the ADN: a summary (resNFe) creates the document, a later procNFe of the same key replaces its XML;
 * resEvento/procEventoNFe become events of the document. NFE_RECEBIDA for each new document.
 */
export async function storeSefazPage(
  deps: Pick<EngineDeps, 'db' | 'clock'>,
  target: CaptureTarget,
  fromNsu: bigint,
  page: { documents: SefazDocument[]; ultNSU: bigint; maxNSU: bigint },
  options: StoreOptions = {},
): Promise<bigint | null> {
  const now = deps.clock.now();
  return deps.db.$transaction(async (tx) => {
    const [state] = await tx.$queryRaw<Array<{ ultimo_nsu: bigint }>>`
      SELECT ultimo_nsu FROM capture_states WHERE company_id = ${target.companyId}::uuid AND fonte = 'SEFAZ_NFE' FOR UPDATE`;
    if (!state || state.ultimo_nsu !== fromNsu) return null;
    const log: BatchEvent[] = [];
    for (const d of page.documents) {
      if (/^(res|proc)NFe/.test(d.schema)) {
        const n = readNfe(d.xml);
        const existing = await tx.receivedDocument.findUnique({ where: { companyId_chaveAcesso: { companyId: target.companyId, chaveAcesso: n.chave } } });
        if (existing) {
          if (d.schema.startsWith('procNFe')) await tx.receivedDocument.update({ where: { id: existing.id }, data: { xml: d.xml, updatedAt: now } });
          continue;
        }
        const id = newId();
        await tx.receivedDocument.create({
          data: {
            id,
            accountId: target.accountId,
            environment: 'live',
            companyId: target.companyId,
            tipo: 'NFE',
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
        log.push({ tipo: NFE_RECEBIDA, dados: { notaId: id, empresaId: target.companyId, chaveAcesso: n.chave, nsu: String(d.nsu) } });
      } else if (/^(resEvento|procEvento)/.test(d.schema)) {
        const chave = first(d.xml, /<chNFe>(\d{44})<\/chNFe>/) ?? '';
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
      where: { companyId_fonte: { companyId: target.companyId, fonte: 'SEFAZ_NFE' } },
      data: { ultimoNsu: page.ultNSU, maxNsu: page.maxNSU, falhas: 0, ultimoStatus: '138', ultimoErro: Prisma.DbNull, updatedAt: now },
    });
    await appendEvents(tx, { accountId: target.accountId, environment: 'live', at: now, events: log });
    await options.beforeCommit?.();
    return page.ultNSU;
  });
}
