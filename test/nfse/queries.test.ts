// Queries: GET /v1/nfse (limite clamped, status filter, opaque cursor, keyset paging) and
// GET /v1/nfse/{id} (by id, referencia or chave_acesso; referencia_ambigua), scoped by account, environment and
// company restriction.
import { beforeAll, describe, expect, it } from 'vitest';
import { httpClient, type HttpResponse, expectProblem, type Http } from '../support/http.js';
import { allNotes, nfseBody, ref } from '../support/nfse.js';
import { seedAccount, type SeededAccount, type SeededCompany } from '../support/seed.js';
import type { TestApp } from '../support/test-app.js';
import { useTestApp } from '../support/use-test-app.js';

let t: TestApp;
let acct: SeededAccount;
let company: SeededCompany;
let http: Http;

useTestApp((s) => ({ t, acct } = s));
beforeAll(async () => {
  company = await acct.company();
  http = httpClient(t.url, await acct.key('test'));
  // Enough notes that the default page (50) and the maximum (100) are both exceeded.
  const seeder = httpClient(t.url, await acct.key('test'));
  for (let i = 0; i < 11; i++) {
    await Promise.all(
      Array.from({ length: 10 }, () =>
        seeder.post('/v1/nfse', nfseBody(company.id, { valor: '10.00' }), { headers: { prefer: 'wait=0' } }),
      ),
    );
  }
});

const client = async (env: 'test' | 'live' = 'test', companyId?: string): Promise<Http> =>
  httpClient(t.url, await acct.key(env, companyId));

describe('GET /v1/nfse', () => {
  it('limite: default 50, 0 → 1, 1000 → 100, garbage → default; never an error', async () => {
    expect((await http.get('/v1/nfse')).body.dados).toHaveLength(50);
    expect((await http.get('/v1/nfse?limite=0')).body.dados).toHaveLength(1);
    expect((await http.get('/v1/nfse?limite=-7')).body.dados).toHaveLength(1);
    expect((await http.get('/v1/nfse?limite=1000')).body.dados).toHaveLength(100);
    expect((await http.get('/v1/nfse?limite=7')).body.dados).toHaveLength(7);
    const odd = await http.get('/v1/nfse?limite=abc');
    expect(odd.status).toBe(200);
    expect(odd.body.dados).toHaveLength(50);
  });

  it('newest first, each item the full record', async () => {
    const page = (await http.get('/v1/nfse?limite=20')).body.dados as Array<Record<string, string>>;
    const keys = page.map((n) => `${n.criada_em}|${n.id}`);
    expect([...keys].sort().reverse()).toEqual(keys);
    const one = await http.get(`/v1/nfse/${page[0]!.id}`);
    expect(one.body).toEqual(page[0]);
  });

  it('status filter; an unknown status is 400 parametro_invalido', async () => {
    const rejected = await http.post('/v1/nfse', nfseBody(company.id), {
      headers: { 'x-service-simular': 'rejeitar' },
    });
    expectProblem(rejected, 422, 'nfse_rejeitada');
    const rejeitadas = await allNotes(http, '&status=rejeitada');
    expect(rejeitadas.map((n) => n.id)).toContain(rejected.body.nfse.id);
    expect(rejeitadas.every((n) => n.status === 'rejeitada')).toBe(true);
    const autorizadas = await allNotes(http, '&status=autorizada');
    expect(autorizadas.length).toBeGreaterThan(0);
    expect(autorizadas.every((n) => n.status === 'autorizada')).toBe(true);
    expect(autorizadas.map((n) => n.id)).not.toContain(rejected.body.nfse.id);
    expectProblem(await http.get('/v1/nfse?status=perdida'), 400, 'parametro_invalido');
  });

  it('an invalid cursor is 400 parametro_invalido', async () => {
    // The last one is well-formed base64 of the right shape around an id that is not a uuid.
    const forged = Buffer.from(`nf1|2026-11-22T00:00:00.000Z|${'-'.repeat(36)}`).toString('base64url');
    for (const cursor of ['xyz', 'bmYxfDIwMjZ8eA', '%25%25', 'a'.repeat(250), forged]) {
      expectProblem(await http.get(`/v1/nfse?cursor=${cursor}`), 400, 'parametro_invalido');
    }
  });

  it('the last page has proximo_cursor null; paging while notes are inserted never skips or repeats', async () => {
    const existing = new Set((await allNotes(http)).map((n) => n.id));
    expect(existing.size).toBeGreaterThan(100);
    const writer = httpClient(t.url, await acct.key('test'));
    const reader = httpClient(t.url, await acct.key('test'));
    const seen: string[] = [];
    const inserted: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      // Insert concurrently with the page read, several at a time.
      const [page, ...created]: HttpResponse[] = await Promise.all([
        reader.get(`/v1/nfse?limite=9${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`),
        ...Array.from({ length: 3 }, () =>
          writer.post('/v1/nfse', nfseBody(company.id, { valor: '11.00' }), { headers: { prefer: 'wait=0' } }),
        ),
      ]);
      expect(page!.status).toBe(200);
      for (const r of created) inserted.push(r.body.id);
      seen.push(...page!.body.dados.map((n: { id: string }) => n.id));
      cursor = page!.body.proximo_cursor;
      pages++;
    } while (cursor && pages < 100);
    expect(cursor).toBeNull();
    expect(new Set(seen).size).toBe(seen.length);
    for (const id of existing) expect(seen).toContain(id);
    // Whatever was seen is either pre-existing or inserted during the scan; nothing else.
    for (const id of seen) expect(existing.has(id) || inserted.includes(id)).toBe(true);
  });
});

describe('GET /v1/nfse/{id}', () => {
  it('by id, by referencia and by chave_acesso: the same record, with its timeline', async () => {
    const body = nfseBody(company.id);
    const created = await http.post('/v1/nfse', body);
    expect(created.status).toBe(201);
    const byId = await http.get(`/v1/nfse/${created.body.id}`);
    const byRef = await http.get(`/v1/nfse/${encodeURIComponent(String(body.referencia))}`);
    const byKey = await http.get(`/v1/nfse/${created.body.chave_acesso}`);
    for (const res of [byId, byRef, byKey]) {
      expect(res.status, res.text).toBe(200);
      expect(res.body).toEqual(created.body);
    }
    expect(byId.body.eventos.length).toBeGreaterThan(0);
  });

  it('404 nfse_nao_encontrada for an unknown id, referencia or access key', async () => {
    for (const id of ['01900000-0000-7000-8000-000000000000', 'nenhuma-referencia', '1'.repeat(50)]) {
      expectProblem(await http.get(`/v1/nfse/${id}`), 404, 'nfse_nao_encontrada');
    }
  });

  it('the same referencia in two companies → 409 referencia_ambigua; ?empresa_id= disambiguates', async () => {
    const other = await acct.company();
    const referencia = ref('amb');
    const a = await http.post('/v1/nfse', nfseBody(company.id, { referencia }));
    const b = await http.post('/v1/nfse', nfseBody(other.id, { referencia }));
    expect([a.status, b.status]).toEqual([201, 201]);
    expectProblem(await http.get(`/v1/nfse/${referencia}`), 409, 'referencia_ambigua');
    expect((await http.get(`/v1/nfse/${referencia}?empresa_id=${company.id}`)).body.id).toBe(a.body.id);
    expect((await http.get(`/v1/nfse/${referencia}?empresa_id=${other.id}`)).body.id).toBe(b.body.id);
    // The id itself never needs disambiguation; a malformed empresa_id is not a server error.
    expect((await http.get(`/v1/nfse/${b.body.id}`)).body.referencia).toBe(referencia);
    expectProblem(await http.get(`/v1/nfse/${referencia}?empresa_id=nao-e-uuid`), 400, 'parametro_invalido');
    // A restricted key sees only its own company's note: no ambiguity for it.
    expect((await (await client('test', other.id)).get(`/v1/nfse/${referencia}`)).body.id).toBe(b.body.id);
  });

  it("test and live keys never see each other's notes", async () => {
    const referencia = ref('env');
    const test = await http.post('/v1/nfse', nfseBody(company.id, { referencia }));
    const live = await client('live');
    expect(test.status).toBe(201);
    for (const id of [test.body.id, referencia, test.body.chave_acesso]) {
      expectProblem(await live.get(`/v1/nfse/${id}`), 404, 'nfse_nao_encontrada');
    }
    expect((await allNotes(live)).map((n) => n.id)).not.toContain(test.body.id);
    const liveNote = await live.post('/v1/nfse', nfseBody(company.id, { referencia }));
    expect(liveNote.status).toBe(201);
    expect((await http.get(`/v1/nfse/${referencia}`)).body.id).toBe(test.body.id);
    expect((await live.get(`/v1/nfse/${referencia}`)).body.id).toBe(liveNote.body.id);
    expect((await allNotes(http)).map((n) => n.id)).not.toContain(liveNote.body.id);
    expect((await allNotes(live)).every((n) => n.ambiente === 'producao')).toBe(true);
  });

  it('another account never sees the notes', async () => {
    const note = await http.post('/v1/nfse', nfseBody(company.id));
    const stranger = httpClient(t.url, (await seedAccount(t.app.engine, 'Estranha')).testKey);
    expectProblem(await stranger.get(`/v1/nfse/${note.body.id}`), 404, 'nfse_nao_encontrada');
    expect(await allNotes(stranger)).toEqual([]);
  });

  it("a restricted key lists and reads only its company's notes", async () => {
    const other = await acct.company();
    const mine = await http.post('/v1/nfse', nfseBody(other.id));
    const restricted = await client('test', other.id);
    const listed = await allNotes(restricted);
    expect(listed.map((n) => n.id)).toEqual([mine.body.id]);
    const foreign = (await http.post('/v1/nfse', nfseBody(company.id))).body;
    expect(foreign.empresa_id).toBe(company.id);
    expect((await restricted.get(`/v1/nfse/${foreign.id}`)).status).toBe(404);
    expect((await restricted.get(`/v1/nfse/${foreign.referencia}?empresa_id=${company.id}`)).status).toBe(403);
  });
});
