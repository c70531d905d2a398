import type { NfeEvento } from '../../generated/prisma/client.js';
import { EVENTO_CANCELAMENTO } from './build-signed-nfe-event.js';

/** An event registered for an NF-e, as listed in `eventos` of the note (its XML: GET …/eventos/{evento_id}/xml). */
export function presentNfeEvento(e: NfeEvento) {
  return {
    id: e.id,
    tipo: e.tpEvento === EVENTO_CANCELAMENTO ? 'cancelamento' : 'carta_correcao',
    tp_evento: e.tpEvento,
    n_seq_evento: e.nSeqEvento,
    // xJust of a cancellation, xCorrecao of a CC-e.
    texto: e.texto,
    c_stat: e.cStat,
    protocolo: e.protocolo,
    registrado_em: e.registradoEm?.toISOString() ?? null,
  };
}

export type NfeEventoView = ReturnType<typeof presentNfeEvento>;
