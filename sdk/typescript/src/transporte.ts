import { backoffDelay, rateLimitDelay, retryAfterDelay } from './backoff-delay.js';
import { FiscalApiError } from './fiscal-api-error.js';
import { VERSAO } from './generated/versao.js';

export type Metodo = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

export interface Pedido {
  metodo: Metodo;
  /** Path under the base address, starting `/v1/`. */
  caminho: string;
  consulta?: Record<string, string | number | boolean | null | undefined>;
  /** JSON (serialised once, the same bytes on every attempt) or a multipart form. */
  corpo?: unknown;
  cabecalhos?: Record<string, string>;
  /** The logical call's key; one is generated for every call that is not a GET. */
  chaveIdempotencia?: string;
  /** How to read a 2xx body: JSON (default), text (XML) or bytes (PDF, spreadsheet). */
  leitura?: 'json' | 'texto' | 'bytes';
  /**
   * `Prefer: wait=<s>`: how long the API may hold the answer. The attempt's time limit becomes at least this wait
   * plus MARGEM_ESPERA_MS, so an answer the API gives at the end of the wait is not cut off and retried.
   */
  esperaSegundos?: number;
  signal?: AbortSignal;
}

export interface Resposta<T = unknown> {
  status: number;
  corpo: T;
  cabecalhos: Headers;
  requisicao_id: string | null;
  /** Attempts made (1 when the first answered). */
  tentativas: number;
}

/** The client's settings: the key and address, the retries and the hooks tests replace. */
interface OpcoesComuns {
  /** The service's address (default http://localhost:3000). */
  urlBase?: string;
  /** Retries after the first attempt (default 3). */
  maxRetentativas?: number;
  /** First backoff wait (default 500 ms), doubling each retry up to `esperaMaximaMs` (default 8 s). */
  esperaInicialMs?: number;
  esperaMaximaMs?: number;
  /** Limit of one attempt (default 30 s; a call that asks the API to wait longer gets that wait plus 10 s). */
  tempoLimiteMs?: number;
  /**
   * How long, added up, the waits between attempts may be while a repeated call finds its first attempt still
   * running (409 `conflito`, `retentavel: true`) before that error goes to the caller (default 60 s).
   */
  limiteConflitoMs?: number;
  fetch?: typeof fetch;
  /** Generates Idempotency-Key values (default crypto.randomUUID). */
  gerarChave?: () => string;
  /** Waits between attempts (tests make it instant). */
  esperar?: (ms: number) => Promise<void>;
  /** Your application's product token, sent after the library's own in `User-Agent` (`minha-loja/2.3`). */
  userAgent?: string;
  /** @deprecated Use `urlBase`; this name goes in the next major version. */
  baseUrl?: string;
  /** @deprecated Use `maxRetentativas`; this name goes in the next major version. */
  maxRetries?: number;
  /** @deprecated Use `esperaInicialMs`; this name goes in the next major version. */
  retryDelayMs?: number;
  /** @deprecated Use `esperaMaximaMs`; this name goes in the next major version. */
  maxRetryDelayMs?: number;
  /** @deprecated Use `tempoLimiteMs`; this name goes in the next major version. */
  timeoutMs?: number;
}

/** `chaveApi` (svc_test_… or svc_live_…) and the other settings. */
export type OpcoesTransporte = OpcoesComuns &
  (
    | { chaveApi: string }
    | {
        /** @deprecated Use `chaveApi`; this name goes in the next major version. */
        apiKey: string;
      }
  );

/** The settings with every default applied. */
interface Resolvidas {
  chaveApi: string;
  urlBase: string;
  maxRetentativas: number;
  esperaInicialMs: number;
  esperaMaximaMs: number;
  tempoLimiteMs: number;
  limiteConflitoMs: number;
  fetch: typeof fetch;
  gerarChave: () => string;
  esperar: (ms: number) => Promise<void>;
  userAgent: string;
}

/** The library's product token, first in every request's `User-Agent`. */
export const USER_AGENT = `fiscal-api-sdk-typescript/${VERSAO}`;

/** Added to an asked `Prefer: wait` to make the attempt's time limit: the answer leaves the API at the wait's end. */
export const MARGEM_ESPERA_MS = 10_000;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Why an attempt gave no usable answer and may be repeated. */
type Falha =
  | { tipo: 'conexao' | 'tempo'; causa: unknown; limiteMs: number }
  | { tipo: 'http' | 'conflito'; erro: FiscalApiError; espera: number | null };

/**
 * Sends one logical call, repeating it as the API's retry rules say: only a timeout, a connection that failed,
 * a 429 or a 5xx whose body does not say `retentavel: false`; never 400, 401, 403, 404, 409, 412 or 422, which
 * need a corrected request. Every attempt carries the same `Idempotency-Key`, so a repeated issuance returns the
 * first one's stored answer instead of issuing again. One 409 is waited out: `conflito` (`retentavel: true`) on a
 * repeated attempt means this call's own earlier attempt is still running at the API, and its answer comes once
 * it ends; those waits are bounded by `limiteConflitoMs`, apart from `maxRetentativas`.
 */
export class Transporte {
  private readonly options: Resolvidas;

  constructor(options: OpcoesTransporte) {
    const chaveApi = (options as { chaveApi?: string }).chaveApi ?? (options as { apiKey?: string }).apiKey;
    if (!chaveApi) throw new TypeError('chaveApi é obrigatória (svc_test_… ou svc_live_…)');
    this.options = {
      chaveApi,
      urlBase: (options.urlBase ?? options.baseUrl ?? 'http://localhost:3000').replace(/\/+$/, ''),
      maxRetentativas: options.maxRetentativas ?? options.maxRetries ?? 3,
      esperaInicialMs: options.esperaInicialMs ?? options.retryDelayMs ?? 500,
      esperaMaximaMs: options.esperaMaximaMs ?? options.maxRetryDelayMs ?? 8_000,
      tempoLimiteMs: options.tempoLimiteMs ?? options.timeoutMs ?? 30_000,
      limiteConflitoMs: options.limiteConflitoMs ?? 60_000,
      fetch: options.fetch ?? ((...args) => globalThis.fetch(...args)),
      gerarChave: options.gerarChave ?? (() => globalThis.crypto.randomUUID()),
      esperar: options.esperar ?? sleep,
      userAgent: options.userAgent ? `${USER_AGENT} ${options.userAgent}` : USER_AGENT,
    };
  }

  get urlBase(): string {
    return this.options.urlBase;
  }

  get chaveApi(): string {
    return this.options.chaveApi;
  }

  /** @deprecated Use `urlBase`; this name goes in the next major version. */
  get baseUrl(): string {
    return this.urlBase;
  }

  /** @deprecated Use `chaveApi`; this name goes in the next major version. */
  get apiKey(): string {
    return this.chaveApi;
  }

  async enviar<T = unknown>(pedido: Pedido): Promise<Resposta<T>> {
    const { maxRetentativas, esperaInicialMs, esperaMaximaMs, limiteConflitoMs } = this.options;
    const chave = pedido.metodo === 'GET' ? undefined : (pedido.chaveIdempotencia ?? this.options.gerarChave());
    const url = this.url(pedido);
    const json = pedido.corpo !== undefined && !(pedido.corpo instanceof FormData);
    const body = json ? JSON.stringify(pedido.corpo) : (pedido.corpo as FormData | undefined);
    const headers: Record<string, string> = {
      authorization: `Bearer ${this.options.chaveApi}`,
      accept: 'application/json, application/problem+json',
      'user-agent': this.options.userAgent,
      ...(json ? { 'content-type': 'application/json' } : {}),
      ...(chave ? { 'idempotency-key': chave } : {}),
      ...(pedido.esperaSegundos !== undefined ? { prefer: `wait=${pedido.esperaSegundos}` } : {}),
      ...pedido.cabecalhos,
    };
    let retentativas = 0;
    let esperasConflito = 0;
    let esperadoEmConflito = 0;
    for (let tentativa = 1; ; tentativa++) {
      const resultado = await this.tentar<T>(url, pedido, headers, body, tentativa);
      if ('corpo' in resultado) return resultado;
      if (pedido.signal?.aborted) throw this.erroFinal(resultado);
      let espera: number;
      if (resultado.tipo === 'conflito') {
        espera = resultado.espera ?? backoffDelay(++esperasConflito, esperaInicialMs, esperaMaximaMs);
        if (esperadoEmConflito + espera > limiteConflitoMs) throw resultado.erro;
        esperadoEmConflito += espera;
      } else {
        if (++retentativas > maxRetentativas) throw this.erroFinal(resultado);
        espera =
          resultado.tipo === 'http' && resultado.espera !== null
            ? resultado.espera
            : backoffDelay(retentativas, esperaInicialMs, esperaMaximaMs);
      }
      await this.options.esperar(espera);
    }
  }

  /** The time limit of one attempt: the configured one, or the wait the call asks of the API plus a margin. */
  private limiteDe(pedido: Pedido): number {
    const espera = pedido.esperaSegundos;
    if (espera === undefined || !Number.isFinite(espera)) return this.options.tempoLimiteMs;
    return Math.max(this.options.tempoLimiteMs, espera * 1000 + MARGEM_ESPERA_MS);
  }

  private async tentar<T>(
    url: string,
    pedido: Pedido,
    headers: Record<string, string>,
    body: BodyInit | undefined,
    tentativa: number,
  ): Promise<Resposta<T> | Falha> {
    const limiteMs = this.limiteDe(pedido);
    const limite = new AbortController();
    const timer = setTimeout(() => limite.abort(), limiteMs);
    const signal = pedido.signal ? AbortSignal.any([pedido.signal, limite.signal]) : limite.signal;
    let response: Response;
    let corpo: unknown;
    try {
      response = await this.options.fetch(url, { method: pedido.metodo, headers, body, signal });
      const ok = response.status >= 200 && response.status < 300;
      corpo = ok ? await ler(response, pedido.leitura ?? 'json') : await ler(response, 'json');
    } catch (causa) {
      // The caller's own cancellation is final; our per-attempt limit is a timeout, repeated like a 5xx.
      if (pedido.signal?.aborted) throw pedido.signal.reason ?? causa;
      return { tipo: limite.signal.aborted ? 'tempo' : 'conexao', causa, limiteMs };
    } finally {
      clearTimeout(timer);
    }
    const requisicaoId = response.headers.get('x-request-id');
    if (response.status >= 200 && response.status < 300) {
      return {
        status: response.status,
        corpo: corpo as T,
        cabecalhos: response.headers,
        requisicao_id: requisicaoId,
        tentativas: tentativa,
      };
    }
    const erro = FiscalApiError.deResposta(response.status, corpo, requisicaoId);
    if (
      response.status === 409 &&
      headers['idempotency-key'] !== undefined &&
      tentativa > 1 &&
      erro.codigo === 'conflito' &&
      erro.retentavel === true
    ) {
      const agora = Date.now();
      return {
        tipo: 'conflito',
        erro,
        espera: retryAfterDelay(response.headers.get('retry-after'), response.headers.get('date'), agora),
      };
    }
    if (response.status === 429) {
      return {
        tipo: 'http',
        erro,
        espera: rateLimitDelay(response.headers.get('retry-after'), response.headers.get('date'), Date.now()),
      };
    }
    // A 5xx is repeated unless the API said it is not worth it; 4xx need a corrected request.
    const bodySaysNo =
      corpo !== null && typeof corpo === 'object' && (corpo as { retentavel?: unknown }).retentavel === false;
    if (response.status >= 500 && !bodySaysNo) return { tipo: 'http', erro, espera: null };
    throw erro;
  }

  private erroFinal(falha: Falha): FiscalApiError {
    if ('erro' in falha) return falha.erro;
    const tempo = falha.tipo === 'tempo';
    return new FiscalApiError({
      status: 0,
      codigo: tempo ? 'tempo_esgotado' : 'erro_de_conexao',
      mensagem: tempo
        ? `Sem resposta em ${falha.limiteMs} ms após ${this.options.maxRetentativas + 1} tentativas`
        : `Falha de conexão após ${this.options.maxRetentativas + 1} tentativas: ${String((falha.causa as Error)?.message ?? falha.causa)}`,
      retentavel: true,
      cause: falha.causa,
    });
  }

  private url(pedido: Pedido): string {
    const url = new URL(this.options.urlBase + pedido.caminho);
    for (const [name, value] of Object.entries(pedido.consulta ?? {})) {
      if (value !== undefined && value !== null) url.searchParams.set(name, String(value));
    }
    return url.toString();
  }
}

async function ler(response: Response, leitura: 'json' | 'texto' | 'bytes'): Promise<unknown> {
  if (leitura === 'bytes') return new Uint8Array(await response.arrayBuffer());
  const text = await response.text();
  if (leitura === 'texto') return text;
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    // A proxy's HTML error page: keep the text for the error.
    return { message: text.slice(0, 500) };
  }
}

/** @deprecated Use `Transporte`; this name goes in the next major version. */
export const Transport = Transporte;
/** @deprecated Use `Transporte`; this name goes in the next major version. */
export type Transport = Transporte;
