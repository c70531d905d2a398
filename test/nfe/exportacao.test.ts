// GET /v1/nfe/exportacao: the NF-e list's notes, with its filters, as a CSV or as a ZIP of each authorised note's
// procNFe and DANFE, the cancellation's procEventoNFe and the CSV as index.
import { Readable } from 'node:stream';
import { beforeAll, describe, expect, it } from 'vitest';
import { openZipEntry, readZipEntries } from '../../src/engine/lotes/zip-entries.js';
import { expectProblem, expectStatus, httpClient, type Http } from '../support/http.js';
import { NFE_COMPANY, nfeBody } from '../support/nfe-fixtures.js';
import { parseCsv } from '../support/parse-csv.js';
import type { SeededAccount } from '../support/seed.js';
import type { TestApp } from '../support/test-app.js';
import { useTestApp } from '../support/use-test-app.js';

let t: TestApp;
let acct: SeededAccount;
let http: Http;
let companyId: string;
let otherCompanyId: string;
const JUST = 'Pedido cancelado pelo cliente antes da saida';
let seq = 0;
const body = (empresaId: string) =>
  nfeBody({ empresa_id: empresaId, referencia: `EXP-${Date.now().toString(36)}-${++seq}` });
let cancelledId: string;

useTestApp((s) => ({ t, acct } = s));
beforeAll(async () => {
  companyId = (await acct.company(NFE_COMPANY)).id;
  otherCompanyId = (await acct.company(NFE_COMPANY)).id;
  http = httpClient(t.url, acct.testKey);
  for (let i = 0; i < 2; i++) expectStatus(await http.post('/v1/nfe', body(companyId)), 201);
  expectStatus(await http.post('/v1/nfe', body(otherCompanyId)), 201);
  cancelledId = expectStatus(await http.post('/v1/nfe', body(companyId)), 201).id;
  expectStatus(await http.post(`/v1/nfe/${cancelledId}/cancelamento`, { justificativa: JUST }), 200);
  const rejected = await http.post('/v1/nfe', body(companyId), { headers: { 'x-service-simular': 'rejeitar:539' } });
  expectProblem(rejected, 422, 'nfe_rejeitada');
}, 60_000);

const download = (query: string) =>
  fetch(`${t.url}/v1/nfe/exportacao?${query}`, { headers: { authorization: `Bearer ${acct.testKey}` } });

async function listed(query = ''): Promise<Array<Record<string, any>>> {
  const out: Array<Record<string, any>> = [];
  let cursor: string | null = null;
  do {
    const page: any = expectStatus(
      await http.get(`/v1/nfe?limite=100${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`),
      200,
    );
    out.push(...page.dados);
    cursor = page.proximo_cursor;
  } while (cursor);
  return out;
}

function records(text: string) {
  const [header, ...rows] = parseCsv(text);
  return rows.map((r) => Object.fromEntries(header!.map((h, i) => [h, r[i]!])));
}

describe('GET /v1/nfe/exportacao', () => {
  it("CSV: the list's notes in its order, with the values of each note's XML", async () => {
    const res = await download('formato=csv');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="nfe-exportacao-.*\.csv"$/);
    const rows = records(await res.text());
    const notes = await listed();
    expect(rows.map((r) => r.id)).toEqual(notes.map((n) => n.id));
    for (const [i, n] of notes.entries()) {
      const r = rows[i]!;
      expect([r.status, r.numero, r.chave_acesso, r.valor_total]).toEqual([
        n.status,
        n.numero,
        n.chave_acesso,
        n.valor_total,
      ]);
    }
    const cancelled = rows.find((r) => r.id === cancelledId)!;
    expect(cancelled.motivo_cancelamento).toBe(JUST);
    const xml = expectStatus(await http.get(`/v1/nfe/${cancelledId}/xml`), 200) as string;
    const total = (tag: string) => new RegExp(`<ICMSTot>[\\s\\S]*?<${tag}>([^<]*)</${tag}>`).exec(xml)![1];
    expect([cancelled.valor_produtos, cancelled.valor_icms, cancelled.valor_total]).toEqual([
      total('vProd'),
      total('vICMS'),
      total('vNF'),
    ]);
    expect(rows.find((r) => r.status === 'rejeitada')!.protocolo).toBe('');
  });

  it("honours the list's filters (company, status)", async () => {
    const rows = records(await (await download(`formato=csv&empresa_id=${otherCompanyId}`)).text());
    expect(rows.map((r) => r.id)).toEqual((await listed(`&empresa_id=${otherCompanyId}`)).map((n) => n.id));
    expect(rows).toHaveLength(1);
    expect(records(await (await download('formato=csv&status=cancelada')).text()).map((r) => r.id)).toEqual([
      cancelledId,
    ]);
    expectProblem(await http.get('/v1/nfe/exportacao?formato=csv&status=perdida'), 400, 'parametro_invalido');
    expectProblem(await http.get('/v1/nfe/exportacao?formato=csv&desde=ontem'), 400, 'parametro_invalido');
  });

  it('ZIP: the stored procNFe, a DANFE and the cancellation event of each authorised or cancelled note', async () => {
    const res = await download(`formato=zip&empresa_id=${companyId}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    const bytes = Buffer.from(await res.arrayBuffer());
    const source = { size: bytes.length, read: (s: number, e: number) => Readable.from([bytes.subarray(s, e)]) };
    const files = new Map<string, Buffer>();
    for (const [name, entry] of await readZipEntries(source)) {
      const chunks: Buffer[] = [];
      for await (const c of await openZipEntry(source, entry)) chunks.push(c as Buffer);
      files.set(name, Buffer.concat(chunks));
    }
    const notes = (await listed(`&empresa_id=${companyId}`)).filter((n) =>
      ['autorizada', 'cancelada'].includes(n.status),
    );
    expect(notes).toHaveLength(3);
    for (const n of notes) {
      const xml = expectStatus(await http.get(`/v1/nfe/${n.id}/xml`), 200);
      expect(files.get(`nfe-${n.chave_acesso}.xml`)!.toString('utf8')).toBe(xml);
      expect(files.get(`nfe-${n.chave_acesso}.pdf`)!.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    }
    const cancelled = notes.find((n) => n.id === cancelledId)!;
    const evento = cancelled.eventos.find((e: { tp_evento: string }) => e.tp_evento === '110111');
    const eventXml = expectStatus(await http.get(`/v1/nfe/${cancelledId}/eventos/${evento.id}/xml`), 200);
    expect(files.get(`nfe-${cancelled.chave_acesso}-cancelamento.xml`)!.toString('utf8')).toBe(eventXml);
    const index = records(files.get('nfe.csv')!.toString('utf8'));
    expect(index.map((r) => r.id)).toEqual((await listed(`&empresa_id=${companyId}`)).map((n) => n.id));
    expect(files.size).toBe(3 * 2 + 1 + 1);
  });
});
