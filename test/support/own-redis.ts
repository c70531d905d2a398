import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { Redis } from 'ioredis';
import { waitFor } from './wait.js';

/** A port nothing listens on now (the kernel's pick, released at once). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export interface OwnRedis {
  url: string;
  /** SIGKILL: the connections drop at once, as when the server or its host dies. */
  kill(): Promise<void>;
  /** A fresh, empty server on the same port. */
  start(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * A redis-server of the test's own on a free port, without persistence, that the test may kill and start again:
 * the shared Redis of the machine is never touched.
 */
export async function startOwnRedis(): Promise<OwnRedis> {
  const port = await freePort();
  const url = `redis://127.0.0.1:${port}`;
  let child: ChildProcess | null = null;
  const start = async () => {
    const args = ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'];
    child = spawn('redis-server', args, { stdio: 'ignore' });
    await waitFor(() => answers(url), `redis-server on ${port}`);
  };
  const kill = async () => {
    const running = child;
    child = null;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGKILL');
    await exited;
  };
  await start();
  return { url, start, kill, stop: kill };
}

async function answers(url: string): Promise<boolean> {
  const probe = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  probe.on('error', () => {});
  try {
    await probe.connect();
    return (await probe.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}
