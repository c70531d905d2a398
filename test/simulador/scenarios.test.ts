import { createAuthorityClient } from '../../src/engine/autoridades/authority-client.js';
import { appendFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emitDps, queryDps } from '../../src/engine/autoridades/nfse-nacional/emit-dps.js';
import { createSimulator } from '../../src/simulator/nacional/create-simulator.js';
import { baseDps, tempDir, testIdentity } from '../support/nfse-fixtures.js';
import { signedDps, startSimulator, type SimKit } from '../support/simulator.js';

describe('simulator scenarios (X-Simulador-Cenario)', () => {
  let kit: SimKit;
  beforeAll(async () => {
    kit = await startSimulator({ delays: { slowMs: 400 } });
  });
  afterAll(() => kit.close());

  it('timeout: the note is issued and stored but no answer comes; recovery finds it through GET /dps', async () => {
    const dps = signedDps(baseDps());
    const started = Date.now();
    const r = await emitDps(kit.client, { dpsXml: dps.xml, scenario: 'timeout', timeoutMs: 300 });
    expect(r).toEqual({ kind: 'timeout' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    expect(kit.sim.countNotesByDps(dps.id)).toBe(1);
    const found = await queryDps(kit.client, { idDps: dps.id, scenario: 'timeout' });
    expect(found.kind).toBe('found');
    expect(found.kind === 'found' && found.chave).toBe(kit.sim.notes().find((n) => n.idDps === dps.id)?.chave);
  });

  it('indisponibilidade:2 → two 503 (nothing received) then normal; the window is per DPS', async () => {
    const dps = signedDps(baseDps());
    const first = await emitDps(kit.client, { dpsXml: dps.xml, scenario: 'indisponibilidade:2' });
    expect(first).toMatchObject({ kind: 'unavailable', status: 503, received: 'no' });
    expect((await queryDps(kit.client, { idDps: dps.id, scenario: 'indisponibilidade:2' })).kind).toBe('unknown');
    expect(kit.sim.countNotesByDps(dps.id)).toBe(0);
    const third = await emitDps(kit.client, { dpsXml: dps.xml, scenario: 'indisponibilidade:2' });
    expect(third.kind).toBe('authorized');
    // Another DPS gets its own window.
    expect(
      (await emitDps(kit.client, { dpsXml: signedDps(baseDps()).xml, scenario: 'indisponibilidade:1' })).kind,
    ).toBe('unavailable');
  });

  it('indisponibilidade by duration follows the injected clock', async () => {
    let now = Date.parse('2026-01-15T13:00:00Z');
    const timed = await startSimulator({ clock: () => new Date(now) });
    try {
      const dps = signedDps(baseDps());
      expect((await emitDps(timed.client, { dpsXml: dps.xml, scenario: 'indisponibilidade:60s' })).kind).toBe(
        'unavailable',
      );
      now += 30_000;
      expect((await emitDps(timed.client, { dpsXml: dps.xml, scenario: 'indisponibilidade:60s' })).kind).toBe(
        'unavailable',
      );
      now += 31_000;
      expect((await emitDps(timed.client, { dpsXml: dps.xml, scenario: 'indisponibilidade:60s' })).kind).toBe(
        'authorized',
      );
    } finally {
      await timed.close();
    }
  });

  it('global outage via startOutage affects every route', async () => {
    kit.sim.startOutage({ calls: 1 });
    expect((await emitDps(kit.client, { dpsXml: signedDps(baseDps()).xml })).kind).toBe('unavailable');
    expect((await emitDps(kit.client, { dpsXml: signedDps(baseDps()).xml })).kind).toBe('authorized');
  });

  it('falha_transmissao: 500 on emission and on DPS queries, so the outcome cannot be learned', async () => {
    const dps = signedDps(baseDps());
    const r = await emitDps(kit.client, { dpsXml: dps.xml, scenario: 'falha_transmissao' });
    expect(r).toMatchObject({ kind: 'unavailable', status: 500, received: 'unknown' });
    expect(await queryDps(kit.client, { idDps: dps.id, scenario: 'falha_transmissao' })).toMatchObject({
      kind: 'unknown',
      status: 500,
    });
    expect(await queryDps(kit.client, { idDps: dps.id, method: 'HEAD', scenario: 'falha_transmissao' })).toMatchObject({
      kind: 'unknown',
      status: 500,
    });
    expect(kit.sim.countNotesByDps(dps.id)).toBe(0);
  });

  it('falha_transmissao:nao: refused (403) before anything was received; the DPS query answers 404', async () => {
    const dps = signedDps(baseDps());
    const r = await emitDps(kit.client, { dpsXml: dps.xml, scenario: 'falha_transmissao:nao' });
    expect(r).toMatchObject({ kind: 'transmission_failed', status: 403, received: 'no' });
    expect(await queryDps(kit.client, { idDps: dps.id, scenario: 'falha_transmissao:nao' })).toEqual({
      kind: 'not_found',
    });
  });

  it('processamento_lento: correct answer after the configured delay (or the client times out first)', async () => {
    const started = Date.now();
    const slow = await emitDps(kit.client, { dpsXml: signedDps(baseDps()).xml, scenario: 'processamento_lento' });
    expect(slow.kind).toBe('authorized');
    expect(Date.now() - started).toBeGreaterThanOrEqual(390);
    const dps = signedDps(baseDps());
    expect(
      await emitDps(kit.client, { dpsXml: dps.xml, scenario: 'processamento_lento:2000', timeoutMs: 200 }),
    ).toEqual({ kind: 'timeout' });
    expect((await queryDps(kit.client, { idDps: dps.id })).kind).toBe('found');
  });

  it('connection refused → unavailable, nothing received', async () => {
    const dead = createAuthorityClient({ baseUrl: 'http://127.0.0.1:1', timeoutMs: 2000 });
    const r = await emitDps(dead, { dpsXml: signedDps(baseDps()).xml });
    expect(r).toMatchObject({ kind: 'unavailable', received: 'no' });
    expect(r.kind === 'unavailable' && r.cause).toMatch(/ECONNREFUSED/);
    await dead.close();
  });
});

describe('simulator persistence (stateDir)', () => {
  it('a restarted simulator keeps issued notes, duplicate detection and the nNFSe sequence', async () => {
    const stateDir = tempDir('sim-state-');
    const signer = testIdentity().signer;
    const dps = signedDps(baseDps());
    const a = createSimulator({ stateDir, signer });
    const client = createAuthorityClient({ baseUrl: await a.listen(), timeoutMs: 300 });
    // The caller gives up (as a killed worker would) but the note exists at the national side.
    expect(await emitDps(client, { dpsXml: dps.xml, scenario: 'timeout' })).toEqual({ kind: 'timeout' });
    await client.close();
    await a.close();

    const b = createSimulator({ stateDir, signer });
    const client2 = createAuthorityClient({ baseUrl: await b.listen(), timeoutMs: 3000 });
    try {
      expect(b.countNotesByDps(dps.id)).toBe(1);
      const found = await queryDps(client2, { idDps: dps.id });
      expect(found.kind).toBe('found');
      const dup = await emitDps(client2, { dpsXml: dps.xml });
      expect(dup.kind === 'rejected' && dup.erros.map((e) => e.codigo)).toEqual(['E0014']);
      const next = await emitDps(client2, { dpsXml: signedDps(baseDps()).xml });
      expect(next.kind === 'authorized' && next.numero).toBe('2');
      expect(b.countNotesByDps(dps.id)).toBe(1);
    } finally {
      await client2.close();
      await b.close();
    }
  });

  it('two processes on one stateDir share the national side; a torn last line does not swallow the next note', async () => {
    const stateDir = tempDir('sim-shared-');
    const signer = testIdentity().signer;
    const a = createSimulator({ stateDir, signer });
    const b = createSimulator({ stateDir, signer });
    const clientA = createAuthorityClient({ baseUrl: await a.listen(), timeoutMs: 3000 });
    const clientB = createAuthorityClient({ baseUrl: await b.listen(), timeoutMs: 3000 });
    try {
      const dps = signedDps(baseDps());
      expect((await emitDps(clientA, { dpsXml: dps.xml })).kind).toBe('authorized');
      // B (e.g. the worker process) finds the DPS sent through A and refuses a resend.
      expect((await queryDps(clientB, { idDps: dps.id })).kind).toBe('found');
      const dup = await emitDps(clientB, { dpsXml: dps.xml });
      expect(dup.kind === 'rejected' && dup.erros.map((e) => e.codigo)).toEqual(['E0014']);
      const second = await emitDps(clientB, { dpsXml: signedDps(baseDps()).xml });
      expect(second.kind === 'authorized' && second.numero).toBe('2');
      expect(a.notes()).toHaveLength(2);
    } finally {
      await clientA.close();
      await clientB.close();
      await a.close();
      await b.close();
    }
    // A writer killed mid-line: the fragment is closed on start and the next note is kept.
    appendFileSync(join(stateDir, 'simulador-nfse.jsonl'), '{"t":"nfse","note":{"chave":"1');
    const c = createSimulator({ stateDir, signer });
    const clientC = createAuthorityClient({ baseUrl: await c.listen(), timeoutMs: 3000 });
    try {
      const third = await emitDps(clientC, { dpsXml: signedDps(baseDps()).xml });
      expect(third.kind).toBe('authorized');
      expect(createSimulator({ stateDir, signer }).notes()).toHaveLength(3);
    } finally {
      await clientC.close();
      await c.close();
    }
  });
});
