import type { RegraTributaria } from '../../generated/prisma/client.js';
import { ambienteOf, type Principal } from '../chaves/principal.js';
import type { Tributacao } from '../produtos/produto-fields.js';
import type { Criterios } from './criterios-fields.js';

export interface RegraTributariaView {
  id: string;
  empresa_id: string;
  descricao: string;
  criterios: Criterios;
  tributacao: Tributacao;
  ativa: boolean;
  ambiente: 'sandbox' | 'producao';
  criado_em: string;
  atualizado_em: string;
}

export function presentRegraTributaria(row: RegraTributaria): RegraTributariaView {
  return {
    id: row.id,
    empresa_id: row.companyId,
    descricao: row.descricao,
    criterios: criteriosOf(row),
    tributacao: row.tributacao as Tributacao,
    ativa: row.ativa,
    ambiente: ambienteOf(row.environment as Principal['environment']),
    criado_em: row.createdAt.toISOString(),
    atualizado_em: row.updatedAt.toISOString(),
  };
}

/** The criteria a row keeps in its columns; a null column is a criterion left out. */
export function criteriosOf(row: RegraTributaria): Criterios {
  const c: Criterios = {
    ncmPrefixo: row.ncmPrefixo,
    cest: row.cest,
    produto: row.produto,
    operacao: row.operacao as Criterios['operacao'],
    ufOrigem: row.ufOrigem,
    ufDestino: row.ufDestino,
    contribuinte: row.contribuinte as Criterios['contribuinte'],
  };
  return Object.fromEntries(Object.entries(c).filter(([, x]) => x != null)) as Criterios;
}
