import { Prisma } from '../../generated/prisma/client.js';
import type { Principal } from '../chaves/principal.js';
import type { EngineDeps } from '../engine-deps.js';
import { findCompany } from '../empresas/find-company.js';
import { EngineError } from '../errors.js';
import { newId } from '../nucleo/new-id.js';
import { isUniqueViolation } from '../nucleo/is-unique-violation.js';
import { checkProdutoCodes, diaFiscal } from './check-produto-codes.js';
import { presentProduto } from './present-produto.js';
import { readBody } from '../nucleo/read-body.js';
import { createProdutoBody } from './create-produto-body.js';
import { invalidProduto } from './invalid-produto.js';
import { storedTributacao } from './produto-fields.js';

/** `POST /v1/produtos`: registers a product of a company, its codes checked against the official tables. */
export async function createProduto(
  deps: Pick<EngineDeps, 'db' | 'sql' | 'clock'>,
  principal: Principal,
  body: unknown,
) {
  const input = readBody(createProdutoBody, body);
  const empresaId = input.empresaId ?? principal.companyId;
  if (!empresaId) {
    throw invalidProduto([
      {
        codigo: 'campo_obrigatorio',
        campo: '/empresa_id',
        mensagem: 'campo obrigatório',
        correcao: 'Informe o id da empresa dona do produto.',
      },
    ]);
  }
  const company = await findCompany(deps, principal, empresaId);
  const now = deps.clock.now();
  const erros = checkProdutoCodes(input, diaFiscal(now));
  if (erros.length) throw invalidProduto(erros);
  try {
    const row = await deps.db.produto.create({
      data: {
        id: newId(),
        accountId: principal.accountId,
        environment: principal.environment,
        companyId: company.id,
        sku: input.sku,
        descricao: input.descricao,
        ncm: input.ncm,
        cest: input.cest,
        gtin: input.gtin,
        unidade: input.unidade,
        origem: Number(input.origem),
        tributacao: input.tributacao ? (storedTributacao(input.tributacao) as object) : Prisma.DbNull,
        createdAt: now,
        updatedAt: now,
      },
    });
    return presentProduto(row);
  } catch (err) {
    if (isUniqueViolation(err)) {
      throw new EngineError('sku_duplicado', `O SKU ${input.sku} já é um produto desta empresa neste ambiente.`, {
        campo: '/sku',
        correcao: `Altere o produto existente com PATCH /v1/produtos/${input.sku} ou use outro SKU.`,
      });
    }
    throw err;
  }
}
