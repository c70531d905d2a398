import type { Principal } from '../chaves/principal.js';
import { assertLiveKey } from '../chaves/assert-company-allowed.js';
import type { EngineDeps } from '../engine-deps.js';
import { EngineError } from '../errors.js';
import { newId } from '../nucleo/new-id.js';
import { parseCompanyInput } from './company-input.js';
import { presentCompany } from './present-company.js';

export async function createCompany(deps: EngineDeps, principal: Principal, body: unknown) {
  assertLiveKey(principal, 'Criar empresas');
  if (principal.companyId) {
    throw new EngineError('acesso_negado', 'Uma chave restrita a uma empresa não cria empresas.', {
      correcao: 'Use uma chave sem restrição de empresa.',
    });
  }
  const input = parseCompanyInput(body);
  const existing = await deps.db.company.findFirst({
    where: { accountId: principal.accountId, cnpj: input.cnpj, deletedAt: null },
    select: { id: true },
  });
  if (existing) {
    throw new EngineError('empresa_duplicada', `cnpj: a empresa ${input.cnpj} já existe nesta conta (${existing.id}).`, {
      campo: '/cnpj',
      correcao: 'Use a empresa existente ou remova-a antes.',
    });
  }
  const id = newId();
  const now = deps.clock.now();
  const company = await deps.db.company.create({
    data: {
      id,
      accountId: principal.accountId,
      cnpj: input.cnpj,
      razaoSocial: input.razao_social,
      municipio: input.municipio,
      regimeTributario: input.regime_tributario,
      inscricaoMunicipal: input.inscricao_municipal,
      regimeApuracaoSimples: input.regime_apuracao_simples,
      serieDps: input.serie_dps,
      inscricaoEstadual: input.inscricao_estadual,
      serieNfe: input.serie_nfe,
      endereco: input.endereco ? (input.endereco as object) : undefined,
      autorizadosXml: input.autorizados_xml,
      email: input.email,
      tokenMunicipioEnc: input.token_municipio ? deps.secrets.seal(input.token_municipio, `company-token:${id}`) : null,
      padroes: input.padroes as object,
      createdAt: now,
      updatedAt: now,
    },
    include: { certificate: true },
  });
  deps.logger.info({ companyId: id, accountId: principal.accountId }, 'company created');
  return presentCompany(company);
}
