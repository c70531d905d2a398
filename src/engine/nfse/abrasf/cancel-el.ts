import type { AbrasfGateway } from '../../autoridades/abrasf/abrasf-gateway.js';
import type { CancellationRecord, NfseProvider, ProviderCancellation } from '../provedores/nfse-provider.js';
import { askEl, elNote } from './emit-el.js';
import { queryElRps } from './query-el-rps.js';
import { readElAnswer, type NotaEl } from './read-el-answer.js';

type CancelCall = Parameters<NfseProvider['cancel']>[0];

/** The cancellation as the city shows it: the note's summary in its cancelled situation. */
function cancellationRecord(nota: NotaEl): CancellationRecord {
  const em = nota.dataProcessamento ? new Date(nota.dataProcessamento) : null;
  return {
    em: em && !Number.isNaN(em.getTime()) ? em.toISOString() : null,
    protocolo: { numero_nfse: nota.numero, situacao: nota.situacao },
    xml: nota.xml,
  };
}

/**
 * CancelarNfseEnvio of an authorised EL note (the provider's CNPJ and the note's number; EL's request carries no
 * reason). A lost answer, or "already cancelled", is looked up with ConsultarNfseRpsEnvio: the note in its cancelled
 * situation is the record.
 */
export async function cancelEl(gateway: AbrasfGateway, call: CancelCall): Promise<ProviderCancellation> {
  const nota = elNote(gateway, call);
  const answer = await askEl(nota, 'CancelarNfse', [
    ['identificacaoPrestador', nota.documento],
    ['numeroNfse', call.note.numero!],
  ]);
  const read = answer.kind === 'answer' ? readElAnswer(answer.xml) : null;
  const cancelada = read?.notas.find((n) => n.cancelada);
  if (cancelada) return { kind: 'cancelled', recovered: false, record: cancellationRecord(cancelada) };
  // Already cancelled: possibly by an earlier call of ours whose answer was lost.
  if (read && !read.erros.some((e) => e.codigo === nota.perfil.codigos.nfseJaCancelada))
    return { kind: 'refused', erros: read.erros };
  const { nfse } = await queryElRps(nota);
  if (nfse?.cancelada) return { kind: 'cancelled', recovered: true, record: cancellationRecord(nfse) };
  if (read) return { kind: 'refused', erros: read.erros };
  if (answer.kind === 'transmission_failed' && answer.received === 'no' && answer.status)
    return { kind: 'refused', erros: [], status: answer.status };
  return { kind: 'unanswered' };
}
