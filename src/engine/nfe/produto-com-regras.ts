import {
  resolveTributacao,
  type RegraDaEmpresa,
  type TributacaoResolvida,
} from '../regras-tributarias/resolve-tributacao.js';
import type { OperacaoTributavel } from '../tributos/item-tributavel.js';
import type { ProdutoDoCatalogo } from './operacao-tributavel.js';

/**
 * The catalogue product with the tax profile the company's rules make of it for this operation (the item's NCM
 * and CEST, which `conferir` takes from the item sent), and which rule supplied each member.
 */
export function produtoComRegras(
  produto: ProdutoDoCatalogo,
  op: OperacaoTributavel,
  regras: readonly RegraDaEmpresa[],
  codigos: { ncm: string; cest: string | null } = produto,
): { produto: ProdutoDoCatalogo; resolvida: TributacaoResolvida } {
  const resolvida = resolveTributacao(
    produto.tributacao,
    {
      sku: produto.sku,
      ncm: codigos.ncm,
      cest: codigos.cest,
      operacao: op.operacao,
      ufOrigem: op.ufEmitente,
      ufDestino: op.ufDestinatario,
      contribuinte: op.contribuinte,
    },
    regras,
  );
  return { produto: { ...produto, tributacao: resolvida.tributacao }, resolvida };
}
