import type { Abrasf1Gateway } from '../../../autoridades/abrasf-1/abrasf-1-gateway.js';
import type { EmissionResult } from '../../../autoridades/emission-result.js';
import { keepLotProtocol } from '../keep-lot-protocol.js';
import { followLot, followLotAtOnce, resultOfLot, type DestinoLote, type LotQueries } from '../follow-lot.js';
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

/** ConsultarSituacaoLoteRps, then ConsultarLoteRps once the lot is processed, each signed as the family asks. */
export function destinoDoLote(nota: NotaAbrasf1, protocolo: string, signer: XmlSigner): Promise<DestinoLote> {
  return followLot(abrasf1LotQueries(nota, protocolo, signer));
}

function abrasf1LotQueries(nota: NotaAbrasf1, protocolo: string, signer: XmlSigner): LotQueries {
  return {
    ask: (operacao) =>
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
      ),
    situacao: (xml) => xmlText(xml, 'Situacao') as SituacaoLote | null,
    nota: (xml) => {
      const read = readAbrasfAnswer(xml);
      const nfse = read.notas.find((n) => n.rps?.numero === nota.rps.numero && n.rps.serie === nota.rps.serie);
      return {
        nfse: nfse && {
          chave: chaveAbrasf(nfse, nota.ibge),
          numero: nfse.numero,
          xml: nfse.xml,
          dataProcessamento: nfse.dataEmissao,
        },
        alertas: read.alertas,
        erros: read.erros,
      };
    },
  };
}

/**
 * Sends one note's lot (RecepcionarLoteRps) and follows it: the protocol the service answers is kept in the
 * note's `dados_documento` before anything else, so every later step asks about that lot instead of sending it
 * again; the lot is queried at once a couple of times, then by the job queue (`processing`). A note whose lot is
 * known is never sent again unless the service says it never received it (situation 1).
 */
export async function emitAbrasf1(
  deps: Pick<TransmissionDeps, 'sql'>,
  gateway: Abrasf1Gateway,
  call: ProviderCall,
): Promise<EmissionResult> {
  const nota = abrasf1Note(gateway, call);
  if (nota.dados.protocolo) {
    const destino = await destinoDoLote(nota, nota.dados.protocolo, call.signer);
    if (destino.kind !== 'nao_recebido') return resultOfLot(destino);
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
  await keepLotProtocol(deps, call.note, { ...nota.dados, protocolo });
  return followLotAtOnce(abrasf1LotQueries(nota, protocolo, call.signer));
}
