import type { Nfe } from '../../generated/prisma/client.js';
import { ambienteOf } from '../chaves/principal.js';

/** The NF-e record of `GET /v1/nfe/{id}`. */
export function presentNfe(note: Nfe) {
  return {
    id: note.id,
    referencia: note.referencia,
    status: note.status,
    ambiente: ambienteOf(note.environment),
    empresa_id: note.companyId,
    modo: note.modo,
    serie: note.serie,
    numero: note.numero.toString(),
    chave_acesso: note.chaveAcesso,
    protocolo: note.protocolo,
    rejeicao: rejeicaoOf(note.rejeicao as StoredRejeicao | null),
    cancelamento: note.cancelamento as Record<string, unknown> | null,
    valor_total: note.valorTotal.toFixed(2),
    ajustes: note.ajustes as unknown[],
    criada_em: note.createdAt.toISOString(),
    atualizada_em: note.updatedAt.toISOString(),
    autorizada_em: note.authorizedAt?.toISOString() ?? null,
    // {codigo, mensagem, desde}: confirmacao_esgotada when recovery of a lost answer gave up.
    aviso: (note.aviso as { codigo: string; mensagem: string; desde: string } | null) ?? null,
  };
}

interface StoredRejeicao {
  cStat: string;
  mensagem: string;
  explicacao?: string | null;
  correcao?: string | null;
}

/** Stored as the authority names it (cStat); presented in the snake_case of every other wire name. */
function rejeicaoOf(r: StoredRejeicao | null) {
  return r
    ? { c_stat: r.cStat, mensagem: r.mensagem, explicacao: r.explicacao ?? null, correcao: r.correcao ?? null }
    : null;
}

export type NfeView = ReturnType<typeof presentNfe>;
