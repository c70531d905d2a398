import type { Principal } from '../chaves/principal.js';
import { assertLiveKey } from '../chaves/assert-company-allowed.js';
import type { EngineDeps } from '../engine-deps.js';
import { EngineError } from '../errors.js';
import { newId } from '../nucleo/new-id.js';
import { readBody } from '../nucleo/read-body.js';
import {
  companyBody,
  storedIbsCbs,
  type CompanyBody,
  type CompanyEndereco,
  type PadroesArmazenados,
} from './company-body.js';
import { sealCredenciaisProvedor } from './credenciais-provedor.js';
import { presentCompany } from './present-company.js';

/** `body` is the company body in its declared (camelCase) shape, validated here once: `companyBody`. */
export async function createCompany(
  deps: Pick<EngineDeps, 'db' | 'clock' | 'logger' | 'secrets'>,
  principal: Principal,
  body: unknown,
) {
  assertLiveKey(principal, 'Criar empresas');
  if (principal.companyId) {
    throw new EngineError('acesso_negado', 'Uma chave restrita a uma empresa não cria empresas.', {
      correcao: 'Use uma chave sem restrição de empresa.',
    });
  }
  const input = readBody(companyBody, body) as CompanyBody;
  const existing = await deps.db.company.findFirst({
    where: { accountId: principal.accountId, cnpj: input.cnpj, deletedAt: null },
    select: { id: true },
  });
  if (existing) {
    throw new EngineError(
      'empresa_duplicada',
      `cnpj: a empresa ${input.cnpj} já existe nesta conta (${existing.id}).`,
      {
        campo: '/cnpj',
        correcao: 'Use a empresa existente ou remova-a antes.',
      },
    );
  }
  const id = newId();
  const now = deps.clock.now();
  const company = await deps.db.company.create({
    data: {
      id,
      accountId: principal.accountId,
      cnpj: input.cnpj,
      razaoSocial: input.razaoSocial,
      municipio: input.municipio,
      regimeTributario: input.regimeTributario,
      inscricaoMunicipal: input.inscricaoMunicipal,
      regimeApuracaoSimples: input.regimeApuracaoSimples,
      serieDps: input.serieDps,
      rotaNfse: input.rotaNfse,
      inscricaoEstadual: input.inscricaoEstadual,
      serieNfe: input.serieNfe,
      endereco: input.endereco ? (storedEndereco(input.endereco) as object) : undefined,
      autorizadosXml: input.autorizadosXml,
      email: input.email,
      emailTomadorAutomatico: input.emailTomador?.automatico ?? false,
      tokenMunicipioEnc: input.tokenMunicipio ? deps.secrets.seal(input.tokenMunicipio, `company-token:${id}`) : null,
      credenciaisProvedor:
        sealCredenciaisProvedor(deps.secrets, id, null, input.credenciaisProvedor ?? null) ?? undefined,
      padroes: storedPadroes(input.padroes),
      createdAt: now,
      updatedAt: now,
    },
    include: { certificate: true },
  });
  deps.logger.info({ companyId: id, accountId: principal.accountId }, 'company created');
  return presentCompany(company);
}

/** Defaults are stored in the API's snake_case, as issuance reads them; members left out are not stored. */
function storedPadroes(p: CompanyBody['padroes']): PadroesArmazenados {
  const out: PadroesArmazenados = {};
  if (p.codigoNacional != null) out.codigo_nacional = p.codigoNacional;
  if (p.aliquotaIss != null) out.aliquota_iss = p.aliquotaIss;
  if (p.issRetido != null) out.iss_retido = p.issRetido;
  if (p.nbs != null) out.nbs = p.nbs;
  if (p.ibsCbs != null) out.ibs_cbs = storedIbsCbs(p.ibsCbs);
  if (p.codigoMunicipal != null) out.codigo_municipal = p.codigoMunicipal;
  if (p.cnae != null) out.cnae = p.cnae;
  return out;
}

export function storedEndereco(e: NonNullable<CompanyBody['endereco']>): CompanyEndereco {
  const { complemento, ...rest } = e;
  return complemento === null ? rest : { ...rest, complemento };
}
