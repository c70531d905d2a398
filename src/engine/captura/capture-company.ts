import type { CaptureState, Prisma } from '../../generated/prisma/client.js';
import { companyCredentials } from '../empresas/company-credentials.js';
import type { TransmissionDeps } from '../transmission-deps.js';
import { captureAdn } from './capture-adn.js';
import { captureSefaz } from './capture-sefaz.js';
import { captureAbrasf, FONTE_PREFEITURA_ABRASF } from './capture-abrasf.js';
import { captureSaoPaulo, FONTE_PREFEITURA_SP } from './capture-sao-paulo.js';
import { nextAfterNothing } from './schedule-captures.js';
import { CTE_DISTRIBUTION, NFE_DISTRIBUTION } from './sefaz-service.js';
import type { CaptureTarget, StoreOptions } from './store-adn-page.js';

export interface CaptureOptions extends StoreOptions {
  intervalMs: number;
  /** Lots per run; a company with more waiting continues at the next tick (default 400 lots = 20,000 documents). */
  maxPages?: number;
}

/** One company's capture run: its row, whose notes it stores, the options, and how it ends (next run, lease released). */
export interface CaptureRun<T extends CaptureTarget = CaptureTarget> {
  state: CaptureState;
  target: T;
  options: CaptureOptions;
  finish: (data: Prisma.CaptureStateUpdateInput) => Promise<unknown>;
}

export interface CaptureOutcome {
  status: 'DOCUMENTOS_LOCALIZADOS' | 'NENHUM_DOCUMENTO_LOCALIZADO' | 'REJEICAO' | 'INDISPONIVEL' | 'IGNORADA';
  documentos: number;
  ultimoNsu: bigint;
}

/**
 * One company's capture from one source (its capture row's `fonte`): the ADN, the SEFAZ distributions or its city's
 * own system. A company without a valid A1 is skipped until its next scheduled time.
 */
export async function captureCompany(
  deps: TransmissionDeps,
  state: CaptureState,
  options: CaptureOptions,
): Promise<CaptureOutcome> {
  const key = { companyId_fonte: { companyId: state.companyId, fonte: state.fonte } };
  const finish = async (data: Prisma.CaptureStateUpdateInput) =>
    deps.db.captureState.update({ where: key, data: { ...data, lockedUntil: null, updatedAt: deps.clock.now() } });

  const company = await deps.db.company.findUnique({ where: { id: state.companyId }, include: { certificate: true } });
  const now = deps.clock.now();
  if (!company || company.deletedAt || !company.certificate || company.certificate.notAfter <= now) {
    // No valid A1, no mutual TLS: look again at the next scheduled time (a new certificate resumes the walk).
    await finish({ nextRunAt: nextAfterNothing(now, options.intervalMs), ultimoStatus: 'SEM_CERTIFICADO' });
    return { status: 'IGNORADA', documentos: 0, ultimoNsu: state.ultimoNsu };
  }
  const { credentials, signer } = await companyCredentials(deps, company.id, company.certificate);
  const run: CaptureRun = {
    state,
    target: { companyId: company.id, accountId: company.accountId, cnpj: company.cnpj },
    options,
    finish,
  };
  if (state.fonte === FONTE_PREFEITURA_SP) return captureSaoPaulo(deps, run, { credentials, signer });
  if (state.fonte === FONTE_PREFEITURA_ABRASF) {
    const target = { ...run.target, municipio: company.municipio, inscricaoMunicipal: company.inscricaoMunicipal };
    return captureAbrasf(deps, { ...run, target }, credentials);
  }
  if (state.fonte === 'SEFAZ_NFE')
    return captureSefaz(deps, run, { service: NFE_DISTRIBUTION, client: deps.national.nfeDistClient(credentials) });
  if (state.fonte === 'SEFAZ_CTE')
    return captureSefaz(deps, run, { service: CTE_DISTRIBUTION, client: deps.national.cteDistClient(credentials) });
  return captureAdn(deps, run, deps.national.adnClient(credentials));
}
