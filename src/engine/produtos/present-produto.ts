import type { Produto } from '../../generated/prisma/client.js';
import { ambienteOf, type Principal } from '../chaves/principal.js';
import { SEM_GTIN } from './gtin-problem.js';
import type { Tributacao } from './produto-fields.js';

export interface ProdutoView {
  id: string;
  empresa_id: string;
  sku: string;
  descricao: string;
  ncm: string;
  cest: string | null;
  gtin: string | null;
  /** What the NF-e item carries in cEAN and cEANTrib: the GTIN or the literal "SEM GTIN". */
  cean: string;
  unidade: string;
  /** ICMS origin code, "0" to "8" (kept as its number in the table). */
  origem: string;
  tributacao: Tributacao | null;
  ambiente: 'sandbox' | 'producao';
  criado_em: string;
  atualizado_em: string;
}

export function presentProduto(row: Produto): ProdutoView {
  return {
    id: row.id,
    empresa_id: row.companyId,
    sku: row.sku,
    descricao: row.descricao,
    ncm: row.ncm,
    cest: row.cest,
    gtin: row.gtin,
    cean: row.gtin ?? SEM_GTIN,
    unidade: row.unidade,
    origem: String(row.origem),
    tributacao: (row.tributacao as Tributacao | null) ?? null,
    ambiente: ambienteOf(row.environment as Principal['environment']),
    criado_em: row.createdAt.toISOString(),
    atualizado_em: row.updatedAt.toISOString(),
  };
}
