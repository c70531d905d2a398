import type { Redis } from 'ioredis';

/** How often a tripped breaker asks Redis whether it answers again. */
export const REDIS_PROBE_MS = 1_000;

/**
 * Whether Redis is worth a call. Redis only accelerates (rate limits and pub/sub across processes), so a request
 * never waits for it twice: the first call that fails (refused at once when the connection is not ready, or after
 * the connection's command timeout) trips the breaker, later calls skip Redis without trying, and a PING in the
 * background closes it again once Redis answers.
 */
export interface RedisBreaker {
  /** Every connection is ready and no call failed since the last probe answered. */
  isUp(): boolean;
  /** A call failed: no call goes to Redis until a probe answers. */
  failed(err: unknown): void;
  /** Runs `listener` each time Redis comes back (the breaker closes, or a dropped connection is ready again). */
  onUp(listener: () => void): void;
  close(): void;
}

export function createRedisBreaker(
  connections: Redis[],
  options: { probeMs?: number; onTrip?: (err: unknown) => void } = {},
): RedisBreaker {
  const probeMs = options.probeMs ?? REDIS_PROBE_MS;
  const listeners: Array<() => void> = [];
  let tripped = false;
  let probe: NodeJS.Timeout | null = null;
  let closed = false;
  const allReady = () => connections.every((c) => c.status === 'ready');
  const cameBack = () => {
    if (!closed && !tripped && allReady()) for (const listener of listeners) listener();
  };
  const stopProbe = () => {
    if (probe) clearInterval(probe);
    probe = null;
  };
  const runProbe = () => {
    void Promise.all(connections.filter((c) => c.status === 'ready').map((c) => c.ping())).then(
      () => {
        if (!allReady()) return; // the connections' own 'ready' closes it
        tripped = false;
        stopProbe();
        cameBack();
      },
      () => {},
    );
  };
  for (const connection of connections) {
    connection.on('error', () => {}); // reconnection is ioredis's; the state is read from `status`
    connection.on('ready', () => {
      tripped = false;
      stopProbe();
      cameBack();
    });
  }
  return {
    isUp: () => !tripped && allReady(),
    failed: (err) => {
      if (tripped || closed) return;
      tripped = true;
      options.onTrip?.(err);
      probe = setInterval(runProbe, probeMs);
      probe.unref();
    },
    onUp: (listener) => void listeners.push(listener),
    close: () => {
      closed = true;
      stopProbe();
    },
  };
}
