import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { httpClient, expectStatus } from '../support/http.js';
import { nfseBody, steps } from '../support/nfse.js';
import { waitFor } from '../support/wait.js';
import { cleanUpChildren, nationalDpsIds, standbyProcess, startChildProcess } from '../support/child-service.js';
import { usingPostgres } from '../support/test-app.js';

const dataDir = mkdtempSync(join(tmpdir(), 'fiscal-api-crash-'));
const schema = `crash_${randomBytes(5).toString('hex')}`;
const children: ChildProcess[] = [];

/** Starts the service (API + worker) as a child process on the same DATA_DIR / PostgreSQL schema. */
async function startService(
  env: Record<string, string>,
): Promise<{ child: ChildProcess; info: { url: string; testKey?: string; companyId?: string } }> {
  return startChildProcess(
    'test/support/children/service-child.ts',
    { DATA_DIR: dataDir, ...(usingPostgres() ? { CHILD_PG_SCHEMA: schema } : {}), ...env },
    children,
  );
}

afterAll(() => cleanUpChildren(children, dataDir, schema));

describe('the service killed between send and answer', () => {
  it('taken over, queries the DPS before any resend and authorises the note: exactly one note at the national side', async () => {
    const first = await startService({ CHILD_SEED: '1' });
    const standby = await standbyProcess(() => startService({}));
    const http = httpClient(first.info.url, first.info.testKey);
    const created = expectStatus(
      await http.post('/v1/nfse', nfseBody(first.info.companyId!), {
        headers: { 'x-service-simular': 'timeout', prefer: 'wait=0' },
      }),
      202,
    );
    // The DPS reached the national side; its answer is withheld, so the process is waiting for it: kill it now.
    await waitFor(
      async () => nationalDpsIds(dataDir).filter((id) => id === created.dps_id).length === 1,
      'the DPS at the national side',
    );
    const exited = new Promise<NodeJS.Signals | null>((resolve) =>
      first.child.once('exit', (_code, signal) => resolve(signal)),
    );
    first.child.kill('SIGKILL');
    const killedAt = Date.now();
    expect(await exited).toBe('SIGKILL');

    // Taken over at once, on the same clock: the worker recovers the note within 15 s of the kill. On PostgreSQL
    // once the dead process's lease (6 s from its last heartbeat) has run out; embedded, the restarted process's
    // start-up included: it holds DATA_DIR's lock, so the dead one's leases end when the database opens.
    const second = await standby.takeOver();
    const again = httpClient(second.info.url, first.info.testKey);
    const note = await waitFor(
      async () => {
        const res = await again.get(`/v1/nfse/${created.id}`);
        return res.body.status === 'autorizada' ? res.body : undefined;
      },
      'the recovered note',
      30_000,
    );
    const recoveredAfterMs = Date.now() - killedAt;
    expect(recoveredAfterMs, `recovered ${recoveredAfterMs} ms after the kill`).toBeLessThanOrEqual(15_000);
    expect(steps(note)).toEqual(['criada', 'consulta_dps', 'recuperada', 'autorizada']);
    expect(nationalDpsIds(dataDir).filter((id) => id === created.dps_id).length).toBe(1);
    expect(note.chave_acesso).toMatch(/^\d{50}$/);

    const stopped = new Promise((resolve) => second.child.once('exit', resolve));
    second.child.kill('SIGTERM');
    await stopped;
  }, 180_000);
});
