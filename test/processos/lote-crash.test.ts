// The service killed with SIGKILL while a batch is `processando`; after the restart the batch
// completes with every line accounted for exactly once and one note per valid line at the national side.
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { allEvents } from '../support/eventos.js';
import { httpClient } from '../support/http.js';
import { allNotes } from '../support/nfse.js';
import { waitFor } from '../support/wait.js';
import {
  cleanUpChildren,
  nationalDpsIds,
  standbyProcess,
  startChildProcess,
  stopChildren,
} from '../support/child-service.js';
import { usingPostgres } from '../support/test-app.js';
import { allItens, linha, waitLote } from '../support/lotes.js';

const dataDir = mkdtempSync(join(tmpdir(), 'fiscal-api-lote-crash-'));
const schema = `lcrash_${randomBytes(5).toString('hex')}`;
const children: ChildProcess[] = [];

/** The service (API + worker, `createApp` as `serve` runs it) as a child process on one DATA_DIR / schema. */
async function startService(env: Record<string, string>) {
  return startChildProcess<{ url: string; testKey?: string; liveKey?: string; companyId?: string }>(
    'test/support/children/service-child.ts',
    { DATA_DIR: dataDir, CHILD_SLOW_MS: '3000', ...(usingPostgres() ? { CHILD_PG_SCHEMA: schema } : {}), ...env },
    children,
  );
}

afterEach(() => stopChildren(children));
afterAll(() => cleanUpChildren(children, dataDir, schema));

describe('the service killed while a batch is processando', () => {
  it('resumes when taken over: every line once, one national note per valid line, LOTE_EMISSAO_CONCLUIDO once', async () => {
    const first = await startService({ CHILD_SEED: '1' });
    const standby = await standbyProcess(() => startService({}));
    const http = httpClient(first.info.url, first.info.testKey);
    const itens = Array.from({ length: 40 }, (_, i) => (i % 20 === 7 ? linha({ valor: 'x' }) : linha()));
    // Each national answer takes three seconds: the batch is still transmitting when the process is killed, even
    // when a loaded machine lets a second or two pass between the first DPS and the kill.
    const created = await http.post(
      '/v1/lotes',
      { empresa_id: first.info.companyId, itens },
      { headers: { 'x-service-simular': 'processamento_lento' } },
    );
    expect(created.status, created.text).toBe(202);
    await waitFor(async () => nationalDpsIds(dataDir).length > 0, 'the first DPS at the national side', 30_000);
    const before = await http.get(`/v1/lotes/${created.body.id}`);
    expect(before.body.status).toBe('processando');
    const exited = new Promise<NodeJS.Signals | null>((resolve) =>
      first.child.once('exit', (_code, signal) => resolve(signal)),
    );
    first.child.kill('SIGKILL');
    const killedAt = Date.now();
    expect(await exited).toBe('SIGKILL');
    const sentBefore = nationalDpsIds(dataDir).length;
    expect(sentBefore).toBeLessThan(38);

    // Taken over at once, on the same clock: the batch's transmission resumes within 15 s of the kill — on
    // PostgreSQL once the dead process's leases (6 s from its last heartbeat) have run out, embedded with the
    // restarted process's start-up (it holds DATA_DIR's lock: the dead one's leases end when the database opens).
    const second = await standby.takeOver();
    const again = httpClient(second.info.url, first.info.testKey);
    await waitFor(async () => nationalDpsIds(dataDir).length > sentBefore, 'the batch to resume', 60_000, 200);
    const resumedAfterMs = Date.now() - killedAt;
    expect(resumedAfterMs, `resumed ${resumedAfterMs} ms after the kill`).toBeLessThanOrEqual(15_000);
    const lote = await waitLote(again, created.body.id, (l) => l.status === 'concluido', 150_000, 1000);
    expect(lote.contagens).toMatchObject({
      autorizada: 38,
      com_erro_validacao: 2,
      transmitindo: 0,
      aguardando_emissao: 0,
    });
    expect(Object.values(lote.contagens as Record<string, number>).reduce((a, b) => a + b, 0)).toBe(40);

    const linhas = await allItens(again, lote.id);
    expect(linhas.map((l) => l.linha)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    const issued = linhas.filter((l) => l.status === 'autorizada');
    expect(issued).toHaveLength(38);
    const dpsIds: string[] = [];
    for (const l of issued) dpsIds.push((await again.get(`/v1/nfse/${l.nfse_id}`)).body.dps_id);
    const national = nationalDpsIds(dataDir);
    for (const id of dpsIds) expect(national.filter((d) => d === id)).toHaveLength(1);
    expect(national).toHaveLength(38);
    // One note per valid line in the service too: nothing created twice by the resumed batch.
    expect(await allNotes(again)).toHaveLength(38);
    expect((await allEvents(again)).filter((e) => e.tipo === 'LOTE_EMISSAO_CONCLUIDO')).toHaveLength(1);

    const stopped = new Promise((resolve) => second.child.once('exit', resolve));
    second.child.kill('SIGTERM');
    await stopped;
  }, 400_000);
});

describe('the service killed while a batch is validando', () => {
  it('resumes the validation within 15 s of the kill: the batch lease is renewed while held, not 2 minutes long', async () => {
    const first = await startService({ CHILD_SEED: '1' });
    const standby = await standbyProcess(() => startService({}));
    // A live key: up to 5,000 lines, enough that the kill lands while they are being judged.
    const http = httpClient(first.info.url, first.info.liveKey);
    const itens = Array.from({ length: 5000 }, (_, i) => (i % 100 === 7 ? linha({ valor: 'x' }) : linha()));
    const created = await http.post('/v1/lotes', { empresa_id: first.info.companyId, ao_validar: 'aguardar', itens });
    expect(created.status, created.text).toBe(202);
    const exited = new Promise((resolve) => first.child.once('exit', resolve));
    first.child.kill('SIGKILL');
    const killedAt = Date.now();
    await exited;

    const second = await standby.takeOver();
    const again = httpClient(second.info.url, first.info.liveKey);
    // Lines appear as validation judges them: the batch's counts sum the lines judged so far.
    const judged = async () => {
      const res = await again.get(`/v1/lotes/${created.body.id}`);
      expect(res.status, res.text).toBe(200);
      return Object.values(res.body.contagens as Record<string, number>).reduce((a, b) => a + b, 0);
    };
    // Killed while its lines were being judged: only a resumption judges the rest. Polled under the rate limit.
    const atRestart = await judged();
    expect(atRestart).toBeLessThan(5000);
    await waitFor(async () => (await judged()) > atRestart, 'the validation to resume', 60_000, 600);
    const resumedAfterMs = Date.now() - killedAt;
    expect(resumedAfterMs, `resumed ${resumedAfterMs} ms after the kill`).toBeLessThanOrEqual(15_000);
    const lote = await waitLote(again, created.body.id, (l) => l.status === 'aguardando_emissao', 60_000, 500);
    expect(lote.contagens).toMatchObject({ aguardando_emissao: 4950, com_erro_validacao: 50 });

    const stopped = new Promise((resolve) => second.child.once('exit', resolve));
    second.child.kill('SIGTERM');
    await stopped;
  }, 400_000);
});
