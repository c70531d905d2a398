import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { fiscalDataProblems, resolveFiscalDataDir } from './engine/tabelas/fiscal-data-dir.js';
import type { SaoPauloSettings } from './engine/autoridades/sao-paulo/sao-paulo-gateway.js';
import {
  readAuthorityConfig,
  readJobConfig,
  readOperationConfig,
  readSaoPauloConfig,
  readStorageConfig,
  readWorkConfig,
  readScheduleConfig,
  readPoolerConfig,
} from './config/config-sections.js';
import { EnvReader } from './config/env-reader.js';
import { readSmtpConfig, type SmtpSettings } from './config/read-smtp-config.js';

// src/config.ts and dist/config.ts sit at the same depth: both resolve to the package's dist/painel.
const DEFAULT_PAINEL_DIR = fileURLToPath(new URL('../dist/painel', import.meta.url));

/** The only reader of process.env: parsed once, every problem reported together (config/config-sections.ts). */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** The official schemas and tables (FISCAL_DATA_DIR, default ../shared beside the repository), read in place. */
  fiscalDataDir: string;
  databaseUrl: string | null;
  redisUrl: string | null;
  /** RATE_LIMIT_PROCESSES: while Redis is down each process allows a key this fraction of its limit. */
  rateLimitProcesses: number;
  masterKey: Buffer | null;
  nationalApiUrl: { live: string | null; test: string | null };
  /** ADN Contribuinte base URL for production capture (…/contribuintes); null → the simulator. */
  nationalAdnUrlLive: string | null;
  /** ADN Parâmetros Municipais per environment (NATIONAL_PARAMETROS_URL_LIVE / _TEST); null → the simulator. */
  nationalParametrosUrl: { live: string | null; test: string | null };
  /** ABRASF_URLS_LIVE: each ABRASF city's real service for production notes (by IBGE, or every profile's own URL); the simulator otherwise. */
  abrasfUrlsLive: { urls: Record<string, string>; perfis: boolean };
  /**
   * LAYOUT_NACIONAL_URLS_LIVE: the service of each municipality whose provider takes the national DPS, for
   * production notes (by IBGE, or every provider-table row's own URL); the simulator otherwise.
   */
  layoutNacionalUrlsLive: { urls: Record<string, string>; tabela: boolean };
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
  /** DATABASE_PGBOUNCER: a transaction-mode pooler is in front of DATABASE_URL (also `?pgbouncer=true`). */
  databasePgbouncer: boolean;
  /** DATABASE_DIRECT_URL: PostgreSQL itself, past the pooler, for the migrations' session lock; null → DATABASE_URL. */
  databaseDirectUrl: string | null;
  /** The scheduler's housekeeping period (30-minute warning, abandoned batch receipts), in seconds; default 60. */
  sweepSeconds: number;
  /** The retention purges' period, in minutes (default 60), and the rows each DELETE takes (default 1000). */
  purgeIntervalMinutes: number;
  purgeChunkRows: number;
  /** How often batches whose process died are looked for, in seconds; default 5. */
  loteResumeSeconds: number;
  /**
   * The job queue: a claim's lease (JOB_LEASE_SECONDS, default 10), how often a process renews the leases of the
   * jobs it runs (JOB_HEARTBEAT_SECONDS, default 3; at most half the lease) and the attempts a job may start before
   * it is dead (JOB_MAX_ATTEMPTS, default 700).
   */
  jobLeaseSeconds: number;
  jobHeartbeatSeconds: number;
  jobMaxAttempts: number;
  docsUrl: string;
  webhookAllowedCidrs: string[];
  /**
   * SMTP (config/read-smtp-config.ts) for NFS-e e-mails to takers and webhook outage notices; null → nothing is
   * e-mailed: notes record that they were not sent, outage notices are recorded and logged.
   */
  smtp: SmtpSettings | null;
  logLevel: string;
  /** Port of a listener serving only GET /metrics (every role, the worker too); null → none. */
  metricsPort: number | null;
  /** Bearer token of GET /metrics; with it the main port serves /metrics too. Null → no /metrics on the main port. */
  metricsToken: string | null;
  /** How long SIGTERM waits for requests and jobs in flight before releasing what is left and exiting. */
  shutdownGraceSeconds: number;
  /**
   * How long, within that grace, the API keeps serving after SIGTERM while /readyz answers 503 and every answer
   * carries `Connection: close`, so the load balancer and keep-alive clients move elsewhere before the port closes.
   */
  shutdownDrainSeconds: number;
  /** Where the operator panel's built assets are (PAINEL_DIR; default dist/painel of the package). */
  painelDir: string;
  /**
   * TRUST_PROXY=1: the service runs behind a proxy that sets X-Forwarded-For and X-Forwarded-Proto; the client's
   * address and https come from them (the panel's sign-in lockout and its Secure cookie).
   */
  trustProxy: boolean;
  /**
   * PAINEL_ORIGINS: origins (scheme://host[:port]) besides the service's own from which the panel's pages may call
   * /painel/graphql and its websocket with the session cookie; empty → only the service's own origin.
   */
  painelOrigins: string[];
}

export class ConfigError extends Error {}

export function parseConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const r = new EnvReader(env);
  const storage = readStorageConfig(r);
  const authorities = readAuthorityConfig(r);
  const saoPaulo = readSaoPauloConfig(r);
  const work = readWorkConfig(r);
  const schedule = readScheduleConfig(r);
  const pooler = readPoolerConfig(r);
  const jobs = readJobConfig(r);
  const { smtp } = readSmtpConfig(r);
  // Without its schemas and tables the service would fail on the first note instead of at start.
  const fiscalDataDir = resolveFiscalDataDir(env.FISCAL_DATA_DIR);
  for (const problem of fiscalDataProblems(fiscalDataDir)) r.problem(problem);
  const operation = readOperationConfig(r, storage.port);

  if (r.problems.length) throw new ConfigError(`invalid configuration:\n- ${r.problems.join('\n- ')}`);
  return {
    ...storage,
    host: env.HOST ?? '0.0.0.0',
    dataDir: resolve(env.DATA_DIR ?? './data'),
    fiscalDataDir,
    ...authorities,
    saoPaulo,
    ...work,
    ...schedule,
    ...pooler,
    ...jobs,
    smtp,
    docsUrl: (env.DOCS_URL ?? 'https://docs.fiscal-api.dev').replace(/\/+$/, ''),
    logLevel: env.LOG_LEVEL ?? 'info',
    ...operation,
    painelDir: env.PAINEL_DIR?.trim() ? resolve(env.PAINEL_DIR.trim()) : DEFAULT_PAINEL_DIR,
  };
}
