import type { Principal } from '../chaves/principal.js';
import type { EngineDeps } from '../engine-deps.js';
import { readBody } from '../nucleo/read-body.js';
import { storedTributacao } from '../produtos/produto-fields.js';
import { checkCriterios } from './check-criterios.js';
import { chaveDosCriterios, storedCriterios } from './criterios-fields.js';
import { findRegraTributaria } from './find-regra-tributaria.js';
import { invalidRegraTributaria } from './invalid-regra-tributaria.js';
import { criteriosOf, presentRegraTributaria } from './present-regra-tributaria.js';
import { updateRegraTributariaBody } from './update-regra-tributaria-body.js';
import { writeRegraTributaria } from './write-regra-tributaria.js';

const SEM_CRITERIOS = {
  ncmPrefixo: null,
  cest: null,
  produto: null,
  operacao: null,
  ufOrigem: null,
  ufDestino: null,
  contribuinte: null,
};

/** `PATCH /v1/companies/{id}/regras-tributarias/{regraId}`: new criteria are checked as at creation. */
export async function updateRegraTributaria(
  deps: Pick<EngineDeps, 'db' | 'sql' | 'clock'>,
  principal: Principal,
  options: { empresaId: string; id: string; body: unknown },
) {
  const patch = readBody(updateRegraTributariaBody, options.body);
  const current = await findRegraTributaria(deps, principal, options);
  const criterios = patch.criterios !== undefined ? storedCriterios(patch.criterios) : criteriosOf(current);
  if (patch.criterios !== undefined) {
    const erros = await checkCriterios(deps, principal, current.companyId, criterios);
    if (erros.length) throw invalidRegraTributaria(erros);
  }
  const row = await writeRegraTributaria(deps, criterios, (tx) =>
    tx.regraTributaria.update({
      where: { id: current.id },
      data: {
        ...(patch.descricao !== undefined ? { descricao: patch.descricao } : {}),
        ...(patch.criterios !== undefined
          ? { ...SEM_CRITERIOS, ...criterios, chave: chaveDosCriterios(criterios) }
          : {}),
        ...(patch.tributacao !== undefined ? { tributacao: storedTributacao(patch.tributacao) as object } : {}),
        ...(patch.ativa !== undefined ? { ativa: patch.ativa } : {}),
        updatedAt: deps.clock.now(),
      },
    }),
  );
  return presentRegraTributaria(row);
}
