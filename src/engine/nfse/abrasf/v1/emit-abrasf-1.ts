import { createHash } from 'node:crypto';
import type { Abrasf1Gateway } from '../../../autoridades/abrasf-1/abrasf-1-gateway.js';
import type { DeliveryFailure, EmissionResult } from '../../../autoridades/emission-result.js';
import type { TransmissionDeps } from '../../../transmission-deps.js';
import type { XmlSigner } from '../../../xml/sign-xml.js';
import type { ProviderCall } from '../../provedores/nfse-provider.js';
import { chaveAbrasf, readAbrasfAnswer } from '../read-abrasf-answer.js';
import { xmlText } from '../xml-text.js';
import { lotQueryMessage } from './abrasf-1-message.js';
import { abrasf1Note, type NotaAbrasf1 } from './abrasf-1-note.js';
import { callAbrasf1 } from './call-abrasf-1.js';
import type { SituacaoLote } from './perfil-abrasf-1.js';
import { signAbrasf1Xml } from './sign-abrasf-1-xml.js';

/** What became of a lot, as the service's lot queries tell it. */
export type DestinoLote =
  | { kind: 'final'; result: Extract<EmissionResult, { kind: 'authorized' | 'rejected' }> }
  /** Situation 2 (não processado): still being processed. */
  | { kind: 'processando' }
  /** Situation 1 (não recebido): the service does not hold the lot. */
  | { kind: 'nao_recebido' }
  | { kind: 'sem_resposta'; failure: DeliveryFailure };

/** Waits between the lot's reception and the first queries of the same call, before the job's queue takes over. */
const CONSULTAS_IMEDIATAS_MS = [0, 250];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * ConsultarSituacaoLoteRps, then — once the lot is processed (3 with errors, 4 with success) — ConsultarLoteRps for
 * its notes or its errors.
 */
export async function destinoDoLote(nota: NotaAbrasf1, protocolo: string, signer: XmlSigner): Promise<DestinoLote> {
  const consulta = (operacao: 'ConsultarSituacaoLoteRps' | 'ConsultarLoteRps') =>
    callAbrasf1(
      nota.client,
      nota.perfil,
      operacao,
      signAbrasf1Xml(
        lotQueryMessage(nota.perfil, operacao, { prestador: nota.prestador, protocolo }),
        signer,
        { elemento: 'raiz', tipo: 'consultas' },
        nota.perfil,
      ),
    );
  const situacao = await consulta('ConsultarSituacaoLoteRps');
  if (situacao.kind !== 'answer') return { kind: 'sem_resposta', failure: situacao };
  const codigo = xmlText(situacao.xml, 'Situacao') as SituacaoLote | null;
  if (codigo === '1') return { kind: 'nao_recebido' };
  if (codigo !== '3' && codigo !== '4') {
    // Situation 2, or a message instead of a situation (the service busy with the lot): ask again later.
    return { kind: 'processando' };
  }
  const lote = await consulta('ConsultarLoteRps');
  if (lote.kind !== 'answer') return { kind: 'sem_resposta', failure: lote };
  const read = readAbrasfAnswer(lote.xml);
  const nfse = read.notas.find((n) => n.rps?.numero === nota.rps.numero && n.rps.serie === nota.rps.serie);
  if (nfse)
    return {
      kind: 'final',
      result: {
        kind: 'authorized',
        chave: chaveAbrasf(nfse, nota.ibge),
        numero: nfse.numero,
        nfseXml: nfse.xml,
        alertas: read.alertas,
        dataHoraProcessamento: nfse.dataEmissao,
      },
    };
  return {
    kind: 'final',
    result: {
      kind: 'rejected',
      status: 200,
      erros: read.erros.length
        ? read.erros
        : [{ codigo: '', descricao: 'Lote processado sem NFS-e nem mensagem de erro.' }],
    },
  };
}

/** The lot's outcome as one emission's result; a lot still processing goes back to the queue to be asked again. */
function resultOf(destino: DestinoLote): EmissionResult {
  if (destino.kind === 'final') return destino.result;
  if (destino.kind === 'sem_resposta') return destino.failure;
  return { kind: 'processing', resultado: 'lote_em_processamento' };
}

/**
 * Sends one note's lot (RecepcionarLoteRps) and follows it: the protocol the service answers is kept in the
 * note's `dados_documento` before anything else, so every later step asks about that lot instead of sending it
 * again; the lot is queried at once a couple of times, then by the job queue (`processing`). A note whose lot is
 * known is never sent again unless the service says it never received it (situation 1).
 */
export async function emitAbrasf1(
  deps: Pick<TransmissionDeps, 'db'>,
  gateway: Abrasf1Gateway,
  call: ProviderCall,
): Promise<EmissionResult> {
  const nota = abrasf1Note(gateway, call);
  if (nota.dados.protocolo) {
    const destino = await destinoDoLote(nota, nota.dados.protocolo, call.signer);
    if (destino.kind !== 'nao_recebido') return resultOf(destino);
  }
  const answer = await callAbrasf1(nota.client, nota.perfil, 'RecepcionarLoteRps', call.note.dpsXml!);
  if (answer.kind !== 'answer') return answer;
  const protocolo = xmlText(answer.xml, 'Protocolo');
  if (!protocolo) {
    const { erros } = readAbrasfAnswer(answer.xml);
    return {
      kind: 'rejected',
      status: 200,
      erros: erros.length ? erros : [{ codigo: '', descricao: 'Resposta sem protocolo nem mensagem de erro.' }],
    };
  }
  // Kept while the note still holds this document (a correction would have replaced it). The document is compared by
  // its digest: one short statement per note instead of the signed lot sent back to the database to be compared.
  const digest = createHash('md5').update(call.note.dpsXml!, 'utf8').digest('hex');
  await deps.db.$executeRaw`
    UPDATE nfse SET dados_documento = ${JSON.stringify({ ...nota.dados, protocolo })}::jsonb
    WHERE id = ${call.note.id}::uuid AND md5(convert_to(dps_xml, 'UTF8')) = ${digest}`;
  let destino: DestinoLote = { kind: 'processando' };
  for (const wait of CONSULTAS_IMEDIATAS_MS) {
    await sleep(wait);
    destino = await destinoDoLote(nota, protocolo, call.signer);
    if (destino.kind !== 'processando') break;
  }
  return resultOf(destino);
}
