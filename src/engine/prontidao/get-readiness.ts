import type { Principal } from '../chaves/principal.js';
import { EngineError } from '../errors.js';
import type { CompanyWithCertificate } from '../empresas/present-company.js';
import { findCompany } from '../empresas/find-company.js';
import type { TransmissionDeps } from '../transmission-deps.js';
import { queryParametrosDaEmpresa, type ParametrosDaEmpresaDeps } from '../municipios/query-parametros-da-empresa.js';
import { authoriserReachableItem } from './authoriser-reachable-item.js';
import { readinessItems, worstOf } from './readiness-items.js';
import { semApi } from '../municipios/query-parametros.js';
import { parametrosMunicipio } from '../tabelas/index.js';

export interface Readiness {
  empresa_id: string;
  situacao: 'ok' | 'aviso' | 'bloqueio';
  itens: ReturnType<typeof readinessItems>;
}

/**
 * `GET /v1/companies/{id}/prontidao`: the stored-data items plus, for an NF-e issuer, whether its authoriser is
 * in operation (a live check, so it stays out of readinessOf, which gates issuance and detects changes).
 */
export async function getReadiness(
  deps: Pick<TransmissionDeps, 'db' | 'sql' | 'clock' | 'secrets' | 'sefaz' | 'national'>,
  principal: Principal,
  options: { id: string },
) {
  const company = await findCompany(deps, principal, options.id);
  const readiness = await readinessOf(deps, principal, company);
  const reachable = await authoriserReachableItem(deps, company, principal.environment);
  if (!reachable) return readiness;
  const itens = [...readiness.itens, reachable];
  return { ...readiness, situacao: worstOf(itens), itens };
}

export async function readinessOf(
  deps: ParametrosDaEmpresaDeps,
  principal: Principal,
  company: CompanyWithCertificate,
): Promise<Readiness> {
  const now = deps.clock.now();
  const padrao = (company.padroes as Record<string, unknown> | null)?.codigo_nacional;
  const [account, municipais] = await Promise.all([
    principal.environment === 'live'
      ? deps.db.account.findUniqueOrThrow({ where: { id: principal.accountId }, select: { plan: true } })
      : null,
    queryParametrosDaEmpresa(deps, principal.environment, company, {
      municipios: [company.municipio],
      competencia: now.toISOString().slice(0, 7),
      codigosServico: typeof padrao === 'string' ? [padrao] : [],
    }),
  ]);
  const municipal = municipais.get(company.municipio) ?? semApi(parametrosMunicipio(company.municipio), null);
  const itens = readinessItems({
    company,
    accountPlan: account?.plan ?? null,
    environment: principal.environment,
    now,
    municipal,
  });
  return { empresa_id: company.id, situacao: worstOf(itens), itens };
}

/** Issuance gate: any `bloqueio` refuses with 412 and the whole readiness; nothing is created. */
export function assertReady(readiness: Readiness): void {
  if (readiness.situacao === 'bloqueio') {
    throw new EngineError('empresa_nao_pronta', 'A empresa não está pronta para emitir.', {
      correcao: 'Resolva os itens em bloqueio de GET /v1/companies/{id}/prontidao.',
      extra: { itens: readiness.itens },
    });
  }
}
