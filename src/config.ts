import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { fiscalDataProblems, resolveFiscalDataDir } from './engine/tabelas/fiscal-data-dir.js';
import { SAO_PAULO_DEFAULTS, type SaoPauloSettings } from './engine/autoridades/sao-paulo/sao-paulo-gateway.js';

// src/config.ts and dist/config.ts sit at the same depth: both resolve to the package's dist/painel.
const DEFAULT_PAINEL_DIR = fileURLToPath(new URL('../dist/painel', import.meta.url));

/** The only reader of process.env: parsed once, every problem reported together. */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** The official schemas and tables (FISCAL_DATA_DIR, default ../shared beside the repository), read in place. */
  fiscalDataDir: string;
  databaseUrl: string | null;
  redisUrl: string | null;
  masterKey: Buffer | null;
  nationalApiUrl: { live: string | null; test: string | null };
  /** ADN Contribuinte base URL for production capture (…/contribuintes); null → the simulator. */
  nationalAdnUrlLive: string | null;
  /** ADN Parâmetros Municipais per environment (NATIONAL_PARAMETROS_URL_LIVE / _TEST); null → the simulator. */
  nationalParametrosUrl: { live: string | null; test: string | null };
  /** ABRASF_URLS_LIVE: each ABRASF city's real service for production notes (by IBGE, or every profile's own URL); the simulator otherwise. */
  abrasfUrlsLive: { urls: Record<string, string>; perfis: boolean };
  /** SEFAZ national NFeDistribuicaoDFe URL for production NF-e capture; null → the simulator. */
  nfeDistUrlLive: string | null;
  /** SEFAZ national CTeDistribuicaoDFe URL for production CT-e capture; null → the simulator. */
  cteDistUrlLive: string | null;
  /** National NFeRecepcaoEvento4 URL (manifestação do destinatário) in production; null → the simulator. */
  nfeEventUrlLive: string | null;
  /**
   * NF-e authorities per environment (SEFAZ_URL_TEST / SEFAZ_URL_LIVE): null → the built-in simulator; 'oficial'
   * → each issuer's authoriser from the official endpoint table; a URL → one server answering <url>/<operation>.
   */
  sefazUrl: { live: string | null; test: string | null };
  /**
   * CA certificates (PEM bundle from SEFAZ_CA_FILE) the authorities' https servers are checked against: the SEFAZ
   * servers present ICP-Brasil chains, which Node's own store lacks. Null → Node's store.
   */
  sefazCa: string | null;
  /**
   * CNPJ registry for filling in NF-e recipients (CNPJ_API_URL), a server speaking BrasilAPI's
   * `GET /api/cnpj/v1/{cnpj}` (https://brasilapi.com.br); null → the built-in simulator.
   */
  cnpjApiUrl: string | null;
  /** Postal codes for NF-e recipient addresses (CEP_API_URL), ViaCEP's `GET /ws/{cep}/json/` (https://viacep.com.br); null → the simulator. */
  cepApiUrl: string | null;
  /**
   * São Paulo's own system: SAO_PAULO_NFSE_URL (https://nfews.prefeitura.sp.gov.br/lotenfe.asmx; null → the built-in
   * simulator), SAO_PAULO_SOAP (1.2 default, or 1.1) and the facts the city does not publish (SAO_PAULO_LAYOUT2_DESDE,
   * SAO_PAULO_LAYOUT2_SIMPLES_DESDE, SAO_PAULO_CIND_OP, SAO_PAULO_CCLASSTRIB, SAO_PAULO_CCM_CANCELAMENTO).
   */
  saoPaulo: { url: string | null; soapVersion: '1.1' | '1.2'; settings: SaoPauloSettings };
  /** Capture schedule per company (received documents), in minutes; default 60. */
  captureIntervalMinutes: number;
  /** How often the worker looks for due captures, in seconds; 0 turns capture off in this process. Default 30. */
  captureTickSeconds: number;
  docsUrl: string;
  webhookAllowedCidrs: string[];
  /** SMTP for webhook outage notices (smtp://… or smtps://…); without it notices are recorded and logged. */
  smtpUrl: string | null;
  logLevel: string;
  /** Port of a listener serving only GET /metrics (every role, the worker too); null → none. */
  metricsPort: number | null;
  /** Bearer token of GET /metrics; with it the main port serves /metrics too. Null → no /metrics on the main port. */
  metricsToken: string | null;
  /** How long SIGTERM waits for requests and jobs in flight before releasing what is left and exiting. */
  shutdownGraceSeconds: number;
  /** Where the operator panel's built assets are (PAINEL_DIR; default dist/painel of the package). */
  painelDir: string;
  /**
   * TRUST_PROXY=1: the service runs behind a proxy that sets X-Forwarded-For and X-Forwarded-Proto; the client's
   * address and https come from them (the panel's sign-in lockout and its Secure cookie).
   */
  trustProxy: boolean;
}

export class ConfigError extends Error {}

export function parseConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const problems: string[] = [];
  const port = Number(env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) problems.push(`PORT must be 0..65535, got "${env.PORT}"`);

  const databaseUrl = env.DATABASE_URL?.trim() || null;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl))
    problems.push('DATABASE_URL must start with postgres://');
  const redisUrl = env.REDIS_URL?.trim() || null;
  if (redisUrl && !/^rediss?:\/\//.test(redisUrl)) problems.push('REDIS_URL must start with redis:// or rediss://');

  let masterKey: Buffer | null = null;
  if (env.MASTER_KEY) {
    masterKey = /^[0-9a-fA-F]{64}$/.test(env.MASTER_KEY)
      ? Buffer.from(env.MASTER_KEY, 'hex')
      : Buffer.from(env.MASTER_KEY, 'base64');
    if (masterKey.length !== 32) problems.push('MASTER_KEY must be 32 bytes, as 64 hex characters or base64');
  }

  const url = (name: string): string | null => {
    const value = env[name]?.trim();
    if (!value) return null;
    if (!/^https?:\/\//.test(value)) problems.push(`${name} must be an http(s) URL`);
    return value.replace(/\/+$/, '');
  };
  const nationalApiUrl = { live: url('NATIONAL_API_URL_LIVE'), test: url('NATIONAL_API_URL_TEST') };

  const sefazUrlOf = (name: string): string | null => (env[name]?.trim() === 'oficial' ? 'oficial' : url(name));
  const sefazUrl = { live: sefazUrlOf('SEFAZ_URL_LIVE'), test: sefazUrlOf('SEFAZ_URL_TEST') };
  let sefazCa: string | null = null;
  const sefazCaFile = env.SEFAZ_CA_FILE?.trim();
  if (sefazCaFile) {
    try {
      sefazCa = readFileSync(sefazCaFile, 'utf8');
      if (!sefazCa.includes('-----BEGIN CERTIFICATE-----'))
        problems.push(`SEFAZ_CA_FILE: ${sefazCaFile} holds no PEM certificate`);
    } catch (err) {
      problems.push(`SEFAZ_CA_FILE: cannot read ${sefazCaFile} (${(err as Error).message})`);
    }
  }
  const abrasfUrlsLive = abrasfUrls(env.ABRASF_URLS_LIVE, problems);
  const nationalAdnUrlLive = url('NATIONAL_ADN_URL_LIVE');
  const nationalParametrosUrl = {
    live: url('NATIONAL_PARAMETROS_URL_LIVE'),
    test: url('NATIONAL_PARAMETROS_URL_TEST'),
  };
  const nfeDistUrlLive = url('NFE_DIST_URL_LIVE');
  const cteDistUrlLive = url('CTE_DIST_URL_LIVE');
  const nfeEventUrlLive = url('NFE_EVENTO_URL_LIVE');
  const cnpjApiUrl = url('CNPJ_API_URL');
  const cepApiUrl = url('CEP_API_URL');
  const dateOf = (name: string, fallback: string | null): string | null => {
    const value = env[name]?.trim();
    if (!value) return fallback;
    if (value === 'nunca') return null;
    if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) problems.push(`${name} must be AAAA-MM-DD or "nunca"`);
    return value;
  };
  const digits6 = (name: string, fallback: string): string => {
    const value = env[name]?.trim() || fallback;
    if (!/^\d{6}$/.test(value)) problems.push(`${name} must have 6 digits`);
    return value;
  };
  const soapVersion = env.SAO_PAULO_SOAP?.trim() || '1.2';
  if (soapVersion !== '1.1' && soapVersion !== '1.2') problems.push('SAO_PAULO_SOAP must be 1.1 or 1.2');
  const ccmCancelamento = Number(env.SAO_PAULO_CCM_CANCELAMENTO ?? SAO_PAULO_DEFAULTS.larguraCcmCancelamento);
  if (ccmCancelamento !== 8 && ccmCancelamento !== 12) problems.push('SAO_PAULO_CCM_CANCELAMENTO must be 8 or 12');
  const saoPaulo = {
    url: url('SAO_PAULO_NFSE_URL'),
    soapVersion: soapVersion as '1.1' | '1.2',
    settings: {
      layout2Desde: dateOf('SAO_PAULO_LAYOUT2_DESDE', SAO_PAULO_DEFAULTS.layout2Desde) ?? '9999-12-31',
      layout2SimplesDesde: dateOf('SAO_PAULO_LAYOUT2_SIMPLES_DESDE', SAO_PAULO_DEFAULTS.layout2SimplesDesde),
      cIndOp: digits6('SAO_PAULO_CIND_OP', SAO_PAULO_DEFAULTS.cIndOp),
      cClassTrib: digits6('SAO_PAULO_CCLASSTRIB', SAO_PAULO_DEFAULTS.cClassTrib),
      larguraCcmCancelamento: ccmCancelamento as 8 | 12,
    },
  };
  const captureIntervalMinutes = Number(env.CAPTURE_INTERVAL_MINUTES ?? 60);
  if (!Number.isInteger(captureIntervalMinutes) || captureIntervalMinutes < 1)
    problems.push('CAPTURE_INTERVAL_MINUTES must be a positive integer');
  const captureTickSeconds = Number(env.CAPTURE_TICK_SECONDS ?? 30);
  if (!Number.isInteger(captureTickSeconds) || captureTickSeconds < 0)
    problems.push('CAPTURE_TICK_SECONDS must be a non-negative integer');

  const webhookAllowedCidrs = (env.WEBHOOK_ALLOWED_CIDRS ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const cidr of webhookAllowedCidrs) {
    if (!/^[0-9a-fA-F:.]+\/\d{1,3}$/.test(cidr)) problems.push(`WEBHOOK_ALLOWED_CIDRS: "${cidr}" is not a CIDR range`);
  }

  const smtpUrl = env.SMTP_URL?.trim() || null;
  if (smtpUrl && !/^smtps?:\/\//.test(smtpUrl)) problems.push('SMTP_URL must start with smtp:// or smtps://');

  // Without its schemas and tables the service would fail on the first note instead of at start.
  const fiscalDataDir = resolveFiscalDataDir(env.FISCAL_DATA_DIR);
  problems.push(...fiscalDataProblems(fiscalDataDir));
  const metricsPort = env.METRICS_PORT?.trim() ? Number(env.METRICS_PORT) : null;
  if (metricsPort !== null && (!Number.isInteger(metricsPort) || metricsPort < 0 || metricsPort > 65535))
    problems.push(`METRICS_PORT must be 0..65535, got "${env.METRICS_PORT}"`);
  if (metricsPort !== null && metricsPort !== 0 && metricsPort === port)
    problems.push('METRICS_PORT must differ from PORT (use METRICS_TOKEN for /metrics on the main port)');
  const metricsToken = env.METRICS_TOKEN?.trim() || null;
  // A short token is guessable by anyone who reaches the public port.
  if (metricsToken !== null && metricsToken.length < 16)
    problems.push('METRICS_TOKEN must have at least 16 characters');
  const shutdownGraceSeconds = Number(env.SHUTDOWN_GRACE_SECONDS ?? 25);
  if (!Number.isFinite(shutdownGraceSeconds) || shutdownGraceSeconds < 0)
    problems.push('SHUTDOWN_GRACE_SECONDS must be a non-negative number');

  const trustProxy = ['1', 'true'].includes(env.TRUST_PROXY?.trim() ?? '');
  if (env.TRUST_PROXY?.trim() && !trustProxy && !['0', 'false'].includes(env.TRUST_PROXY.trim()))
    problems.push('TRUST_PROXY must be 1 or 0');

  if (problems.length) throw new ConfigError(`invalid configuration:\n- ${problems.join('\n- ')}`);
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir: resolve(env.DATA_DIR ?? './data'),
    fiscalDataDir,
    databaseUrl,
    redisUrl,
    masterKey,
    nationalApiUrl,
    nationalAdnUrlLive,
    nationalParametrosUrl,
    abrasfUrlsLive,
    sefazUrl,
    sefazCa,
    nfeDistUrlLive,
    cteDistUrlLive,
    nfeEventUrlLive,
    cnpjApiUrl,
    cepApiUrl,
    saoPaulo,
    captureIntervalMinutes,
    captureTickSeconds,
    docsUrl: (env.DOCS_URL ?? 'https://docs.fiscal-api.dev').replace(/\/+$/, ''),
    webhookAllowedCidrs,
    smtpUrl,
    logLevel: env.LOG_LEVEL ?? 'info',
    metricsPort,
    metricsToken,
    shutdownGraceSeconds,
    painelDir: env.PAINEL_DIR?.trim() ? resolve(env.PAINEL_DIR.trim()) : DEFAULT_PAINEL_DIR,
    trustProxy,
  };
}

/**
 * ABRASF_URLS_LIVE: where production notes of the ABRASF cities go. `perfis` uses the production URL of each city's
 * profile (where it names one); `5300108=https://…,3543402=https://…` names them one by one (both may be combined:
 * `perfis,3543402=https://…`). Unset: every ABRASF city's notes go to the in-process simulator.
 */
function abrasfUrls(value: string | undefined, problems: string[]): { urls: Record<string, string>; perfis: boolean } {
  const urls: Record<string, string> = {};
  let perfis = false;
  for (const entry of (value ?? '')
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean)) {
    if (entry === 'perfis') {
      perfis = true;
      continue;
    }
    const m = /^(\d{7})=(https?:\/\/\S+)$/.exec(entry);
    if (m) urls[m[1]!] = m[2]!;
    else problems.push(`ABRASF_URLS_LIVE: "${entry}" is neither "perfis" nor <IBGE>=<http(s) URL>`);
  }
  return { urls, perfis };
}
