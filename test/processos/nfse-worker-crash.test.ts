import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emitDps, queryDps } from '../../src/engine/autoridades/nfse-nacional/emit-dps.js';
import { childCommand } from '../support/child-command.js';
import { baseDps, tempDir, writeTemp } from '../support/nfse-fixtures.js';
import { signedDps, startSimulator, type SimKit } from '../support/simulator.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

describe('a worker killed between send and answer', () => {
  let kit: SimKit;
  beforeAll(async () => {
    kit = await startSimulator();
  });
  afterAll(() => kit.close());

  it('leaves exactly one note at the national side, found by GET /dps, and a resend is refused with E0014', async () => {
    const dps = signedDps(baseDps());
    const file = writeTemp(tempDir('crash-'), 'dps.xml', dps.xml);
    const child = spawn(
      process.execPath,
      [...childCommand('test/support/children/emit-child.ts'), kit.sim.url, file, 'timeout'],
      { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    const exited = new Promise<NodeJS.Signals | null>((resolve) =>
      child.on('exit', (_code, signal) => resolve(signal)),
    );

    const deadline = Date.now() + 20_000;
    while (kit.sim.countNotesByDps(dps.id) === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(kit.sim.countNotesByDps(dps.id)).toBe(1);
    child.kill('SIGKILL');
    expect(await exited).toBe('SIGKILL');
    expect(out).toContain('sending');
    expect(out).not.toContain('kind'); // it never got an answer

    // The restarted worker recovers by querying before any resend.
    const found = await queryDps(kit.client, { idDps: dps.id });
    expect(found.kind).toBe('found');
    const resend = await emitDps(kit.client, { dpsXml: dps.xml });
    expect(resend.kind === 'rejected' && resend.erros.map((e) => e.codigo)).toEqual(['E0014']);
    expect(kit.sim.countNotesByDps(dps.id)).toBe(1);
  });
});
