import type { ChildProcess } from 'node:child_process';
import { startChildProcess } from './child-service.js';

export interface Child {
  child: ChildProcess;
  info: { url: string; liveKey?: string; accountId?: string; companyId?: string };
}

/** Starts test/webhooks/worker-child.ts and waits for its JSON line. */
export function startChild(env: Record<string, string>, children: ChildProcess[]): Promise<Child> {
  return startChildProcess<Child['info']>('test/support/children/webhook-worker-child.ts', env, children);
}

export async function stopChild(c: Child, signal: NodeJS.Signals = 'SIGTERM'): Promise<NodeJS.Signals | null> {
  if (c.child.exitCode !== null || c.child.signalCode !== null) return c.child.signalCode;
  const exited = new Promise<NodeJS.Signals | null>((resolve) => c.child.once('exit', (_code, s) => resolve(s)));
  c.child.kill(signal);
  return exited;
}
