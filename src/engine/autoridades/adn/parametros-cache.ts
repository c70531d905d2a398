import type { ConsultaParametro } from './query-parametros-adn.js';

/** A municipality's parameters change by act, rarely within a day: an answer serves every company for this long. */
export const PARAMETROS_TTL_MS = 12 * 60 * 60_000;
/** While the API cannot be reached, an older answer is still better than the offline snapshot, up to this age. */
export const PARAMETROS_STALE_MS = 30 * 24 * 60 * 60_000;
/** A request waits no longer than this for the API; the answer still fills the cache when it comes. */
export const PARAMETROS_ESPERA_MS = 3_000;
const MAX_ENTRIES = 20_000;

/**
 * An answer as the caller sees it: `api` just fetched, `cache` within the TTL, `cache_expirado` past the TTL but
 * used because the API did not answer (stale-if-error), `indisponivel` no answer and nothing cached.
 */
export type RespostaParametro<T> =
  | { kind: 'found'; value: T; mensagem: string | null; origem: 'api' | 'cache' | 'cache_expirado'; consultadoEm: Date }
  | { kind: 'not_found'; mensagem: string | null; origem: 'api' | 'cache' | 'cache_expirado'; consultadoEm: Date }
  | { kind: 'unknown'; cause: string; origem: 'indisponivel' };

type Known = Exclude<ConsultaParametro<unknown>, { kind: 'unknown' }>;

/**
 * Answers of the national parameters API per environment, municipality and (where the path has one) competence,
 * kept by the injectable clock. One fetch per key at a time: concurrent readers share it.
 */
export class ParametrosCache {
  private readonly entries = new Map<string, { answer: Known; at: number }>();
  private readonly inflight = new Map<string, Promise<{ answer: ConsultaParametro<unknown>; at: number }>>();

  constructor(private readonly options: { ttlMs?: number; staleMs?: number; esperaMs?: number } = {}) {}

  async obter<T>(
    key: string,
    now: () => Date,
    fetch: () => Promise<ConsultaParametro<T>>,
  ): Promise<RespostaParametro<T>> {
    const ttl = this.options.ttlMs ?? PARAMETROS_TTL_MS;
    const stale = this.options.staleMs ?? PARAMETROS_STALE_MS;
    const asked = now().getTime();
    const hit = this.entries.get(key);
    if (hit && asked - hit.at < ttl) return this.present<T>(hit.answer, 'cache', hit.at);

    let pending = this.inflight.get(key);
    if (!pending) {
      pending = fetch()
        .catch((err): ConsultaParametro<T> => ({
          kind: 'unknown',
          cause: err instanceof Error ? err.message : String(err),
        }))
        .then((answer) => {
          // One instant per answer: the caller that fetched it and later readers of the cache see the same time.
          const at = now().getTime();
          if (answer.kind !== 'unknown') this.remember(key, answer, at);
          return { answer, at };
        })
        .finally(() => this.inflight.delete(key));
      this.inflight.set(key, pending);
    }
    const fetched = await waitAtMost(pending, this.options.esperaMs ?? PARAMETROS_ESPERA_MS);
    const answer = fetched?.answer;
    if (answer && answer.kind !== 'unknown') return this.present<T>(answer, 'api', fetched.at);
    if (hit && asked - hit.at < stale) return this.present<T>(hit.answer, 'cache_expirado', hit.at);
    return {
      kind: 'unknown',
      cause: answer?.kind === 'unknown' ? answer.cause : 'sem resposta no prazo',
      origem: 'indisponivel',
    };
  }

  private remember(key: string, answer: Known, at: number): void {
    this.entries.delete(key);
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { answer, at });
  }

  private present<T>(answer: Known, origem: 'api' | 'cache' | 'cache_expirado', at: number): RespostaParametro<T> {
    const consultadoEm = new Date(at);
    return answer.kind === 'found'
      ? { kind: 'found', value: answer.value as T, mensagem: answer.mensagem, origem, consultadoEm }
      : { kind: 'not_found', mensagem: answer.mensagem, origem, consultadoEm };
  }
}

async function waitAtMost<T>(work: Promise<T>, ms: number): Promise<T | null> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => (timer = setTimeout(resolve, ms, null)));
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}
