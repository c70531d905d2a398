import { Prisma } from '../../generated/prisma/client.js';
import type { Principal } from '../chaves/principal.js';
import { assertLiveKey } from '../chaves/assert-company-allowed.js';
import type { EngineDeps } from '../engine-deps.js';
import { announceEvents } from '../eventos/events-topic.js';
import { readBody } from '../nucleo/read-body.js';
import { companyTopic } from './company-topic.js';
import { storedEndereco } from './create-company.js';
import { findCompany } from './find-company.js';
import { presentCompany } from './present-company.js';
import { sealCredenciaisProvedor } from './credenciais-provedor.js';
import { updateCompanyBody, type UpdateCompanyBody } from './update-company-body.js';
import { storedIbsCbs, type PadroesArmazenados } from './company-body.js';

export interface UpdateCompanyOptions {
  id: string;
  /** The company body's changes in their declared (camelCase) shape, validated here once: `updateCompanyBody`. */
  body: unknown;
}

/**
 * `PATCH /v1/companies/{id}` (live key only; a key restricted to one company changes only that one): the members
 * sent replace the stored settings, in one transaction with the readiness they lead to. When an item of the
 * production readiness changes situation, EMPRESA_PRONTIDAO_ALTERADA is appended there (EngineDeps.prontidao),
 * so a change that unblocks or blocks issuance is announced at once, not at the next 6-hour check.
 */
export async function updateCompany(deps: EngineDeps, principal: Principal, options: UpdateCompanyOptions) {
  assertLiveKey(principal, 'Alterar empresas');
  const company = await findCompany(deps, principal, options.id);
  const patch = readBody(updateCompanyBody, options.body) as UpdateCompanyBody;
  const now = deps.clock.now();
  const data: Prisma.CompanyUpdateInput = { updatedAt: now };
  if (patch.razaoSocial !== undefined) data.razaoSocial = patch.razaoSocial;
  if (patch.municipio !== undefined) data.municipio = patch.municipio;
  if (patch.regimeTributario !== undefined) data.regimeTributario = patch.regimeTributario;
  if (patch.inscricaoMunicipal !== undefined) data.inscricaoMunicipal = patch.inscricaoMunicipal;
  if (patch.regimeApuracaoSimples !== undefined) data.regimeApuracaoSimples = patch.regimeApuracaoSimples;
  if (patch.serieDps !== undefined) data.serieDps = patch.serieDps;
  if (patch.rotaNfse !== undefined) data.rotaNfse = patch.rotaNfse;
  if (patch.inscricaoEstadual !== undefined) data.inscricaoEstadual = patch.inscricaoEstadual;
  if (patch.serieNfe !== undefined) data.serieNfe = patch.serieNfe;
  if (patch.endereco !== undefined)
    data.endereco = patch.endereco ? (storedEndereco(patch.endereco) as object) : Prisma.DbNull;
  if (patch.autorizadosXml !== undefined) data.autorizadosXml = patch.autorizadosXml;
  if (patch.email !== undefined) data.email = patch.email;
  if (patch.emailTomador !== undefined) data.emailTomadorAutomatico = patch.emailTomador?.automatico ?? false;
  if (patch.tokenMunicipio !== undefined)
    data.tokenMunicipioEnc = patch.tokenMunicipio
      ? deps.secrets.seal(patch.tokenMunicipio, `company-token:${company.id}`)
      : null;

  const { updated, announced } = await deps.db.$transaction(async (tx) => {
    // Readiness is brought up to date before the change too, so the event after it names only what the change did.
    // It locks the company row: the defaults are merged with what is stored now, so concurrent changes of
    // different defaults all survive.
    const drifted = await deps.prontidao.companyChanged(tx, company.id, now);
    if (patch.credenciaisProvedor !== undefined) {
      // Member by member over what is stored now, under the company row's lock.
      const stored = await tx.company.findUniqueOrThrow({
        where: { id: company.id },
        select: { credenciaisProvedor: true },
      });
      data.credenciaisProvedor =
        sealCredenciaisProvedor(deps.secrets, company.id, stored.credenciaisProvedor, patch.credenciaisProvedor) ??
        Prisma.DbNull;
    }
    if (patch.padroes !== undefined) {
      const stored = await tx.company.findUniqueOrThrow({ where: { id: company.id }, select: { padroes: true } });
      data.padroes = mergedPadroes(stored.padroes as PadroesArmazenados, patch.padroes);
    }
    const row = await tx.company.update({ where: { id: company.id }, data, include: { certificate: true } });
    const changed = await deps.prontidao.companyChanged(tx, company.id, now);
    return { updated: row, announced: drifted || changed };
  });
  deps.logger.info(
    {
      companyId: company.id,
      accountId: principal.accountId,
      campos: Object.keys(data).filter((k) => k !== 'updatedAt'),
    },
    'company updated',
  );
  await deps.pubsub.publish(companyTopic(company.id), { id: company.id });
  if (announced) await announceEvents(deps, principal.accountId, 'live');
  return presentCompany(updated);
}

/** `padroes` merges member by member, stored in the API's snake_case as issuance reads them; null removes a default. */
function mergedPadroes(current: PadroesArmazenados, patch: UpdateCompanyBody['padroes']): PadroesArmazenados {
  if (patch === undefined) return current;
  if (patch === null) return {};
  const out = { ...current };
  // ibs_cbs is one member: its CST belongs to its cClassTrib, so it is replaced whole.
  const members = {
    codigo_nacional: patch.codigoNacional,
    aliquota_iss: patch.aliquotaIss,
    iss_retido: patch.issRetido,
    nbs: patch.nbs,
    ibs_cbs: patch.ibsCbs && storedIbsCbs(patch.ibsCbs),
    codigo_municipal: patch.codigoMunicipal,
    cnae: patch.cnae,
  };
  for (const [name, value] of Object.entries(members)) {
    if (value === null) delete out[name];
    else if (value !== undefined) out[name] = value;
  }
  return out;
}
