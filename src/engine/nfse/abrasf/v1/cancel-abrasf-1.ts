import type { Abrasf1Gateway } from '../../../autoridades/abrasf-1/abrasf-1-gateway.js';
import { EngineError } from '../../../errors.js';
import type { CancellationReason } from '../../cancellation-input.js';
import type { CancellationRecord, NfseProvider, ProviderCancellation } from '../../provedores/nfse-provider.js';
import { readAbrasfAnswer } from '../read-abrasf-answer.js';
import { xmlElements, xmlText } from '../xml-text.js';
import { cancellationMessage } from './abrasf-1-message.js';
import { abrasf1Note } from './abrasf-1-note.js';
import { callAbrasf1 } from './call-abrasf-1.js';
import { queryAbrasf1Rps } from './recover-abrasf-1.js';
import { signAbrasf1Xml } from './sign-abrasf-1-xml.js';

type CancelCall = Parameters<NfseProvider['cancel']>[0];

/**
 * cMotivo of the request (1 erro na emissão, 2 serviço não prestado, 9 outros) → tsCodigoCancelamentoNfse of the
 * ABRASF 1.00 manual (1 erro na emissão, 2 serviço não prestado, 3 duplicidade da nota, 4 erro de processamento).
 */
const CODIGO_CANCELAMENTO: Record<CancellationReason, string> = { '1': '1', '2': '2', '9': '1' };

/** The cancellation as the service registered it (its Confirmacao, or the note's NfseCancelamento). */
function cancellationRecord(xml: string, numero: string): CancellationRecord {
  const dataHora = xmlText(xml, 'DataHora');
  const em = dataHora ? new Date(dataHora) : null;
  return {
    em: em && !Number.isNaN(em.getTime()) ? em.toISOString() : null,
    protocolo: { numero_nfse: numero, data_hora: dataHora },
    xml,
  };
}

/**
 * CancelarNfse of an authorised note; a lost answer, or "already cancelled", is looked up with ConsultarNfsePorRps.
 * A family whose service registers no cancellation refuses it here, before anything is sent: the note stays
 * authorised.
 */
export async function cancelAbrasf1(gateway: Abrasf1Gateway, call: CancelCall): Promise<ProviderCancellation> {
  const nota = abrasf1Note(gateway, call);
  if (!nota.perfil.mensagens.CancelarNfse)
    throw new EngineError(
      'cancelamento_recusado',
      `${nota.perfil.nome} não cancela NFS-e pelo webservice: o cancelamento é feito somente por processo administrativo na prefeitura. Nada foi enviado e a nota continua autorizada.`,
      {
        correcao: 'Peça o cancelamento à prefeitura do município por processo administrativo.',
      },
    );
  const numero = call.note.numero!;
  const xml = signAbrasf1Xml(
    cancellationMessage(nota.perfil, {
      numeroNfse: numero,
      prestador: nota.prestador,
      codigoMunicipio: nota.ibge,
      codigoCancelamento: CODIGO_CANCELAMENTO[call.request.codigo_motivo],
    }),
    call.signer,
    { elemento: 'InfPedidoCancelamento', tipo: 'cancelamento' },
    nota.perfil,
  );
  const answer = await callAbrasf1(nota.client, nota.perfil, 'CancelarNfse', xml);
  const read = answer.kind === 'answer' ? readAbrasfAnswer(answer.xml) : null;
  const confirmacao = answer.kind === 'answer' ? xmlElements(answer.xml, 'Cancelamento')[0] : undefined;
  if (confirmacao && read?.erros.length === 0)
    return { kind: 'cancelled', recovered: false, record: cancellationRecord(confirmacao, numero) };
  // Already cancelled: possibly by an earlier call of ours whose answer was lost.
  if (read && !read.erros.some((e) => e.codigo === nota.perfil.codigos.nfseJaCancelada))
    return { kind: 'refused', erros: read.erros };
  const { nfse } = await queryAbrasf1Rps(nota, call);
  const cancelamento = nfse?.cancelada ? xmlElements(nfse.xml, 'NfseCancelamento')[0] : undefined;
  if (cancelamento) return { kind: 'cancelled', recovered: true, record: cancellationRecord(cancelamento, numero) };
  if (read) return { kind: 'refused', erros: read.erros };
  if (answer.kind === 'transmission_failed' && answer.received === 'no' && answer.status)
    return { kind: 'refused', erros: [], status: answer.status };
  return { kind: 'unanswered' };
}
