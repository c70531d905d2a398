import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

export interface Child {
  child: ChildProcess;
  info: { url: string; liveKey?: string; accountId?: string };
}

/** Starts test/webhooks/worker-child.ts and waits for its JSON line. */
export async function startChild(env: Record<string, string>, children: ChildProcess[]): Promise<Child> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/webhooks/worker-child.ts'], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let out = '';
  let err = '';
  child.stderr!.on('data', (c: Buffer) => (err += c.toString()));
  const info = await new Promise<Child['info']>((resolve, reject) => {
    child.stdout!.on('data', (c: Buffer) => {
      out += c.toString();
      const line = out.split('\n').find((l) => l.startsWith('{'));
      if (line && out.includes('\n')) resolve(JSON.parse(line));
    });
    child.once('exit', (code) => reject(new Error(`child exited (${code}) before running:\n${err.slice(-3000)}`)));
  });
  return { child, info };
}

export async function stopChild(c: Child, signal: NodeJS.Signals = 'SIGTERM'): Promise<NodeJS.Signals | null> {
  if (c.child.exitCode !== null || c.child.signalCode !== null) return c.child.signalCode;
  const exited = new Promise<NodeJS.Signals | null>((resolve) => c.child.once('exit', (_code, s) => resolve(s)));
  c.child.kill(signal);
  return exited;
}
