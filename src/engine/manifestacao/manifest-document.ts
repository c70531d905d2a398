import type { DocumentManifestation } from '../../generated/prisma/client.js';
import type { Principal } from '../chaves/principal.js';
import { findDocument } from '../documentos/get-document.js';
import { presentDocument, type DocumentView } from '../documentos/present-document.js';
import { EngineError } from '../errors.js';
import { appendEvents, type Tx } from '../eventos/append-events.js';
import { announceEvents } from '../eventos/events-topic.js';
import { MINUTE } from '../nucleo/clock.js';
import { newId } from '../nucleo/new-id.js';
import { brasiliaDateTime } from '../nfse/build-dps-input.js';
import { companyCredentials } from '../empresas/company-credentials.js';
import type { TransmissionDeps } from '../transmission-deps.js';
import { buildSignedManifestation, envEventoXml } from './build-signed-manifestation.js';
import { NFE_NS } from '../xml/nfe-ns.js';
import { readBody } from '../nucleo/read-body.js';
import { manifestDocumentBody } from './manifest-document-body.js';
import { MANIFESTATIONS, manifestationByCode, type ManifestationName } from './manifestation-types.js';
import { sendEvent, type RecepcaoEventoResult } from './send-event.js';

/** A manifestation as the operation uses it, once its body is valid. */
interface ManifestationRequest {
  tipo: ManifestationName;
  justificativa: string | null;
}

/** The received NF-e being manifested. */
type ManifestedDocument = Awaited<ReturnType<typeof findDocument>>;

/** One manifestation sent: its row, the document, its event code and the signed event. */
interface ManifestationSent {
  id: string;
  doc: ManifestedDocument;
  tpEvento: string;
  evento: string;
}

/** Event-log type of a registered manifestation ({notaId, empresaId, chaveAcesso, tipoEvento, protocolo}). */
export const MANIFESTACAO_REGISTRADA = 'MANIFESTACAO_REGISTRADA';

/**
 * A manifestation still `enviando` after this long was cut off (the process died during the call) and no longer
 * blocks a new one; the client timeout is 30 s.
 */
const STALE_SENDING_MS = 2 * MINUTE;

// 135 registered and linked to the NF-e, 136 registered without the link.
const REGISTERED = new Set(['135', '136']);

/**
 * `POST /v1/documents/{id}/manifestacao`: signs the recipient's event with the company's A1, sends it to the
 * national RecepcaoEvento and records the outcome on the document (registered ones also in the event log). A
 * row `enviando`, written under the document's row lock before the call, serialises concurrent requests.
 */
export async function manifestDocument(
  deps: TransmissionDeps,
  principal: Principal,
  id: string,
  body: unknown,
): Promise<DocumentView> {
  const parsed = readBody(manifestDocumentBody, body);
  const request: ManifestationRequest = { tipo: parsed.tipo as ManifestationName, justificativa: parsed.justificativa };
  const doc = await findManifestableDocument(deps, principal, id);
  const { credentials, signer } = await companyCredentials(deps, doc.companyId);
  const company = await deps.db.company.findUniqueOrThrow({ where: { id: doc.companyId }, select: { cnpj: true } });
  const now = deps.clock.now();
  const evento = buildSignedManifestation(
    {
      tpAmb: '1',
      cnpj: company.cnpj,
      chNFe: doc.chaveAcesso,
      dhEvento: brasiliaDateTime(now),
      tipo: request.tipo,
      xJust: request.justificativa,
    },
    signer,
  );
  const sent: ManifestationSent = { id: newId(), doc, tpEvento: MANIFESTATIONS[request.tipo].tpEvento, evento };
  await deps.db.$transaction((tx) => reserveManifestation(tx, sent, request, now));

  // idLote: any 1–15 digits; the clock's milliseconds keep it unique enough per company for the authority's logs.
  const result = await sendEvent(
    deps.national.nfeEventClient(credentials),
    envEventoXml(String(now.getTime()), evento),
  );
  const at = deps.clock.now();
  if (result.kind === 'unavailable') return recordUnavailable(deps, sent, result.cause, at);
  if (result.kind === 'answered' && REGISTERED.has(result.cStat)) {
    await recordRegistered(deps, sent, result, at);
    return reload(deps, principal, doc.id);
  }
  return recordRefused(deps, sent, result, at);
}

/** Only a received NF-e takes the recipient's manifestation. */
async function findManifestableDocument(
  deps: TransmissionDeps,
  principal: Principal,
  id: string,
): Promise<ManifestedDocument> {
  const doc = await findDocument(deps, principal, id);
  if (doc.tipo !== 'NFE' || doc.papel !== 'RECEBIDA') {
    throw new EngineError(
      'documento_nao_manifestavel',
      `Só uma NF-e recebida aceita manifestação do destinatário (este documento é ${doc.tipo} ${doc.papel}).`,
      {
        correcao: 'Use o id de uma NF-e com papel RECEBIDA (GET /v1/documents?tipo=NFE&papel=RECEBIDA).',
      },
    );
  }
  return doc;
}

/** Under the document's row lock: the authority's rules against earlier manifestations, then the row `enviando`. */
async function reserveManifestation(
  tx: Tx,
  { id, doc, tpEvento, evento }: ManifestationSent,
  request: ManifestationRequest,
  now: Date,
): Promise<void> {
  await tx.$queryRaw`SELECT id FROM received_documents WHERE id = ${doc.id}::uuid FOR UPDATE`;
  const previous = await tx.documentManifestation.findMany({
    where: { documentId: doc.id, situacao: { in: ['enviando', 'registrada'] } },
  });
  assertAllowed(previous, request, now);
  await tx.documentManifestation.create({
    data: {
      id,
      accountId: doc.accountId,
      environment: doc.environment,
      companyId: doc.companyId,
      documentId: doc.id,
      tipoEvento: tpEvento,
      justificativa: request.justificativa,
      situacao: 'enviando',
      xml: evento,
      createdAt: now,
      updatedAt: now,
    },
  });
}

/** No answer: the attempt is kept as `falha_transmissao` and the caller told to repeat it. */
async function recordUnavailable(
  deps: TransmissionDeps,
  sent: ManifestationSent,
  cause: string,
  at: Date,
): Promise<never> {
  await deps.db.documentManifestation.update({
    where: { id: sent.id },
    data: { situacao: 'falha_transmissao', xMotivo: cause, updatedAt: at },
  });
  deps.logger.warn({ documentId: sent.doc.id, cause }, 'RecepcaoEvento did not answer the manifestation');
  throw new EngineError(
    'servico_indisponivel',
    'O serviço de eventos da NF-e (Ambiente Nacional) não respondeu; a manifestação não foi registrada.',
    {
      correcao: 'Repita a manifestação em alguns minutos.',
    },
  );
}

/** Registered: its procEventoNFe, the document's manifestation and MANIFESTACAO_REGISTRADA in one transaction. */
async function recordRegistered(
  deps: TransmissionDeps,
  { id, doc, tpEvento, evento }: ManifestationSent,
  result: Extract<RecepcaoEventoResult, { kind: 'answered' }>,
  at: Date,
): Promise<void> {
  await deps.db.$transaction(async (tx) => {
    await tx.documentManifestation.update({
      where: { id },
      data: {
        situacao: 'registrada',
        cStat: result.cStat,
        xMotivo: result.xMotivo,
        protocolo: result.nProt,
        registradaEm: result.dhRegEvento ? new Date(result.dhRegEvento) : at,
        xml: `<procEventoNFe xmlns="${NFE_NS}" versao="1.00">${evento}${result.retEvento}</procEventoNFe>`,
        updatedAt: at,
      },
    });
    await tx.receivedDocument.update({ where: { id: doc.id }, data: { manifestacao: tpEvento, updatedAt: at } });
    await appendEvents(tx, {
      accountId: doc.accountId,
      environment: 'live',
      at,
      events: [
        {
          tipo: MANIFESTACAO_REGISTRADA,
          dados: {
            notaId: doc.id,
            empresaId: doc.companyId,
            chaveAcesso: doc.chaveAcesso,
            tipoEvento: tpEvento,
            protocolo: result.nProt,
          },
        },
      ],
    });
  });
  await announceEvents(deps, doc.accountId, 'live');
}

/** Refused (the event or its batch): the attempt is kept as `rejeitada` with the authority's reason. */
async function recordRefused(
  deps: TransmissionDeps,
  sent: ManifestationSent,
  result: Exclude<RecepcaoEventoResult, { kind: 'unavailable' }>,
  at: Date,
): Promise<never> {
  await deps.db.documentManifestation.update({
    where: { id: sent.id },
    data: { situacao: 'rejeitada', cStat: result.cStat, xMotivo: result.xMotivo, updatedAt: at },
  });
  throw new EngineError(
    'manifestacao_recusada',
    `O Ambiente Nacional recusou a manifestação: ${result.cStat} ${result.xMotivo}`,
    {
      codigoOficial: result.cStat,
      correcao: 'Veja o motivo da SEFAZ; a tentativa recusada fica em manifestacoes do documento.',
    },
  );
}

async function reload(deps: TransmissionDeps, principal: Principal, id: string): Promise<DocumentView> {
  const doc = await findDocument(deps, principal, id);
  return presentDocument(doc, doc.eventos, doc.manifestacoes);
}

/** The authority's own rules, checked before signing anything goes out (573 duplicate, 655 ciência after a final). */
function assertAllowed(previous: DocumentManifestation[], request: ManifestationRequest, now: Date): void {
  if (previous.some((p) => p.situacao === 'enviando' && now.getTime() - p.createdAt.getTime() < STALE_SENDING_MS)) {
    throw new EngineError('manifestacao_em_andamento', 'Outra manifestação deste documento está sendo enviada.', {
      correcao: 'Espere a resposta dela (GET /v1/documents/{id}) e repita se ainda for preciso.',
    });
  }
  const registered = previous.filter((p) => p.situacao === 'registrada');
  const final = registered.find((p) => manifestationByCode(p.tipoEvento)?.final);
  if (final) {
    throw new EngineError(
      'manifestacao_ja_registrada',
      `A manifestação final ${final.tipoEvento} (${manifestationByCode(final.tipoEvento)!.name}) já foi registrada; o documento não aceita outra.`,
      {
        codigoOficial: request.tipo === 'ciencia' ? '655' : '573',
        correcao: 'Nada a fazer: veja manifestacoes em GET /v1/documents/{id}.',
      },
    );
  }
  if (request.tipo === 'ciencia' && registered.some((p) => p.tipoEvento === MANIFESTATIONS.ciencia.tpEvento)) {
    throw new EngineError('manifestacao_ja_registrada', 'A ciência da operação (210210) já foi registrada.', {
      codigoOficial: '573',
      correcao:
        'Envie a manifestação final (confirmacao, desconhecimento ou operacao_nao_realizada) quando souber o desfecho.',
    });
  }
}
