import type { Nfse, NfseTimelineEntry } from '../../generated/prisma/client.js';
import { ambienteOf } from '../chaves/principal.js';

export type NfseWithTimeline = Nfse & { timeline: NfseTimelineEntry[] };

export type NfseStatus =
  | 'transmitindo'
  | 'autorizada'
  | 'rejeitada'
  | 'cancelada'
  | 'aguardando_confirmacao'
  | 'falha_transmissao'
  | 'descartada';

/**
 * The NFS-e record, as `GET /v1/nfse/{id}` shows it and as every NFSE_* event carries it in
 * `dados`. This is the one serialiser of a note: GraphQL exposes the same values in camelCase.
 */
export function presentNfse(note: NfseWithTimeline) {
  return {
    id: note.id,
    referencia: note.referencia,
    status: note.status as NfseStatus,
    ambiente: ambienteOf(note.environment),
    empresa_id: note.companyId,
    valor: note.valor.toFixed(2),
    competencia: note.competencia,
    serie_dps: note.serie,
    numero_dps: note.numeroDps.toString(),
    dps_id: note.dpsId,
    numero: note.numero,
    chave_acesso: note.chaveAcesso,
    rejeicao: (note.rejeicao as Rejeicao | null) ?? null,
    cancelamento: (note.cancelamento as Record<string, unknown> | null) ?? null,
    substitui: note.substituiId,
    substituida_por: note.substituidaPor,
    falha: (note.falha as { dps_enviada: 'nao' | 'desconhecido'; motivo: string } | null) ?? null,
    aviso: (note.aviso as { codigo: string; mensagem: string; desde: string } | null) ?? null,
    eventos: [...note.timeline]
      .sort((a, b) => a.at.getTime() - b.at.getTime() || a.id.localeCompare(b.id))
      .map((e) => ({
        tipo: e.tipo,
        em: e.at.toISOString(),
        detalhe: (e.detalhe as Record<string, unknown> | null) ?? null,
      })),
    ajustes: note.ajustes as Array<{ campo: string; acao: string; motivo: string; regra: string }>,
    regras_versao: note.regrasVersao,
    criada_em: note.createdAt.toISOString(),
    atualizada_em: note.updatedAt.toISOString(),
    autorizada_em: note.authorizedAt?.toISOString() ?? null,
  };
}

export interface Rejeicao {
  codigo_oficial: string | null;
  mensagem: string;
  explicacao: string | null;
  erros: Array<{ codigo: string | null; descricao: string | null; complemento: string | null }>;
}

export type NfseView = ReturnType<typeof presentNfse>;
