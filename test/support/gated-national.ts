import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { NationalGateway } from '../../src/engine/autoridades/nfse-nacional/national-gateway.js';

/**
 * A national gateway whose calls wait at a gate: each goes through a local HTTP relay that holds the request until
 * `open()` and then forwards it to the system the real gateway would have called. A worker given it (drainJobs
 * with `{ ...engine, national: gated.national }`) runs a job as slow as the test wants, in real time.
 */
export interface GatedNational {
  national: NationalGateway;
  /** Requests that reached the relay (waiting or forwarded). */
  readonly arrived: number;
  open(): void;
  close(): Promise<void>;
}

export async function gatedNational(real: NationalGateway): Promise<GatedNational> {
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  let arrived = 0;
  const origins = new Map<string, string>();
  const server: Server = createServer((req, res) => {
    arrived++;
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
        await gate;
        const origin = origins.get(req.url!.split('/')[1] ?? '') ?? [...origins.values()][0]!;
        const headers = Object.fromEntries(
          Object.entries(req.headers).filter(([k]) => !['host', 'content-length', 'connection'].includes(k)),
        ) as Record<string, string>;
        const answer = await fetch(`${origin}${req.url}`, {
          method: req.method,
          headers,
          body: chunks.length ? Buffer.concat(chunks) : undefined,
        });
        res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' });
        res.end(Buffer.from(await answer.arrayBuffer()));
      })().catch((err: unknown) => res.destroy(err as Error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const national = new Proxy(real, {
    get(target, prop, receiver) {
      if (prop !== 'client') return Reflect.get(target, prop, receiver) as unknown;
      return (...args: Parameters<NationalGateway['client']>) => {
        const client = target.client(...args);
        const url = new URL(client.baseUrl);
        origins.set(url.pathname.split('/')[1] ?? '', url.origin);
        return { ...client, baseUrl: `http://127.0.0.1:${port}${url.pathname.replace(/\/+$/, '')}` };
      };
    },
  });
  return {
    national,
    get arrived() {
      return arrived;
    },
    open,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
