import type { AbrasfGateway } from '../../autoridades/abrasf/abrasf-gateway.js';
import { EngineError } from '../../errors.js';
import { presentNfse } from '../present-nfse.js';
import type { CancellationReason } from '../cancellation-input.js';
import type { CancellationRecord, NfseProvider, ProviderCancellation } from '../provedores/nfse-provider.js';
import { cancelarNfseMessage } from './abrasf-message.js';
import { clientOfNote, perfilOfNote, prestadorOfNote, requerenteOfNote } from './abrasf-note.js';
import { callAbrasf } from './call-abrasf.js';
import { queryAbrasfRps } from './query-abrasf-rps.js';
import { readAbrasfAnswer } from './read-abrasf-answer.js';
import { signAbrasfXml } from './sign-abrasf-xml.js';
import { xmlElements, xmlText } from './xml-text.js';

type CancelCall = Parameters<NfseProvider['cancel']>[0];

/** cMotivo of the cancellation request (1 erro na emissão, 2 serviço não prestado, 9 outros) → ABRASF CodigoCancelamento. */
const CODIGO_CANCELAMENTO: Record<CancellationReason, '1' | '2'> = { '1': '1', '2': '2', '9': '1' };

/** The cancellation as the city registered it; its CodigoCancelamento is not the API's codigo_motivo, which stays the one asked. */
function cancellationRecord(ret: { dataHora: string | null; xml: string }, numero: string): CancellationRecord {
  const em = ret.dataHora ? new Date(ret.dataHora) : null;
  return {
    em: em && !Number.isNaN(em.getTime()) ? em.toISOString() : null,
    protocolo: { numero_nfse: numero, data_hora: ret.dataHora },
    xml: ret.xml,
  };
}

/**
 * CancelarNfse of an authorised note; a lost answer, or "already cancelled", is looked up with ConsultarNfsePorRps.
 * Where the city's service offers no CancelarNfse, nothing is sent: 422 `cancelamento_recusado`, the note stays
 * `autorizada` and is cancelled in the city's portal.
 */
export async function cancelAbrasf(gateway: AbrasfGateway, call: CancelCall): Promise<ProviderCancellation> {
  const perfil = perfilOfNote(call.note);
  if (!perfil.operacoes.includes('CancelarNfse'))
    throw new EngineError(
      'cancelamento_recusado',
      `O serviço de NFS-e de ${perfil.nome} (${perfil.familia} ${perfil.versao}) não cancela notas por web service; nada foi enviado e a nota continua autorizada.`,
      {
        correcao: `Cancele a NFS-e ${call.note.numero} no portal da prefeitura de ${perfil.nome}; a nota continua autorizada aqui.`,
        extra: { nfse: presentNfse(call.note) },
      },
    );
  const numero = call.note.numero!;
  const pedido = {
    numeroNfse: numero,
    prestador: prestadorOfNote(call.note),
    codigoMunicipio: perfil.ibge,
    codigoCancelamento: CODIGO_CANCELAMENTO[call.request.codigo_motivo],
    motivo: { codigo: call.request.codigo_motivo, texto: call.request.motivo },
    // The key the city wrote in the note, for a layout whose request names it.
    ...(perfil.elementos.chaveAcessoNoCancelamento && call.note.nfseXml
      ? { chaveAcesso: xmlText(call.note.nfseXml, 'ChaveAcesso') ?? undefined }
      : {}),
  };
  const xml = signAbrasfXml(cancelarNfseMessage(perfil, pedido), call.signer, 'InfPedidoCancelamento', perfil);
  const answer = await callAbrasf(clientOfNote(gateway, call, perfil), perfil, 'CancelarNfse', xml, {
    ...call.credenciaisProvedor,
    requerente: requerenteOfNote(call.note),
  });
  const read = answer.kind === 'answer' ? readAbrasfAnswer(answer.xml) : null;
  if (read?.cancelamento)
    return { kind: 'cancelled', recovered: false, record: cancellationRecord(read.cancelamento, numero) };
  // Already cancelled: possibly by an earlier call of ours whose answer was lost.
  if (read && !read.erros.some((e) => e.codigo === perfil.codigos.nfseJaCancelada))
    return { kind: 'refused', erros: read.erros };
  const { nfse } = await queryAbrasfRps(gateway, call, perfil);
  const cancelamento = nfse?.cancelada ? xmlElements(nfse.xml, 'NfseCancelamento')[0] : undefined;
  if (cancelamento)
    return {
      kind: 'cancelled',
      recovered: true,
      record: cancellationRecord({ dataHora: xmlText(cancelamento, 'DataHora'), xml: cancelamento }, numero),
    };
  if (read) return { kind: 'refused', erros: read.erros };
  if (answer.kind === 'transmission_failed' && answer.received === 'no' && answer.status)
    return { kind: 'refused', erros: [], status: answer.status };
  return { kind: 'unanswered' };
}
