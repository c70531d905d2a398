import { readFileSync } from 'node:fs';
import { SAO_PAULO_DEFAULTS } from '../engine/autoridades/sao-paulo/sao-paulo-gateway.js';
import type { Config } from '../config.js';
import type { EnvReader } from './env-reader.js';

/** PORT, the database, Redis and the master key. */
export function readStorageConfig(
  r: EnvReader,
): Pick<Config, 'port' | 'databaseUrl' | 'redisUrl' | 'rateLimitProcesses' | 'masterKey'> {
  const { env } = r;
  const port = Number(env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) r.problem(`PORT must be 0..65535, got "${env.PORT}"`);

  const databaseUrl = r.text('DATABASE_URL');
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) r.problem('DATABASE_URL must start with postgres://');
  const redisUrl = r.text('REDIS_URL');
  if (redisUrl && !/^rediss?:\/\//.test(redisUrl)) r.problem('REDIS_URL must start with redis:// or rediss://');
  const rateLimitProcesses = Number(env.RATE_LIMIT_PROCESSES ?? 1);
  if (!Number.isInteger(rateLimitProcesses) || rateLimitProcesses < 1) {
    r.problem(`RATE_LIMIT_PROCESSES must be a whole number of at least 1, got "${env.RATE_LIMIT_PROCESSES}"`);
  }

  let masterKey: Buffer | null = null;
  if (env.MASTER_KEY) {
    masterKey = /^[0-9a-fA-F]{64}$/.test(env.MASTER_KEY)
      ? Buffer.from(env.MASTER_KEY, 'hex')
      : Buffer.from(env.MASTER_KEY, 'base64');
    if (masterKey.length !== 32) r.problem('MASTER_KEY must be 32 bytes, as 64 hex characters or base64');
  }
  return { port, databaseUrl, redisUrl, rateLimitProcesses, masterKey };
}

type AuthorityConfig = Pick<
  Config,
  | 'nationalApiUrl'
  | 'sefazUrl'
  | 'sefazCa'
  | 'abrasfUrlsLive'
  | 'layoutNacionalUrlsLive'
  | 'nationalAdnUrlLive'
  | 'nationalParametrosUrl'
  | 'nfeDistUrlLive'
  | 'cteDistUrlLive'
  | 'nfeEventUrlLive'
  | 'cnpjApiUrl'
  | 'cepApiUrl'
>;

/** Where the authorities and public registries are; null where the in-process simulator answers. */
export function readAuthorityConfig(r: EnvReader): AuthorityConfig {
  const nationalApiUrl = { live: r.url('NATIONAL_API_URL_LIVE'), test: r.url('NATIONAL_API_URL_TEST') };
  const sefazUrlOf = (name: string): string | null => (r.env[name]?.trim() === 'oficial' ? 'oficial' : r.url(name));
  const sefazUrl = { live: sefazUrlOf('SEFAZ_URL_LIVE'), test: sefazUrlOf('SEFAZ_URL_TEST') };
  const sefazCa = readSefazCa(r);
  const abrasfUrlsLive = abrasfUrls(r);
  return {
    nationalApiUrl,
    sefazUrl,
    sefazCa,
    abrasfUrlsLive,
    layoutNacionalUrlsLive: layoutNacionalUrls(r),
    nationalAdnUrlLive: r.url('NATIONAL_ADN_URL_LIVE'),
    nationalParametrosUrl: { live: r.url('NATIONAL_PARAMETROS_URL_LIVE'), test: r.url('NATIONAL_PARAMETROS_URL_TEST') },
    nfeDistUrlLive: r.url('NFE_DIST_URL_LIVE'),
    cteDistUrlLive: r.url('CTE_DIST_URL_LIVE'),
    nfeEventUrlLive: r.url('NFE_EVENTO_URL_LIVE'),
    cnpjApiUrl: r.url('CNPJ_API_URL'),
    cepApiUrl: r.url('CEP_API_URL'),
  };
}

/** SEFAZ_CA_FILE's PEM bundle, read at start so a wrong path fails then. */
function readSefazCa(r: EnvReader): string | null {
  const sefazCaFile = r.env.SEFAZ_CA_FILE?.trim();
  if (!sefazCaFile) return null;
  let sefazCa: string | null = null;
  try {
    sefazCa = readFileSync(sefazCaFile, 'utf8');
    if (!sefazCa.includes('-----BEGIN CERTIFICATE-----'))
      r.problem(`SEFAZ_CA_FILE: ${sefazCaFile} holds no PEM certificate`);
  } catch (err) {
    r.problem(`SEFAZ_CA_FILE: cannot read ${sefazCaFile} (${(err as Error).message})`);
  }
  return sefazCa;
}

/**
 * ABRASF_URLS_LIVE: where production notes of the ABRASF cities go. `perfis` uses the production URL of each city's
 * profile (where it names one); `5300108=https://…,3543402=https://…` names them one by one (both may be combined:
 * `perfis,3543402=https://…`). Unset: every ABRASF city's notes go to the in-process simulator.
 */
function abrasfUrls(r: EnvReader): Config['abrasfUrlsLive'] {
  const urls: Record<string, string> = {};
  let perfis = false;
  for (const entry of (r.env.ABRASF_URLS_LIVE ?? '')
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean)) {
    if (entry === 'perfis') {
      perfis = true;
      continue;
    }
    const m = /^(\d{7})=(https?:\/\/\S+)$/.exec(entry);
    if (m) urls[m[1]!] = m[2]!;
    else r.problem(`ABRASF_URLS_LIVE: "${entry}" is neither "perfis" nor <IBGE>=<http(s) URL>`);
  }
  return { urls, perfis };
}

/**
 * LAYOUT_NACIONAL_URLS_LIVE: where production notes of the municipalities whose provider takes the national DPS
 * go. `tabela` uses the production URL of the provider table's row; `4204202=https://…` names them one by one (both
 * may be combined). Unset: every such municipality's notes go to the in-process simulator.
 */
function layoutNacionalUrls(r: EnvReader): Config['layoutNacionalUrlsLive'] {
  const urls: Record<string, string> = {};
  let tabela = false;
  for (const entry of (r.env.LAYOUT_NACIONAL_URLS_LIVE ?? '')
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean)) {
    if (entry === 'tabela') {
      tabela = true;
      continue;
    }
    const m = /^(\d{7})=(https?:\/\/\S+)$/.exec(entry);
    if (m) urls[m[1]!] = m[2]!;
    else r.problem(`LAYOUT_NACIONAL_URLS_LIVE: "${entry}" is neither "tabela" nor <IBGE>=<http(s) URL>`);
  }
  return { urls, tabela };
}

/** São Paulo's own system: its URL, SOAP version and the facts the city does not publish. */
export function readSaoPauloConfig(r: EnvReader): Config['saoPaulo'] {
  const { env } = r;
  const soapVersion = r.text('SAO_PAULO_SOAP') ?? '1.2';
  if (soapVersion !== '1.1' && soapVersion !== '1.2') r.problem('SAO_PAULO_SOAP must be 1.1 or 1.2');
  const ccmCancelamento = Number(env.SAO_PAULO_CCM_CANCELAMENTO ?? SAO_PAULO_DEFAULTS.larguraCcmCancelamento);
  if (ccmCancelamento !== 8 && ccmCancelamento !== 12) r.problem('SAO_PAULO_CCM_CANCELAMENTO must be 8 or 12');
  return {
    url: r.url('SAO_PAULO_NFSE_URL'),
    soapVersion: soapVersion as '1.1' | '1.2',
    settings: {
      layout2Desde: r.date('SAO_PAULO_LAYOUT2_DESDE', SAO_PAULO_DEFAULTS.layout2Desde) ?? '9999-12-31',
      layout2SimplesDesde: r.date('SAO_PAULO_LAYOUT2_SIMPLES_DESDE', SAO_PAULO_DEFAULTS.layout2SimplesDesde),
      cIndOp: r.digits6('SAO_PAULO_CIND_OP', SAO_PAULO_DEFAULTS.cIndOp),
      cClassTrib: r.digits6('SAO_PAULO_CCLASSTRIB', SAO_PAULO_DEFAULTS.cClassTrib),
      larguraCcmCancelamento: ccmCancelamento as 8 | 12,
    },
  };
}

/** The worker's schedules and the webhook deliveries' limits. */
export function readWorkConfig(
  r: EnvReader,
): Pick<Config, 'captureIntervalMinutes' | 'captureTickSeconds' | 'webhookAllowedCidrs'> {
  const { env } = r;
  const captureIntervalMinutes = Number(env.CAPTURE_INTERVAL_MINUTES ?? 60);
  if (!Number.isInteger(captureIntervalMinutes) || captureIntervalMinutes < 1)
    r.problem('CAPTURE_INTERVAL_MINUTES must be a positive integer');
  const captureTickSeconds = Number(env.CAPTURE_TICK_SECONDS ?? 30);
  if (!Number.isInteger(captureTickSeconds) || captureTickSeconds < 0)
    r.problem('CAPTURE_TICK_SECONDS must be a non-negative integer');

  const webhookAllowedCidrs = (env.WEBHOOK_ALLOWED_CIDRS ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const cidr of webhookAllowedCidrs) {
    if (!/^[0-9a-fA-F:.]+\/\d{1,3}$/.test(cidr)) r.problem(`WEBHOOK_ALLOWED_CIDRS: "${cidr}" is not a CIDR range`);
  }
  return { captureIntervalMinutes, captureTickSeconds, webhookAllowedCidrs };
}

/** The job queue's lease, its heartbeat and the attempts a job may start (fila/job-settings.ts). */
export function readJobConfig(
  r: EnvReader,
): Pick<Config, 'jobLeaseSeconds' | 'jobHeartbeatSeconds' | 'jobMaxAttempts'> {
  const { env } = r;
  const jobLeaseSeconds = Number(env.JOB_LEASE_SECONDS ?? 6);
  if (!Number.isFinite(jobLeaseSeconds) || jobLeaseSeconds < 1) r.problem('JOB_LEASE_SECONDS must be a number >= 1');
  const jobHeartbeatSeconds = Number(env.JOB_HEARTBEAT_SECONDS ?? 2);
  // Two beats per lease at least: one late beat (a busy event loop, a slow statement) loses no lease.
  if (!Number.isFinite(jobHeartbeatSeconds) || jobHeartbeatSeconds <= 0 || jobHeartbeatSeconds > jobLeaseSeconds / 2)
    r.problem('JOB_HEARTBEAT_SECONDS must be a positive number of at most half of JOB_LEASE_SECONDS');
  const jobMaxAttempts = Number(env.JOB_MAX_ATTEMPTS ?? 700);
  if (!Number.isInteger(jobMaxAttempts) || jobMaxAttempts < 1) r.problem('JOB_MAX_ATTEMPTS must be a positive integer');
  return { jobLeaseSeconds, jobHeartbeatSeconds, jobMaxAttempts };
}

/** How the process is run: metrics exposure, the stop grace period and the proxy in front of it. */
export function readOperationConfig(
  r: EnvReader,
  port: number,
): Pick<
  Config,
  'metricsPort' | 'metricsToken' | 'shutdownGraceSeconds' | 'shutdownDrainSeconds' | 'trustProxy' | 'painelOrigins'
> {
  const { env } = r;
  const metricsPort = env.METRICS_PORT?.trim() ? Number(env.METRICS_PORT) : null;
  if (metricsPort !== null && (!Number.isInteger(metricsPort) || metricsPort < 0 || metricsPort > 65535))
    r.problem(`METRICS_PORT must be 0..65535, got "${env.METRICS_PORT}"`);
  if (metricsPort !== null && metricsPort !== 0 && metricsPort === port)
    r.problem('METRICS_PORT must differ from PORT (use METRICS_TOKEN for /metrics on the main port)');
  const metricsToken = r.text('METRICS_TOKEN');
  // A short token is guessable by anyone who reaches the public port.
  if (metricsToken !== null && metricsToken.length < 16) r.problem('METRICS_TOKEN must have at least 16 characters');
  const shutdownGraceSeconds = Number(env.SHUTDOWN_GRACE_SECONDS ?? 25);
  if (!Number.isFinite(shutdownGraceSeconds) || shutdownGraceSeconds < 0)
    r.problem('SHUTDOWN_GRACE_SECONDS must be a non-negative number');
  const shutdownDrainSeconds = Number(env.SHUTDOWN_DRAIN_SECONDS ?? 3);
  if (!Number.isFinite(shutdownDrainSeconds) || shutdownDrainSeconds < 0)
    r.problem('SHUTDOWN_DRAIN_SECONDS must be a non-negative number');

  const trustProxy = ['1', 'true'].includes(env.TRUST_PROXY?.trim() ?? '');
  if (env.TRUST_PROXY?.trim() && !trustProxy && !['0', 'false'].includes(env.TRUST_PROXY.trim()))
    r.problem('TRUST_PROXY must be 1 or 0');
  const painelOrigins = (env.PAINEL_ORIGINS ?? '')
    .split(',')
    .map((o) => o.trim().toLowerCase().replace(/\/+$/, ''))
    .filter(Boolean);
  for (const origin of painelOrigins) {
    if (!/^https?:\/\/[^/\s?#*]+$/.test(origin))
      r.problem(`PAINEL_ORIGINS: "${origin}" is not an origin (scheme://host[:port], no path)`);
  }
  return { metricsPort, metricsToken, shutdownGraceSeconds, shutdownDrainSeconds, trustProxy, painelOrigins };
}

/** The scheduler's periods (docs/configuracao.md): the housekeeping sweep, the purges and batch resumption. */
export function readScheduleConfig(
  r: EnvReader,
): Pick<Config, 'sweepSeconds' | 'purgeIntervalMinutes' | 'purgeChunkRows' | 'loteResumeSeconds'> {
  const positive = (name: string, fallback: number): number => {
    const value = Number(r.env[name]?.trim() || fallback);
    if (!Number.isInteger(value) || value < 1) r.problem(`${name} must be a positive integer`);
    return value;
  };
  return {
    sweepSeconds: positive('SWEEP_INTERVAL_SECONDS', 60),
    purgeIntervalMinutes: positive('PURGE_INTERVAL_MINUTES', 60),
    purgeChunkRows: positive('PURGE_CHUNK_ROWS', 1000),
    loteResumeSeconds: positive('LOTE_RESUME_SECONDS', 2),
  };
}

/** A transaction-mode pooler in front of DATABASE_URL, and PostgreSQL itself past it (docs/banco-e-migracoes.md). */
export function readPoolerConfig(r: EnvReader): Pick<Config, 'databasePgbouncer' | 'databaseDirectUrl'> {
  const flag = r.text('DATABASE_PGBOUNCER') ?? '0';
  if (!['0', '1', 'true', 'false'].includes(flag)) r.problem('DATABASE_PGBOUNCER must be 0, 1, true or false');
  const databaseDirectUrl = r.text('DATABASE_DIRECT_URL');
  if (databaseDirectUrl && !/^postgres(ql)?:\/\//.test(databaseDirectUrl))
    r.problem('DATABASE_DIRECT_URL must start with postgres://');
  const databasePgbouncer = flag === '1' || flag === 'true';
  // Through the pooler the migrations' session lock could be taken on one server connection and released on another.
  const pooled = databasePgbouncer || /[?&]pgbouncer=(true|1)(&|$)/.test(r.env.DATABASE_URL ?? '');
  if (pooled && !databaseDirectUrl)
    r.problem(
      'DATABASE_DIRECT_URL must point at PostgreSQL itself when DATABASE_URL is a PgBouncer (transaction mode)',
    );
  return { databasePgbouncer, databaseDirectUrl };
}
