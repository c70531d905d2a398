import type { Nfe } from '../../generated/prisma/client.js';
import { ambienteOf } from '../auth/principal.js';

/** The NF-e record of `GET /v1/nfe/{id}` (spec 2.9 "NF-e authorized records"). */
export function presentNfe(note: Nfe) {
  return {
    id: note.id,
    referencia: note.referencia,
    status: note.status,
    ambiente: ambienteOf(note.environment as 'test' | 'live'),
    empresa_id: note.companyId,
    modo: note.modo,
    serie: note.serie,
    numero: note.numero.toString(),
    chave_acesso: note.chaveAcesso,
    protocolo: note.protocolo,
    rejeicao: note.rejeicao as { cStat: string; mensagem: string } | null,
    cancelamento: note.cancelamento as Record<string, unknown> | null,
    valor_total: note.valorTotal.toFixed(2),
    ajustes: note.ajustes as unknown[],
    criada_em: note.createdAt.toISOString(),
    atualizada_em: note.updatedAt.toISOString(),
    autorizada_em: note.authorizedAt?.toISOString() ?? null,
  };
}

export type NfeView = ReturnType<typeof presentNfe>;
