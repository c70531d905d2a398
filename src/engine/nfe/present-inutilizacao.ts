import type { NfeInutilizacao } from '../../generated/prisma/client.js';
import { ambienteOf } from '../chaves/principal.js';

/** One voided range of `GET /v1/nfe/inutilizacoes` and the `dados` of NFE_INUTILIZACAO. */
export function presentInutilizacao(row: NfeInutilizacao) {
  return {
    id: row.id,
    empresa_id: row.companyId,
    ambiente: ambienteOf(row.environment),
    serie: row.serie,
    numero_inicial: row.numeroInicial.toString(),
    numero_final: row.numeroFinal.toString(),
    justificativa: row.justificativa,
    status: row.status,
    protocolo: row.protocolo,
    nfe_id: row.nfeId,
    criada_em: row.createdAt.toISOString(),
    atualizada_em: row.updatedAt.toISOString(),
  };
}

export type InutilizacaoView = ReturnType<typeof presentInutilizacao>;
