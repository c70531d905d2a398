import type { DeliveryFailure, EmissionResult } from '../../autoridades/emission-result.js';
import type { AbrasfNfse } from './read-abrasf-answer.js';
import type { AbrasfAnswer } from './call-abrasf.js';
import type { AuthorityMessage } from '../../autoridades/authority-message.js';

type FinalResult = Extract<EmissionResult, { kind: 'authorized' | 'rejected' }>;

/** What became of an asynchronous lot, as the service's two lot queries tell it. */
export type DestinoLote =
  | { kind: 'final'; result: FinalResult }
  /** Situation 2 (não processado), or a message instead of a situation (the service busy with the lot): ask again later. */
  | { kind: 'processando' }
  /** Situation 1 (não recebido): the service does not hold the lot. */
  | { kind: 'nao_recebido' }
  | { kind: 'sem_resposta'; failure: DeliveryFailure };

/** How one family asks about a lot and reads the answers. */
export interface LotQueries {
  ask(operacao: 'ConsultarSituacaoLoteRps' | 'ConsultarLoteRps'): Promise<AbrasfAnswer>;
  /** The `Situacao` code of the situation query's answer, or null when it holds messages instead. */
  situacao(xml: string): string | null;
  /** The lot query's answer: the note of our RPS, if the lot holds it, and the service's messages. */
  nota(xml: string): { nfse: FoundNote | undefined; alertas: AuthorityMessage[]; erros: AuthorityMessage[] };
}

/** A note found in a processed lot, with the key it is stored under. */
export interface FoundNote extends Pick<AbrasfNfse, 'numero' | 'xml'> {
  chave: string;
  dataProcessamento: string | null;
}

/**
 * ConsultarSituacaoLoteRps, then — once the lot is processed (3 with errors, 4 with success) — ConsultarLoteRps for
 * its notes or its messages. Only the note found is an authorisation; a processed lot without it is a rejection.
 */
export async function followLot(queries: LotQueries): Promise<DestinoLote> {
  const situacao = await queries.ask('ConsultarSituacaoLoteRps');
  if (situacao.kind !== 'answer') return { kind: 'sem_resposta', failure: situacao };
  const codigo = queries.situacao(situacao.xml);
  if (codigo === '1') return { kind: 'nao_recebido' };
  if (codigo !== '3' && codigo !== '4') return { kind: 'processando' };
  const lote = await queries.ask('ConsultarLoteRps');
  if (lote.kind !== 'answer') return { kind: 'sem_resposta', failure: lote };
  const { nfse, alertas, erros } = queries.nota(lote.xml);
  if (nfse)
    return {
      kind: 'final',
      result: {
        kind: 'authorized',
        chave: nfse.chave,
        numero: nfse.numero,
        nfseXml: nfse.xml,
        alertas,
        ...(nfse.dataProcessamento ? { dataHoraProcessamento: nfse.dataProcessamento } : {}),
      },
    };
  return {
    kind: 'final',
    result: {
      kind: 'rejected',
      status: 200,
      erros: erros.length ? erros : [{ codigo: '', descricao: 'Lote processado sem NFS-e nem mensagem de erro.' }],
    },
  };
}

/** The lot's outcome as one emission's result; a lot still processing goes back to the queue to be asked again. */
export function resultOfLot(destino: DestinoLote): EmissionResult {
  if (destino.kind === 'final') return destino.result;
  if (destino.kind === 'sem_resposta') return destino.failure;
  return { kind: 'processing', resultado: 'lote_em_processamento' };
}

/** Waits between the lot's reception and the first queries of the same call, before the job's queue takes over. */
const CONSULTAS_IMEDIATAS_MS = [0, 250];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The lot just received, asked at once a couple of times; still processing after that, it is the queue's. */
export async function followLotAtOnce(queries: LotQueries): Promise<EmissionResult> {
  let destino: DestinoLote = { kind: 'processando' };
  for (const wait of CONSULTAS_IMEDIATAS_MS) {
    await sleep(wait);
    destino = await followLot(queries);
    if (destino.kind !== 'processando') break;
  }
  return resultOfLot(destino);
}
