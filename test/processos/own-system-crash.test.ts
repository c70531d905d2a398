import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { httpClient, expectStatus } from '../support/http.js';
import { nfseBody, steps } from '../support/nfse.js';
import { waitFor } from '../support/wait.js';
import { cleanUpChildren, simulatorLines, standbyProcess, startChildProcess } from '../support/child-service.js';
import { usingPostgres } from '../support/test-app.js';

const children: ChildProcess[] = [];
const dirs: Array<{ dataDir: string; schema: string }> = [];

type Info = { url: string; liveKey?: string; companyId?: string };

/** A city's own system: how the child seeds its company and scenario, where the simulator keeps its notes. */
interface Cidade {
  nome: string;
  consulta: string;
  seed: Record<string, string>;
  estado: string;
  /** The RPS number of a stored line of the simulator's JSON-lines state, and of a note's dps_id. */
  rpsDaLinha: (line: Record<string, any>) => string;
  rpsDoDps: (dpsId: string) => string;
  chave?: RegExp;
}

const CIDADES: Cidade[] = [
  {
    nome: 'an ABRASF city (Brasília)',
    consulta: 'ConsultarNfsePorRps',
    seed: { CHILD_SEED: 'abrasf', CHILD_ABRASF_CENARIO: 'timeout' },
    estado: 'simulador-abrasf.jsonl',
    rpsDaLinha: (l) => l.note.rps.numero,
    rpsDoDps: (dpsId) => String(BigInt(dpsId.slice(-15))),
    chave: /^5300108-\d{15}-[A-Z0-9]{9}$/,
  },
  {
    nome: 'São Paulo',
    consulta: 'ConsultaNFe',
    seed: { CHILD_SEED: 'sao_paulo', CHILD_SAO_PAULO_CENARIO: 'timeout' },
    estado: 'simulador-sao-paulo.jsonl',
    rpsDaLinha: (l) => String(BigInt(l.note.numeroRps)),
    rpsDoDps: (dpsId) => String(BigInt(/^SP-\d+-\w+-(\d+)$/.exec(dpsId)![1]!)),
  },
];

afterAll(async () => {
  for (const { dataDir, schema } of dirs) await cleanUpChildren(children, dataDir, schema);
});

describe.each(CIDADES)('the service killed while $nome holds its answer', (cidade) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'fiscal-api-own-system-crash-'));
  const schema = `own_system_${randomBytes(5).toString('hex')}`;
  dirs.push({ dataDir, schema });
  const startService = (env: Record<string, string>): Promise<{ child: ChildProcess; info: Info }> =>
    startChildProcess(
      'test/support/children/service-child.ts',
      { DATA_DIR: dataDir, ...(usingPostgres() ? { CHILD_PG_SCHEMA: schema } : {}), ...env },
      children,
    );

  /** The RPS numbers the simulated city made a note of, one entry per note (its JSON-lines state in DATA_DIR). */
  function cityRps(): string[] {
    return simulatorLines<Record<string, any>>(dataDir, cidade.estado, 'nota').map((l) => cidade.rpsDaLinha(l));
  }

  it(`taken over, asks ${cidade.consulta} before any resend and authorises the note: one RPS, one note at the city`, async () => {
    const first = await startService(cidade.seed);
    const standby = await standbyProcess(() => startService({}));
    const http = httpClient(first.info.url, first.info.liveKey);
    const created = expectStatus(
      await http.post('/v1/nfse', nfseBody(first.info.companyId!), { headers: { prefer: 'wait=0' } }),
      202,
    );
    const numeroRps = cidade.rpsDoDps(created.dps_id);
    // The city made the note and withholds the answer, so the process is waiting for it: kill it now.
    await waitFor(async () => cityRps().includes(numeroRps), 'the note at the city');
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
    const again = httpClient(second.info.url, first.info.liveKey);
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
    expect(cityRps().filter((n) => n === numeroRps)).toHaveLength(1);
    if (cidade.chave) expect(note.chave_acesso).toMatch(cidade.chave);

    const stopped = new Promise((resolve) => second.child.once('exit', resolve));
    second.child.kill('SIGTERM');
    await stopped;
  }, 180_000);
});
