import { Prisma } from '../../generated/prisma/client.js';
import type { Principal } from '../chaves/principal.js';
import type { EngineDeps } from '../engine-deps.js';
import { checkProdutoCodes, diaFiscal } from './check-produto-codes.js';
import { findProduto } from './find-produto.js';
import { presentProduto } from './present-produto.js';
import { readBody } from '../nucleo/read-body.js';
import { invalidProduto } from './invalid-produto.js';
import { storedTributacao } from './produto-fields.js';
import { updateProdutoBody } from './update-produto-body.js';

/** `PATCH /v1/produtos/{sku}`: the merged product is checked again, so a new NCM must still fit the CEST. */
export async function updateProduto(
  deps: Pick<EngineDeps, 'db' | 'sql' | 'clock'>,
  principal: Principal,
  options: { sku: string; empresaId?: string | null; body: unknown },
) {
  const patch = readBody(updateProdutoBody, options.body);
  const current = await findProduto(deps, principal, options);
  const now = deps.clock.now();
  const merged = {
    ncm: patch.ncm ?? current.ncm,
    cest: patch.cest !== undefined ? patch.cest : current.cest,
    gtin: patch.gtin !== undefined ? patch.gtin : current.gtin,
  };
  const erros = checkProdutoCodes(merged, diaFiscal(now));
  if (erros.length) throw invalidProduto(erros);
  const row = await deps.db.produto.update({
    where: { id: current.id },
    data: {
      ...merged,
      ...(patch.descricao !== undefined ? { descricao: patch.descricao } : {}),
      ...(patch.unidade !== undefined ? { unidade: patch.unidade } : {}),
      ...(patch.origem !== undefined ? { origem: Number(patch.origem) } : {}),
      ...(patch.tributacao !== undefined
        ? { tributacao: patch.tributacao ? (storedTributacao(patch.tributacao) as object) : Prisma.DbNull }
        : {}),
      updatedAt: now,
    },
  });
  return presentProduto(row);
}
