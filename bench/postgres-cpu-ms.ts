import { readdirSync, readFileSync } from 'node:fs';

/**
 * User + system CPU (ms) of every PostgreSQL process of this machine, from /proc (USER_HZ 100). A backend that
 * exits between two readings takes its time with it, so the difference of two readings is a floor.
 */
export function postgresCpuMs(): number {
  let ms = 0;
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      if (!stat.includes('(postgres)')) continue;
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ms += (Number(fields[11]) + Number(fields[12])) * 10;
    } catch {
      // The process ended while it was read.
    }
  }
  return ms;
}
