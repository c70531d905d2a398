import type { ChildProcess } from 'node:child_process';

/** The child's exit: its signal's name when killed by one, else its exit code. */
export const exitOf = (child: ChildProcess) =>
  new Promise<number | string | null>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve(child.signalCode ?? child.exitCode);
    else child.once('exit', (code, signal) => resolve(signal ?? code));
  });
