import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { httpClient, expectStatus } from '../support/http.js';
import { nfseBody, steps } from '../support/nfse.js';
import { waitFor } from '../support/wait.js';
import { cleanUpChildren, startChildProcess } from '../support/child-service.js';
import { usingPostgres } from '../support/test-app.js';

const dataDir = mkdtempSync(join(tmpdir(), 'fiscal-api-sao-paulo-crash-'));
const schema = `sao_paulo_${randomBytes(5).toString('hex')}`;
const children: ChildProcess[] = [];

type Info = { url: string; liveKey?: string; companyId?: string };

async function startService(env: Record<string, string>): Promise<{ child: ChildProcess; info: Info }> {
  return startChildProcess('test/support/children/service-child.ts', { DATA_DIR: dataDir, ...(usingPostgres() ? { CHILD_PG_SCHEMA: schema } : {}), ...env }, children);
}

/** The RPS numbers the simulated city converted into a note, one entry per note (its JSON-lines state in DATA_DIR). */
function cityRps(): string[] {
  const file = join(dataDir, 'simulador', 'simulador-sao-paulo.jsonl');
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.startsWith('{"t":"nota"'))
    .map((l) => String(BigInt((JSON.parse(l) as { note: { numeroRps: string } }).note.numeroRps)));
}

afterAll(() => cleanUpChildren(children, dataDir, schema));

describe('the service killed while São Paulo holds its answer', () => {
  it('restarts, asks ConsultaNFe for the RPS before any resend and authorises the note: one RPS, one note at the city', async () => {
    const first = await startService({ CHILD_SEED: 'sao_paulo', CHILD_SAO_PAULO_CENARIO: 'timeout' });
    const http = httpClient(first.info.url, first.info.liveKey);
    const created = expectStatus(await http.post('/v1/nfse', nfseBody(first.info.companyId!), { headers: { prefer: 'wait=0' } }), 202);
    const numeroRps = String(BigInt(/^SP-\d+-\w+-(\d+)$/.exec(created.dps_id)![1]!));
    // The city converted the RPS and withholds the answer, so the process is waiting for it: kill it now.
    await waitFor(async () => cityRps().includes(numeroRps), 'the note at the city');
    const exited = new Promise<NodeJS.Signals | null>((resolve) => first.child.once('exit', (_code, signal) => resolve(signal)));
    first.child.kill('SIGKILL');
    expect(await exited).toBe('SIGKILL');

    // Restarted after the job's lease ran out (the clock runs 3 minutes ahead): the worker recovers the note.
    const second = await startService({ CHILD_CLOCK_OFFSET_MS: String(3 * 60_000) });
    const again = httpClient(second.info.url, first.info.liveKey);
    const note = await waitFor(async () => {
      const res = await again.get(`/v1/nfse/${created.id}`);
      return res.body.status === 'autorizada' ? res.body : undefined;
    }, 'the recovered note', 30_000);
    expect(steps(note)).toEqual(['criada', 'consulta_dps', 'recuperada', 'autorizada']);
    expect(cityRps().filter((n) => n === numeroRps)).toHaveLength(1);

    const stopped = new Promise((resolve) => second.child.once('exit', resolve));
    second.child.kill('SIGTERM');
    await stopped;
  }, 180_000);
});
