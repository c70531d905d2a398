import { createServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * What the proxy does to the first attempt of each Idempotency-Key: `cair` forwards it, lets the service answer,
 * then drops the client's connection without a response; `502` forwards it and answers 502 instead; `lento`
 * forwards it and holds the answer for `lentoMs` (longer than the client's timeout).
 */
export type FaultMode = 'cair' | '502' | 'lento';

export interface ProxiedAttempt {
  method: string;
  path: string;
  idempotencyKey: string | null;
  mode: FaultMode | null;
  /** The service's status (the client may have seen another). */
  upstreamStatus: number;
}

/**
 * A tiny HTTP proxy in front of a test service for the client libraries' retry tests. The first path segment
 * chooses the fault (`/cair/v1/nfse`, `/502/v1/nfse`, `/lento/v1/nfse`; `/ok/...` passes through); only the first
 * attempt of each key is spoiled, so a client that repeats with the same key gets through.
 */
export async function startFaultProxy(upstream: string, lentoMs = 1_500) {
  const attempts: ProxiedAttempt[] = [];
  const spoiled = new Set<string>();
  const target = new URL(upstream);
  const server: Server = createServer((req, res) => {
    const [, prefix = '', ...rest] = (req.url ?? '/').split('/');
    const path = `/${rest.join('/')}`;
    const key = (req.headers['idempotency-key'] as string | undefined) ?? null;
    const mode = (['cair', '502', 'lento'] as const).find((m) => m === prefix) ?? null;
    const spoil = mode !== null && key !== null && !spoiled.has(`${mode}:${key}`);
    if (spoil) spoiled.add(`${mode}:${key}`);
    const headers: IncomingHttpHeaders = { ...req.headers, host: target.host };
    const upstreamReq = request(
      { host: target.hostname, port: target.port, method: req.method, path, headers },
      (upstreamRes) => {
        const chunks: Buffer[] = [];
        upstreamRes.on('data', (c: Buffer) => chunks.push(c));
        upstreamRes.on('end', () => {
          attempts.push({
            method: req.method ?? 'GET',
            path,
            idempotencyKey: key,
            mode: spoil ? mode : null,
            upstreamStatus: upstreamRes.statusCode ?? 0,
          });
          if (spoil && mode === 'cair') return void req.socket.destroy();
          if (spoil && mode === '502') {
            res.writeHead(502, { 'content-type': 'text/html' });
            return void res.end('<html>Bad Gateway</html>');
          }
          const answer = () => {
            if (res.destroyed) return;
            res.writeHead(upstreamRes.statusCode ?? 500, upstreamRes.headers);
            res.end(Buffer.concat(chunks));
          };
          if (spoil && mode === 'lento') setTimeout(answer, lentoMs);
          else answer();
        });
      },
    );
    upstreamReq.on('error', () => res.destroy());
    req.pipe(upstreamReq);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    attempts,
    /** The attempts that carried this Idempotency-Key, in order. */
    attemptsOf: (key: string) => attempts.filter((a) => a.idempotencyKey === key),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
