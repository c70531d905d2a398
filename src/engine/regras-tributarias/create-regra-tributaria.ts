import type { Principal } from '../chaves/principal.js';
import type { EngineDeps } from '../engine-deps.js';
import { findCompany } from '../empresas/find-company.js';
import { EngineError } from '../errors.js';
import { newId } from '../nucleo/new-id.js';
import { readBody } from '../nucleo/read-body.js';
import { storedTributacao } from '../produtos/produto-fields.js';
import { checkCriterios } from './check-criterios.js';
import { createRegraTributariaBody } from './create-regra-tributaria-body.js';
import { chaveDosCriterios, storedCriterios } from './criterios-fields.js';
import { invalidRegraTributaria } from './invalid-regra-tributaria.js';
import { presentRegraTributaria } from './present-regra-tributaria.js';
import { writeRegraTributaria } from './write-regra-tributaria.js';

/** Rules a company keeps per environment: every item of a calculated note reads them all. */
export const REGRAS_POR_EMPRESA = 500;

/** `POST /v1/companies/{id}/regras-tributarias`: a rule of the company, its criteria checked against the tables. */
export async function createRegraTributaria(
  deps: Pick<EngineDeps, 'db' | 'sql' | 'clock'>,
  principal: Principal,
  options: { empresaId: string; body: unknown },
) {
  const input = readBody(createRegraTributariaBody, options.body);
  const company = await findCompany(deps, principal, options.empresaId);
  const criterios = storedCriterios(input.criterios);
  const erros = await checkCriterios(deps, principal, company.id, criterios);
  if (erros.length) throw invalidRegraTributaria(erros);
  const now = deps.clock.now();
  const row = await writeRegraTributaria(deps, criterios, async (tx) => {
    // The company's row is locked so that concurrent creations cannot pass the limit together.
    await tx.$queryRaw`SELECT id FROM companies WHERE id = ${company.id}::uuid FOR UPDATE`;
    const count = await tx.regraTributaria.count({
      where: { companyId: company.id, environment: principal.environment },
    });
    if (count >= REGRAS_POR_EMPRESA) {
      throw new EngineError(
        'regras_tributarias_limite',
        `A empresa já tem ${count} regras tributárias neste ambiente: o limite é ${REGRAS_POR_EMPRESA}.`,
        { correcao: 'Remova regras que não servem mais ou junte as que dão a mesma tributação.' },
      );
    }
    return tx.regraTributaria.create({
      data: {
        id: newId(),
        accountId: principal.accountId,
        environment: principal.environment,
        companyId: company.id,
        descricao: input.descricao,
        ...criterios,
        chave: chaveDosCriterios(criterios),
        tributacao: storedTributacao(input.tributacao) as object,
        ativa: input.ativa,
        createdAt: now,
        updatedAt: now,
      },
    });
  });
  return presentRegraTributaria(row);
}
