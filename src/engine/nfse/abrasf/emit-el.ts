import type { AbrasfGateway } from '../../autoridades/abrasf/abrasf-gateway.js';
import type { AuthorityClient } from '../../autoridades/authority-client.js';
import type { DeliveryFailure, EmissionResult } from '../../autoridades/emission-result.js';
import { keepLotProtocol } from './keep-lot-protocol.js';
import { followLot, followLotAtOnce, resultOfLot, type DestinoLote, type LotQueries } from './follow-lot.js';
import type { TransmissionDeps } from '../../transmission-deps.js';
import type { ProviderCall } from '../provedores/nfse-provider.js';
import { clientOfNote, dadosOfNote, perfilOfNote, prestadorOfNote, rpsOfNote } from './abrasf-note.js';
import type { IdentificacaoRps } from './build-abrasf-rps.js';
import { callAbrasf, type AbrasfAnswer } from './call-abrasf.js';
import { elOperationMessage } from './el-message.js';
import type { OperacaoAbrasf, PerfilAbrasf } from './perfil-abrasf.js';
import { chaveEl, readElAnswer } from './read-el-answer.js';

/** One EL note's calls: its city's profile and client, the provider's document and the RPS. */
export interface ChamadaEl {
  perfil: PerfilAbrasf;
  client: AuthorityClient;
  documento: string;
  rps: IdentificacaoRps;
}

/** The calls of a stored EL note. */
export function elNote(gateway: AbrasfGateway, call: ProviderCall): ChamadaEl {
  const perfil = perfilOfNote(call.note);
  const { documento } = prestadorOfNote(call.note);
  return {
    perfil,
    client: clientOfNote(gateway, call, perfil),
    documento: documento.CNPJ ?? documento.CPF!,
    rps: rpsOfNote(call.note),
  };
}

/** One EL operation of the note's city: the operation's element with its parameters, straight in the SOAP body. */
export function askEl(
  nota: ChamadaEl,
  operacao: OperacaoAbrasf,
  parametros: Parameters<typeof elOperationMessage>[2],
): Promise<AbrasfAnswer> {
  return callAbrasf(nota.client, nota.perfil, operacao, elOperationMessage(nota.perfil, operacao, parametros));
}

/**
 * ConsultarSituacaoLoteRpsEnvio, then — once the lot is processed (3 with errors, 4 with success) —
 * ConsultarLoteRpsEnvio for its notes or its messages. The queries carry no session: only the lot does.
 */
export function followElLot(nota: ChamadaEl, protocolo: string): Promise<DestinoLote> {
  return followLot(elLotQueries(nota, protocolo));
}

function elLotQueries(nota: ChamadaEl, protocolo: string): LotQueries {
  return {
    ask: (operacao) =>
      askEl(nota, operacao, [
        ['identificacaoPrestador', nota.documento],
        ['numeroProtocolo', protocolo],
      ]),
    situacao: (xml) => readElAnswer(xml).situacaoLote,
    nota: (xml) => {
      const read = readElAnswer(xml);
      // One note per lot: a lot answer whose note does not name its RPS holds ours.
      const nfse =
        read.notas.find((n) => n.rpsNumero === nota.rps.numero) ??
        (read.notas.length === 1 ? read.notas[0] : undefined);
      return {
        nfse: nfse && {
          chave: chaveEl(nfse, nota.perfil.ibge),
          numero: nfse.numero,
          xml: nfse.xml,
          dataProcessamento: nfse.dataProcessamento,
        },
        alertas: [],
        erros: read.erros,
      };
    },
  };
}

/**
 * autenticarContribuinte with the provider's CNPJ and its password at EL: the session's hash, or why the city gave
 * none. A refused login reached nothing of the note: it fails naming the setting to correct.
 */
async function openSession(nota: ChamadaEl, senha: string | undefined): Promise<{ hash: string } | DeliveryFailure> {
  const answer = await askEl(nota, 'autenticarContribuinte', [
    ['identificacaoPrestador', nota.documento],
    ['senha', senha ?? ''],
  ]);
  if (answer.kind !== 'answer')
    return answer.kind === 'timeout'
      ? { kind: 'unavailable', received: 'no', cause: 'autenticarContribuinte sem resposta' }
      : answer;
  const read = readElAnswer(answer.xml);
  // A hash is one token; a sentence in its place is the city's refusal in words.
  if (read.texto && /^\S+$/.test(read.texto) && read.erros.length === 0) return { hash: read.texto };
  const erros = read.erros.length || !read.texto ? read.erros : [{ codigo: '', descricao: read.texto }];
  const motivos = erros.map((e) => e.descricao).join('; ');
  return {
    kind: 'transmission_failed',
    status: 200,
    received: 'no',
    cause: `${nota.perfil.nome} recusou o login (autenticarContribuinte) com as credenciais_provedor da empresa${motivos ? `: ${motivos}` : ''}`,
    erros,
  };
}

/** finalizarSessao: the session is closed whatever became of the lot; its answer changes nothing. */
async function closeSession(nota: ChamadaEl, hash: string): Promise<void> {
  await askEl(nota, 'finalizarSessao', [['hashIdentificador', hash]]);
}

/**
 * Sends one note's lot as EL does (EnviarLoteRpsEnvio inside a session the company's password opens) and follows it:
 * the protocol the city answers is kept in the note's `dados_documento` before anything else, so every later step
 * asks about that lot instead of sending it again; the lot is queried at once a couple of times, then by the job
 * queue (`processing`). A note whose lot is known is sent again only when the city says it never received it.
 */
export async function emitEl(
  deps: Pick<TransmissionDeps, 'sql'>,
  gateway: AbrasfGateway,
  call: ProviderCall,
): Promise<EmissionResult> {
  const nota = elNote(gateway, call);
  const dados = dadosOfNote(call.note);
  if (dados.protocolo) {
    const destino = await followElLot(nota, dados.protocolo);
    if (destino.kind !== 'nao_recebido') return resultOfLot(destino);
  }
  const sessao = await openSession(nota, call.credenciaisProvedor?.senha ?? undefined);
  if (!('hash' in sessao)) return sessao;
  const answer = await askEl(nota, 'EnviarLoteRps', [
    ['identificacaoPrestador', nota.documento],
    ['hashIdentificador', sessao.hash],
    ['arquivo', { documento: call.note.dpsXml! }],
  ]).finally(() => closeSession(nota, sessao.hash));
  if (answer.kind !== 'answer') return answer;
  const read = readElAnswer(answer.xml);
  if (!read.protocolo)
    return {
      kind: 'rejected',
      status: 200,
      erros: read.erros.length
        ? read.erros
        : [{ codigo: '', descricao: 'Resposta sem protocolo nem mensagem de erro.' }],
    };
  await keepLotProtocol(deps, call.note, { ...dados, protocolo: read.protocolo });
  return followLotAtOnce(elLotQueries(nota, read.protocolo));
}
