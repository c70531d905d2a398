import type { ChildProcess } from 'node:child_process';

/**
 * The JSON line a service prints on stdout when it is ready: the first complete line that starts with `{` (an
 * `npm start` prints its script banner first). Only complete lines are read, so a line that arrives in two chunks
 * is parsed once it has its newline. Rejects with `exited(code)` when the child exits first. stdout stays read to
 * its end, so a child that goes on printing never fills its pipe.
 */
export function readyLine<T>(child: ChildProcess, exited: (code: number | null) => Error): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let out = '';
    let found = false;
    child.stdout!.on('data', (c: Buffer) => {
      if (found) return;
      out += c.toString();
      const line = out
        .slice(0, out.lastIndexOf('\n') + 1)
        .split('\n')
        .find((l) => l.trim().startsWith('{'));
      if (line === undefined) return;
      found = true;
      resolve(JSON.parse(line) as T);
    });
    child.once('exit', (code) => reject(exited(code)));
  });
}
