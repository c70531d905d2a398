// The issuance benches' clients: concurrent loops of POSTs in a process of their own (loopback only), so the
// clients do not share the server's event loop, with the server's CPU measured while they run.
import { fork } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { Pool } from 'undici';

/** Stands for the request's unique referencia in LoadPlan.body. */
export const REFERENCIA = '{{referencia}}';

export interface LoadPlan {
  url: string;
  path: string;
  /**
   * The JSON body, with REFERENCIA where each request puts a referencia of its own; several bodies are sent in
   * turn (each client starting at its own).
   */
  body: string | string[];
  /** One array of API keys per client; a client rotates over its own. */
  keys: string[][];
  seconds: number;
  /** The referencias' prefix (e.g. `warmup` for requests a bench does not count). */
  prefix?: string;
  /**
   * Seconds of the same load before the measured `seconds`, by the same clients on the same connections, not
   * counted (their referencias prefixed `warmup`): the measured phase starts with the load already running rather
   * than with a new process's first requests.
   */
  warmupSeconds?: number;
  /** A GraphQL mutation: a 200 is counted by its answer (see statusOf). */
  graphql?: boolean;
  maxRequestsPerClient?: number;
}

export interface LoadResult {
  latenciesMs: number[];
  /** Requests completed in each second of the run. */
  perSecond: number[];
  statuses: Record<string, number>;
  /** Requests that did not authorise their note (any status but 201). */
  errors: number;
  samples: string[];
  elapsedMs: number;
  /** The load process's own CPU, which shares the machine's cores with the service. */
  cpuMs: number;
}

/**
 * Runs the plan's clients in a child process and measures this process's CPU time meanwhile (the server's, when
 * it runs here): CPU per note is steadier than notes/s on a shared machine. With a warm-up, the measure starts
 * when it ends, and `onMeasuring` is called then (for other processes' readings).
 */
export async function measuredLoad(
  plan: LoadPlan,
  onMeasuring?: () => void,
): Promise<{ result: LoadResult; cpuMs: number }> {
  let cpuBefore = process.cpuUsage();
  const child = fork(fileURLToPath(new URL('./load-process.ts', import.meta.url)), [], {
    execArgv: process.execArgv.filter((a) => !a.startsWith('--cpu-prof')),
  });
  const done = new Promise<LoadResult>((resolve, reject) => {
    child.on('message', (m: LoadResult | 'measuring') => {
      if (m !== 'measuring') return resolve(m);
      cpuBefore = process.cpuUsage();
      onMeasuring?.();
    });
    child.once('error', reject);
    child.once('exit', (code) => code !== 0 && reject(new Error(`load process exited with ${code}`)));
  });
  if (!plan.warmupSeconds) onMeasuring?.();
  child.send(plan);
  const result = await done;
  const cpu = process.cpuUsage(cpuBefore);
  return { result, cpuMs: (cpu.user + cpu.system) / 1000 };
}

/**
 * The clients' loops; each request a new referencia. One keep-alive connection per client through undici's Pool
 * rather than fetch: the clients run on the service's own cores, and fetch's stream machinery cost about as much
 * CPU per request as PostgreSQL did.
 */
export async function runClients(plan: LoadPlan, onMeasuring: () => void = () => {}): Promise<LoadResult> {
  const pool = new Pool(plan.url, { connections: plan.keys.length, pipelining: 1 });
  const bodies = [plan.body].flat().map((b) => b.split(REFERENCIA) as [string, string | undefined]);
  const latenciesMs: number[] = [];
  const perSecond: number[] = [];
  const statuses: Record<string, number> = {};
  const samples: string[] = [];
  let errors = 0;
  let cpuBefore = process.cpuUsage();
  let started = performance.now();
  const warmupEnd = started + (plan.warmupSeconds ?? 0) * 1000;
  let measuring = !plan.warmupSeconds;
  const startMeasuring = () => {
    measuring = true;
    cpuBefore = process.cpuUsage();
    started = performance.now();
    onMeasuring();
  };
  const warmup = measuring ? null : setTimeout(startMeasuring, warmupEnd - started);
  const deadline = warmupEnd + plan.seconds * 1000;
  const limit = plan.maxRequestsPerClient ?? Infinity;
  const prefix = plan.prefix ?? 'bench';
  await Promise.all(
    plan.keys.map(async (keys, client) => {
      for (let i = 0; i < limit && performance.now() < deadline; i++) {
        const counted = measuring;
        const referencia = `${counted ? prefix : `warmup-${prefix}`}-${client}-${i}-${warmupEnd.toFixed(0)}`;
        const [before, after] = bodies[(client + i) % bodies.length]!;
        const body = after === undefined ? before : `${before}${referencia}${after}`;
        const t0 = performance.now();
        let status = 'network_error';
        try {
          const res = await pool.request({
            path: plan.path,
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${keys[i % keys.length]}` },
            body,
          });
          const text = await res.body.text();
          status = plan.graphql && res.statusCode === 200 ? statusOf(text) : String(res.statusCode);
          if (status !== '201' && samples.length < 5) samples.push(`${res.statusCode} ${text.slice(0, 200)}`);
        } catch (err) {
          if (samples.length < 5) samples.push(String(err));
        }
        // A request sent during the warm-up is not counted, even if it ends after it.
        if (!counted) continue;
        latenciesMs.push(performance.now() - t0);
        const second = Math.floor((performance.now() - started) / 1000);
        perSecond[second] = (perSecond[second] ?? 0) + 1;
        statuses[status] = (statuses[status] ?? 0) + 1;
        if (status !== '201') errors++;
      }
    }),
  );
  clearTimeout(warmup ?? undefined);
  const cpu = process.cpuUsage(cpuBefore);
  const elapsedMs = performance.now() - started;
  await pool.close();
  return {
    latenciesMs,
    perSecond: Array.from(perSecond, (n) => n ?? 0),
    statuses,
    errors,
    samples,
    elapsedMs,
    cpuMs: (cpu.user + cpu.system) / 1000,
  };
}

/**
 * A mutation's answer in the REST route's terms: 201 when the note was authorised, 202 when it was accepted and is
 * still in flight, else the domain error's code.
 */
function statusOf(text: string): string {
  const answer = JSON.parse(text) as {
    data?: Record<string, { __typename: string; status?: string; codigo?: string } | null>;
    errors?: unknown[];
  };
  const result = answer.data ? Object.values(answer.data)[0] : undefined;
  if (result && 'status' in result) return result.status === 'autorizada' ? '201' : '202';
  return result?.codigo ?? (answer.errors?.length ? 'graphql_error' : 'no_data');
}

/** Latency percentile (p in 0–100) of sorted latencies, in ms with one decimal. */
export function percentile(sorted: number[], p: number): number | null {
  return sorted.length
    ? Number(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!.toFixed(1))
    : null;
}
