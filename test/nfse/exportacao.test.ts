// GET /v1/nfse/exportacao (and the panel's /painel/api/exportacao/nfse): the list's notes, with its filters, as a
// CSV or as a ZIP of each document's XML and DANFSe with the CSV as index; the limits, the one export at a time per
// account and the units an export charges to the key's minute.
import { readZipEntries, openZipEntry } from '../../src/engine/lotes/zip-entries.js';
import { Readable } from 'node:stream';
import { beforeAll, describe, expect, it } from 'vitest';
import { cloneNfse } from '../support/clone-nfse.js';
import { expectProblem, expectStatus, httpClient, type Http } from '../support/http.js';
import { allNotes, nfseBody } from '../support/nfse.js';
import { seedPessoa, signInPanel } from '../support/painel.js';
import { parseCsv } from '../support/parse-csv.js';
import { seedAccount, type SeededAccount, type SeededCompany } from '../support/seed.js';
import type { TestApp } from '../support/test-app.js';
import { useTestApp } from '../support/use-test-app.js';

let t: TestApp;
let acct: SeededAccount;
let company: SeededCompany;
let http: Http;
const JUST = 'Servico cancelado a pedido do tomador';
const HOSTILE = '=HYPERLINK("http://x") "Cia", Ltda';
let cancelledId: string;
let rejectedId: string;

useTestApp((s) => ({ t, acct } = s));
beforeAll(async () => {
  company = await acct.company();
  http = httpClient(t.url, acct.testKey);
  for (let i = 0; i < 3; i++)
    expectStatus(await http.post('/v1/nfse', nfseBody(company.id, { valor: `10${i}.50` })), 201);
  expectStatus(
    await http.post('/v1/nfse', nfseBody(company.id, { tomador: { documento: '52998224725', nome: HOSTILE } })),
    201,
  );
  const cancelled = expectStatus(await http.post('/v1/nfse', nfseBody(company.id)), 201);
  cancelledId = cancelled.id;
  expectStatus(await http.post(`/v1/nfse/${cancelledId}/cancelamento`, { codigo_motivo: '1', motivo: JUST }), 200);
  const rejected = await http.post('/v1/nfse', nfseBody(company.id), { headers: { 'x-service-simular': 'rejeitar' } });
  rejectedId = expectProblem(rejected, 422, 'nfse_rejeitada').nfse.id;
}, 60_000);

const exportUrl = (query: string) => `${t.url}/v1/nfse/exportacao?${query}`;
const download = (query: string, key = acct.testKey) =>
  fetch(exportUrl(query), { headers: { authorization: `Bearer ${key}` } });

/** The CSV's records as objects by header, and the header. */
function records(text: string) {
  const [header, ...rows] = parseCsv(text);
  return { header: header!, rows: rows.map((r) => Object.fromEntries(header!.map((h, i) => [h, r[i]!]))) };
}

async function zipFiles(bytes: Buffer): Promise<Map<string, Buffer>> {
  const source = { size: bytes.length, read: (s: number, e: number) => Readable.from([bytes.subarray(s, e)]) };
  const files = new Map<string, Buffer>();
  for (const [name, entry] of await readZipEntries(source)) {
    const chunks: Buffer[] = [];
    for await (const c of await openZipEntry(source, entry)) chunks.push(c as Buffer);
    files.set(name, Buffer.concat(chunks));
  }
  return files;
}

describe('GET /v1/nfse/exportacao?formato=csv', () => {
  it("is the list's notes in its order, one record each, with the document's values", async () => {
    const res = await download('formato=csv');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="nfse-exportacao-\d{8}T\d{6}Z\.csv"$/,
    );
    const { header, rows } = records(await res.text());
    expect(header.slice(0, 6)).toEqual(['id', 'referencia', 'empresa_id', 'status', 'numero', 'chave_acesso']);
    const listed = await allNotes(http);
    expect(rows.map((r) => r.id)).toEqual(listed.map((n) => n.id));
    for (const [i, n] of listed.entries()) {
      const r = rows[i]!;
      expect([r.referencia, r.status, r.numero, r.chave_acesso, r.valor_servicos]).toEqual([
        n.referencia ?? '',
        n.status,
        n.numero ?? '',
        n.chave_acesso ?? '',
        n.valor,
      ]);
      expect(r.criada_em).toBe(n.criada_em);
    }
    // An authorised note's values are its NFS-e's (infNFSe/valores), as the national system wrote them.
    const authorised = rows.find((r) => r.status === 'autorizada')!;
    const xml = expectStatus(await http.get(`/v1/nfse/${authorised.id}/xml`), 200) as string;
    const tag = (name: string) => new RegExp(`<${name}>([^<]*)</${name}>`).exec(xml)?.[1] ?? '';
    expect(authorised.prestador_documento).toBe(company.cnpj);
    expect(tag('vLiq')).toMatch(/^\d+\.\d{2}$/);
    expect([authorised.base_calculo, authorised.valor_iss, authorised.valor_liquido, authorised.numero]).toEqual([
      tag('vBC'),
      tag('vISSQN'),
      tag('vLiq'),
      tag('nNFSe'),
    ]);
    const cancelled = rows.find((r) => r.id === cancelledId)!;
    expect([cancelled.status, cancelled.motivo_cancelamento]).toEqual(['cancelada', JUST]);
    expect(cancelled.cancelada_em).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    const rejected = rows.find((r) => r.id === rejectedId)!;
    expect([rejected.status, rejected.numero, rejected.valor_iss, rejected.tomador_nome]).toEqual([
      'rejeitada',
      '',
      '',
      'Cliente Ltda',
    ]);
  });

  it('writes a text cell that would run as a formula after an apostrophe', async () => {
    const { rows } = records(await (await download('formato=csv')).text());
    expect(rows.map((r) => r.tomador_nome)).toContain(`'${HOSTILE}`);
  });

  it("honours the list's filters", async () => {
    const { rows } = records(await (await download('formato=csv&status=cancelada')).text());
    expect(rows.map((r) => r.id)).toEqual([cancelledId]);
    const autorizadas = records(await (await download('formato=csv&status=autorizada')).text()).rows;
    expect(autorizadas.map((r) => r.id)).toEqual((await allNotes(http, '&status=autorizada')).map((n) => n.id));
    expect(autorizadas).toHaveLength(4);
  });

  it('formato is required and is csv or zip; a bad filter is the list’s own 400', async () => {
    expectProblem(await http.get('/v1/nfse/exportacao'), 400, 'parametro_invalido');
    expectProblem(await http.get('/v1/nfse/exportacao?formato=xlsx'), 400, 'parametro_invalido');
    expectProblem(await http.get('/v1/nfse/exportacao?formato=csv&status=perdida'), 400, 'parametro_invalido');
  });
});

describe('GET /v1/nfse/exportacao?formato=zip', () => {
  it("holds each document's stored XML and its DANFSe, the cancellation event, and the CSV as index", async () => {
    const res = await download('formato=zip');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="nfse-exportacao-.*\.zip"$/);
    const files = await zipFiles(Buffer.from(await res.arrayBuffer()));
    // Byte for byte the CSV export (its byte-order mark included, which fetch's text() would drop).
    const csv = Buffer.from(await (await download('formato=csv')).arrayBuffer());
    expect(csv.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(files.get('nfse.csv')).toEqual(csv);
    const withDocument = (await allNotes(http)).filter((n) => n.status === 'autorizada' || n.status === 'cancelada');
    expect(withDocument).toHaveLength(5);
    for (const n of withDocument) {
      const base = `nfse-${n.numero}-${n.chave_acesso}`;
      const xml = expectStatus(await http.get(`/v1/nfse/${n.id}/xml`), 200);
      expect(files.get(`${base}.xml`)!.toString('utf8')).toBe(xml);
      expect(files.get(`${base}.pdf`)!.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    }
    const cancelled = withDocument.find((n) => n.id === cancelledId)!;
    const event = files.get(`nfse-${cancelled.numero}-${cancelled.chave_acesso}-cancelamento.xml`)!.toString('utf8');
    expect(event).toBe(cancelled.cancelamento.evento_xml);
    // Two files per document, the cancellation's event and the index; the rejected note has none.
    expect(files.size).toBe(5 * 2 + 1 + 1);
  });
});

describe('limits', () => {
  let big: SeededAccount;
  let bigKey: string;

  beforeAll(async () => {
    big = await seedAccount(t.app.engine, 'Conta grande');
    const c = await big.company();
    bigKey = await big.key('test');
    const note = expectStatus(await httpClient(t.url, bigKey).post('/v1/nfse', nfseBody(c.id)), 201);
    await cloneNfse(t.app.engine.db, note.id, 10_000);
  }, 60_000);

  it('a ZIP of more than 10,000 notes is 422 exportacao_muito_grande, before anything is written', async () => {
    const body = expectProblem(
      await httpClient(t.url, bigKey).get('/v1/nfse/exportacao?formato=zip'),
      422,
      'exportacao_muito_grande',
    );
    expect([body.total, body.maximo]).toEqual([10_001, 10_000]);
  });

  it("one export of an account at a time: 409 exportacao_em_andamento while the first streams, free once it's gone", async () => {
    const first = await download('formato=csv', bigKey);
    expect(first.status).toBe(200);
    // 10,001 records are more than the connection buffers: the stream waits for this reader, which reads nothing.
    const again = await httpClient(t.url, bigKey).get('/v1/nfse/exportacao?formato=csv');
    expect(expectProblem(again, 409, 'exportacao_em_andamento').retentavel).toBe(true);
    // Another account is not held back.
    expect((await download('formato=csv&status=cancelada')).status).toBe(200);
    await first.body!.cancel();
    let status = 409;
    for (let i = 0; i < 100 && status === 409; i++) {
      const res = await download('formato=csv&status=rejeitada', bigKey);
      status = res.status;
      await res.body?.cancel();
      if (status === 409) await new Promise((r) => setTimeout(r, 50));
    }
    expect(status).toBe(200);
  });

  it("charges the key's minute one unit per 1,000 notes of a CSV: 429 when they pass 120", async () => {
    // The minute must not turn between the spending and the export; when it does, the run starts over.
    for (let attempt = 0; attempt < 3; attempt++) {
      const minute = Math.floor(Date.now() / 60_000);
      const key = await big.key('test');
      const client = httpClient(t.url, key);
      // 109 calls, then the export's own (110th) and its 11 units for 10,001 notes: 121.
      for (let i = 0; i < 109; i++) expectStatus(await client.get('/v1/account'), 200);
      const res = await client.get('/v1/nfse/exportacao?formato=csv');
      if (Math.floor(Date.now() / 60_000) !== minute) continue;
      expectProblem(res, 429, 'limite_de_requisicoes');
      return;
    }
    throw new Error('the clock minute turned during every attempt');
  }, 60_000);
});

describe('GET /painel/api/exportacao/{nfse,nfe}', () => {
  it("is the export of the session's account in production; without a session 401", async () => {
    const live = httpClient(t.url, acct.liveKey);
    const note = expectStatus(await live.post('/v1/nfse', nfseBody(company.id)), 201);
    const panel = await signInPanel(t.url, await seedPessoa(t.app.engine, acct.accountId));
    const res = await fetch(`${t.url}/painel/api/exportacao/nfse?formato=csv`, { headers: { cookie: panel.cookie } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="nfse-exportacao-/);
    const { rows } = records(await res.text());
    expect(rows.map((r) => r.id)).toEqual((await allNotes(live)).map((n) => n.id));
    expect(rows.map((r) => r.id)).toContain(note.id);
    const zip = await panel.call('GET', '/painel/api/exportacao/nfse?formato=zip&status=rejeitada');
    expect(zip.status).toBe(200);
    expect((await panel.call('GET', '/painel/api/exportacao/nfse')).status).toBe(400);
    expect((await panel.call('GET', '/painel/api/exportacao/lotes?formato=csv')).status).toBe(404);
    expect((await fetch(`${t.url}/painel/api/exportacao/nfse?formato=csv`)).status).toBe(401);
  });
});
