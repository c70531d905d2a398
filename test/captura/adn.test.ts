// NFS-e capture from the (simulated) ADN distribution, end to end through the API.
import { beforeAll, describe, expect, it } from 'vitest';
import { FakeClock, HOUR, MINUTE } from '../../src/engine/nucleo/clock.js';
import { allDocuments, capture, dpsIssuedElsewhere, issueLive } from '../support/capture.js';
import { eventsOfType } from '../support/eventos.js';
import { httpClient, type Http } from '../support/http.js';
import { seedAccount, type SeededAccount, type SeededCompany } from '../support/seed.js';
import type { TestApp } from '../support/test-app.js';
import { useTestApp } from '../support/use-test-app.js';

const clock = new FakeClock(new Date());
let t: TestApp;
let x: SeededAccount;
let y: SeededAccount;
let a: SeededCompany;
let b: SeededCompany;
let liveX: Http;
let liveY: Http;

const state = (companyId: string) =>
  t.app.engine.db.captureState.findUniqueOrThrow({ where: { companyId_fonte: { companyId, fonte: 'ADN' } } });

useTestApp(
  (s) => (t = s.t),
  () => ({ clock }),
);
beforeAll(async () => {
  x = await seedAccount(t.app.engine, 'Conta X');
  y = await seedAccount(t.app.engine, 'Conta Y');
  a = await x.company();
  b = await y.company();
  liveX = httpClient(t.url, x.liveKey);
  liveY = httpClient(t.url, y.liveKey);
});

describe('capture from the ADN distribution', () => {
  let received: Record<string, any>;
  let noteOfB: Record<string, any>;

  it('stores a note issued to the company as RECEBIDA, its own notes as EMITIDA once, and logs NOTA_RECEBIDA', async () => {
    noteOfB = await issueLive(liveY, b.id, a.cnpj);
    const noteOfA = await issueLive(liveX, a.id, '54550752000155');
    const elsewhere = t.app.simulator.emitDps(dpsIssuedElsewhere(a.cnpj, '54550752000155', 900001), '1');
    await capture(t.app.engine);

    const docsA = await allDocuments(liveX);
    expect(docsA).toHaveLength(3);
    received = docsA.find((d) => d.chaveAcesso === noteOfB.chave_acesso)!;
    expect(received).toMatchObject({
      tipo: 'NFSE',
      papel: 'RECEBIDA',
      origem: 'ADN',
      empresaId: a.id,
      nfseId: null,
      situacao: 'ativa',
      valor: '1500.00',
    });
    expect(received.emitenteDocumento).toBe(b.cnpj);
    expect(received.tomadorDocumento).toBe(a.cnpj);
    // The note issued here appears once, linked to it; the one issued elsewhere is EMITIDA too.
    expect(docsA.find((d) => d.chaveAcesso === noteOfA.chave_acesso)).toMatchObject({
      papel: 'EMITIDA',
      nfseId: noteOfA.id,
    });
    expect(docsA.find((d) => d.chaveAcesso === elsewhere.chave)).toMatchObject({ papel: 'EMITIDA', nfseId: null });
    expect(docsA.map((d) => Number(d.nsu)).sort()).toEqual([1, 2, 3]);

    const logged = await eventsOfType(liveX, 'NOTA_RECEBIDA');
    expect(logged.map((e) => e.dados).sort((p, q) => Number(p.nsu) - Number(q.nsu))).toEqual(
      [...docsA]
        .sort((p, q) => Number(p.nsu) - Number(q.nsu))
        .map((d) => ({ notaId: d.id, empresaId: a.id, chaveAcesso: d.chaveAcesso, nsu: d.nsu })),
    );
    // B sees only its own issued note, linked to it.
    const docsB = await allDocuments(liveY);
    expect(docsB).toEqual([
      expect.objectContaining({
        chaveAcesso: noteOfB.chave_acesso,
        papel: 'EMITIDA',
        nfseId: noteOfB.id,
        empresaId: b.id,
      }),
    ]);
    expect((await state(a.id)).ultimoNsu).toBe(3n);
    expect((await state(a.id)).nextRunAt.getTime()).toBe(clock.now().getTime() + HOUR);
  });

  it('serves the full document with links, its XML, and nothing of another account', async () => {
    const full = await liveX.get(`/v1/documents/${received.id}`);
    expect(full.status, full.text).toBe(200);
    expect(full.body).toMatchObject({
      id: received.id,
      eventos: [],
      links: { xml: `/v1/documents/${received.id}/xml` },
    });
    const xml = await liveX.get(`/v1/documents/${received.id}/xml`);
    expect(xml.status).toBe(200);
    expect(xml.headers.get('content-type')).toMatch(/^application\/xml/);
    expect(xml.text).toContain(`Id="NFS${received.chaveAcesso}"`);
    expect((await liveY.get(`/v1/documents/${received.id}`)).status).toBe(404);
    expect((await liveY.get(`/v1/documents/${received.id}/xml`)).status).toBe(404);
  });

  it('links a later cancellation to the document, logs EVENTO_FISCAL_RECEBIDO, and waits an hour after nothing new', async () => {
    const cancel = await liveY.post(`/v1/nfse/${noteOfB.id}/cancelamento`, {
      codigo_motivo: '2',
      motivo: 'Serviço não foi prestado ao tomador.',
    });
    expect(cancel.status, cancel.text).toBe(200);
    clock.advance(30 * MINUTE);
    await capture(t.app.engine);
    // Not yet due: the ADN asks for at least one hour after NENHUM_DOCUMENTO_LOCALIZADO.
    expect((await liveX.get(`/v1/documents/${received.id}`)).body.eventos).toEqual([]);
    clock.advance(31 * MINUTE);
    await capture(t.app.engine);
    const full = (await liveX.get(`/v1/documents/${received.id}`)).body;
    expect(full.situacao).toBe('cancelada');
    expect(full.eventos).toEqual([expect.objectContaining({ tipoEvento: '101101', nsu: '4' })]);
    const logged = await eventsOfType(liveX, 'EVENTO_FISCAL_RECEBIDO');
    expect(logged.map((e) => e.dados)).toEqual([
      { eventoId: full.eventos[0].id, notaId: received.id, empresaId: a.id, tipoEvento: '101101', nsu: '4' },
    ]);
    // B's copy (EMITIDA) gets the event too; nothing is stored twice on a later run.
    clock.advance(2 * HOUR);
    await capture(t.app.engine);
    expect(await allDocuments(liveX)).toHaveLength(3);
    expect(await eventsOfType(liveX, 'EVENTO_FISCAL_RECEBIDO')).toHaveLength(1);
    expect((await allDocuments(liveY))[0]!.situacao).toBe('cancelada');
  });
});

describe('crash between fetching a lot and committing it', () => {
  it('stores nothing and keeps the NSU; the next run stores the lot once; a restart resumes at the stored NSU', async () => {
    const c = await x.company();
    for (let i = 0; i < 3; i++) t.app.simulator.emitDps(dpsIssuedElsewhere(b.cnpj, c.cnpj, 910000 + i), '1');
    clock.advance(2 * HOUR);
    let crashes = 0;
    await capture(t.app.engine, {
      beforeCommit: async () => {
        crashes++;
        throw new Error('processo morto antes do COMMIT');
      },
    });
    expect(crashes).toBeGreaterThan(0);
    expect(await allDocuments(liveX, `&empresa_id=${c.id}`)).toEqual([]);
    expect((await state(c.id)).ultimoNsu).toBe(0n);
    const before = (await eventsOfType(liveX, 'NOTA_RECEBIDA')).length;

    // The dead run's lease expires; the next worker takes the company from the stored NSU.
    clock.advance(11 * MINUTE);
    await capture(t.app.engine);
    const docs = await allDocuments(liveX, `&empresa_id=${c.id}`);
    expect(docs.map((d) => d.nsu).sort()).toEqual(['1', '2', '3']);
    expect(docs.every((d) => d.papel === 'RECEBIDA')).toBe(true);
    expect((await eventsOfType(liveX, 'NOTA_RECEBIDA')).length).toBe(before + 3);
    expect((await state(c.id)).ultimoNsu).toBe(3n);

    for (let i = 3; i < 5; i++) t.app.simulator.emitDps(dpsIssuedElsewhere(b.cnpj, c.cnpj, 910000 + i), '1');
    clock.advance(HOUR);
    await capture(t.app.engine);
    const after = await allDocuments(liveX, `&empresa_id=${c.id}`);
    expect(after.map((d) => d.nsu).sort()).toEqual(['1', '2', '3', '4', '5']);
    expect(new Set(after.map((d) => d.chaveAcesso)).size).toBe(5);
  });
});

describe('back-off', () => {
  it('rejections double the wait from one hour; recovery resets it', async () => {
    const d = await x.company();
    const sim = t.app.simulator;
    sim.setDistributionFault(d.cnpj, 'rejeitar');
    clock.advance(2 * HOUR);
    await capture(t.app.engine);
    let s = await state(d.id);
    expect(s).toMatchObject({ falhas: 1, ultimoStatus: 'REJEICAO' });
    expect(s.nextRunAt.getTime()).toBe(clock.now().getTime() + HOUR);
    clock.advance(HOUR);
    await capture(t.app.engine);
    s = await state(d.id);
    expect(s.falhas).toBe(2);
    expect(s.nextRunAt.getTime()).toBe(clock.now().getTime() + 2 * HOUR);
    clock.advance(HOUR);
    await capture(t.app.engine);
    expect((await state(d.id)).falhas).toBe(2);
    sim.setDistributionFault(d.cnpj, null);
    clock.advance(HOUR);
    await capture(t.app.engine);
    s = await state(d.id);
    expect(s).toMatchObject({ falhas: 0, ultimoStatus: 'NENHUM_DOCUMENTO_LOCALIZADO' });
    expect(s.nextRunAt.getTime()).toBe(clock.now().getTime() + HOUR);
  });

  it('an outage retries after five minutes, doubling', async () => {
    const e = await x.company();
    const sim = t.app.simulator;
    sim.setDistributionFault(e.cnpj, 'indisponibilidade');
    clock.advance(2 * HOUR);
    await capture(t.app.engine);
    expect((await state(e.id)).nextRunAt.getTime()).toBe(clock.now().getTime() + 5 * MINUTE);
    clock.advance(5 * MINUTE);
    await capture(t.app.engine);
    expect((await state(e.id)).nextRunAt.getTime()).toBe(clock.now().getTime() + 10 * MINUTE);
    sim.setDistributionFault(e.cnpj, null);
  });
});

describe('GET /v1/documents rules', () => {
  it('a test key gets 403; an unknown query parameter or a bad value gets 400 (NestJS format)', async () => {
    const test = await httpClient(t.url, x.testKey).get('/v1/documents');
    expect(test.status).toBe(403);
    expect(Object.keys(test.body).sort()).toEqual(['error', 'message', 'statusCode']);
    expect((await httpClient(t.url, x.testKey).get(`/v1/documents/${'0'.repeat(8)}`)).status).toBe(403);
    const unknown = await liveX.get('/v1/documents?status=x');
    expect(unknown.status).toBe(400);
    expect(String(unknown.body.message)).toContain('status');
    expect((await liveX.get('/v1/documents?limite=101')).status).toBe(400);
    expect((await liveX.get('/v1/documents?limite=0')).status).toBe(400);
    expect((await liveX.get('/v1/documents?cursor=nao-e-cursor')).status).toBe(400);
    expect((await liveX.get('/v1/documents?tipo=XYZ')).status).toBe(400);
  });

  it('pages with limite and filters by company, type, role and period; a company key sees only its company', async () => {
    const all = await allDocuments(liveX);
    const page = await liveX.get('/v1/documents?limite=2');
    expect(page.body.itens).toHaveLength(2);
    expect(typeof page.body.proximoCursor).toBe('string');
    expect(await allDocuments(liveX, '&papel=EMITIDA')).toEqual(all.filter((d) => d.papel === 'EMITIDA'));
    expect(await allDocuments(liveX, '&tipo=NFE')).toEqual([]);
    expect(await allDocuments(liveX, `&empresa_id=${a.id}`)).toEqual(all.filter((d) => d.empresaId === a.id));
    const today = new Date(Date.now() - 3 * HOUR).toISOString().slice(0, 10);
    expect(await allDocuments(liveX, `&de=2000-01-01&ate=2000-01-31`)).toEqual([]);
    expect((await allDocuments(liveX, `&de=${today}`)).length).toBeGreaterThan(0);
    const restricted = httpClient(t.url, await x.key('live', a.id));
    expect((await allDocuments(restricted)).every((d) => d.empresaId === a.id)).toBe(true);
    const other = all.find((d) => d.empresaId !== a.id)!;
    expect((await restricted.get(`/v1/documents?empresa_id=${other.empresaId}`)).status).toBe(403);
    expect((await restricted.get(`/v1/documents/${other.id}`)).status).toBe(404);
    // Another account's company id shows nothing.
    expect(await allDocuments(liveY, `&empresa_id=${a.id}`)).toEqual([]);
  });

  it('counts received documents in GET /v1/usage: those GET /v1/documents?papel=RECEBIDA lists', async () => {
    const usage = await liveX.get('/v1/usage');
    const recebidos = await allDocuments(liveX, '&papel=RECEBIDA');
    expect(recebidos.length).toBeGreaterThan(0);
    // The company's own notes captured back are documents too, but not received ones.
    expect((await allDocuments(liveX)).length).toBeGreaterThan(recebidos.length);
    expect(usage.body.documentos_recebidos.nfse).toBe(recebidos.length);
  });
});
