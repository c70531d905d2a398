import type { Environment } from '../nucleo/environment.js';
import type { CompanyWithCertificate } from '../empresas/present-company.js';
import { autorizadorDaUf, cUfOf } from '../autoridades/sefaz/nfe-endpoint.js';
import { extractElement } from '../autoridades/soap-envelope.js';
import { ufDoCodigo } from '../tabelas/index.js';
import { companyCredentials } from '../empresas/company-credentials.js';
import type { TransmissionDeps } from '../transmission-deps.js';
import type { ReadinessItem } from './readiness-items.js';

export const AUTHORISER_ITEM = 'autorizador_nfe_disponivel';
/** One status call per authoriser and environment serves every company for this long. */
const CACHE_MS = 60_000;
/** A readiness request does not wait for a slow authoriser longer than this. */
const WAIT_MS = 5_000;
/** 107 "Serviço em Operação"; 108/109 paralysed. */
const IN_OPERATION = '107';

const cache = new Map<string, { at: number; item: Promise<ReadinessItem> }>();

/**
 * "Authoriser reachable": NfeStatusServico4 of the company's authoriser answered 107. Never
 * worse than `aviso` — an NF-e still goes out in EPEC contingency while its UF is down — and only for a company
 * that issues NF-e (state registration, known authoriser, A1); not part of the issuance gates, which must not
 * wait on a SEFAZ. Cached per authoriser and environment: readiness pages do not hammer the authority.
 */
export async function authoriserReachableItem(
  deps: Pick<TransmissionDeps, 'db' | 'clock' | 'secrets' | 'sefaz'>,
  company: CompanyWithCertificate,
  environment: Environment,
): Promise<ReadinessItem | null> {
  const cUF = cUfOf(company.municipio);
  const uf = ufDoCodigo(cUF);
  const autorizador = uf ? autorizadorDaUf(uf) : null;
  if (!company.inscricaoEstadual || !autorizador || !company.certificate) return null;
  const key = `${environment}|${autorizador}`;
  const now = deps.clock.now().getTime();
  const hit = cache.get(key);
  if (hit && now - hit.at < CACHE_MS) return hit.item;
  const item = probe(deps, company, environment, cUF, autorizador);
  cache.set(key, { at: now, item });
  return item;
}

async function probe(
  deps: Pick<TransmissionDeps, 'db' | 'secrets' | 'sefaz'>,
  company: CompanyWithCertificate,
  environment: Environment,
  cUF: string,
  autorizador: string,
): Promise<ReadinessItem> {
  const down = (motivo: string): ReadinessItem => ({
    item: AUTHORISER_ITEM,
    situacao: 'aviso',
    mensagem: `O autorizador da NF-e (${autorizador}) ${motivo}: as NF-e sairão em contingência EPEC até ele voltar.`,
    correcao: 'Nada a fazer: a API registra o EPEC e transmite as notas quando o autorizador voltar.',
  });
  let timer: NodeJS.Timeout | undefined;
  try {
    const { credentials } = await companyCredentials(deps, company.id, company.certificate);
    const slow = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), WAIT_MS);
    });
    const answer = await Promise.race([deps.sefaz.status({ environment, cUF, simulacao: null, credentials }), slow]);
    if (answer === null) return down(`não respondeu em ${WAIT_MS / 1000} s`);
    const ret = extractElement(answer, 'retConsStatServ') ?? '';
    const cStat = /<cStat>(\d+)<\/cStat>/.exec(ret)?.[1];
    if (cStat !== IN_OPERATION)
      return down(
        `informou cStat ${cStat ?? 'ausente'} (${/<xMotivo>([^<]*)<\/xMotivo>/.exec(ret)?.[1] ?? 'sem motivo'})`,
      );
    return {
      item: AUTHORISER_ITEM,
      situacao: 'ok',
      mensagem: `Autorizador da NF-e (${autorizador}) em operação.`,
      correcao: null,
    };
  } catch {
    return down('não está acessível');
  } finally {
    clearTimeout(timer);
  }
}
