// How a batch's lines are received: in statements of their own (other requests are answered meanwhile), hidden
// until the last is stored, deleted when the batch is refused after some were stored, and swept away when the
// process that wrote them died.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discardAbandonedLotes } from '../../src/engine/lotes/discard-abandoned-lotes.js';
import { newId } from '../../src/engine/nucleo/new-id.js';
import { expectProblem, httpClient, type Http } from '../support/http.js';
import { linha } from '../support/lotes.js';
import { seedAccount, type SeededAccount, type SeededCompany } from '../support/seed.js';
import { xlsxOf } from '../support/sheets.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let acct: SeededAccount;
let company: SeededCompany;
let http: Http;
// The line inserts Prisma has sent so far, counted as they go.
let lineInserts = 0;

beforeAll(async () => {
  t = await startTestApp({ onQuery: (sql) => void (/INSERT INTO lote_itens/.test(sql) && lineInserts++) });
  acct = await seedAccount(t.app.engine);
  company = await acct.company();
  http = httpClient(t.url, acct.testKey);
});
afterAll(async () => t?.close());

const counts = async () => ({
  lotes: await t.app.engine.db.lote.count(),
  itens: await t.app.engine.db.loteItem.count(),
});

describe('a batch while its lines are stored', () => {
  it('does not hold the database: a request made after its first lines is answered before its last', async () => {
    // 100 lines of about 100 KB each: one insert statement per line.
    const itens = Array.from({ length: 100 }, () => linha({ informacoes_complementares: 'x'.repeat(100_000) }));
    const before = lineInserts;
    let answered = false;
    const posted = http
      .post('/v1/lotes', { empresa_id: company.id, ao_validar: 'aguardar', itens })
      .finally(() => (answered = true));
    while (lineInserts - before < 3 && !answered) await new Promise((resolve) => setTimeout(resolve, 1));
    const company200 = await http.get(`/v1/companies/${company.id}/prontidao`);
    const insertsWhenAnswered = lineInserts - before;
    const res = await posted;
    expect(res.status, res.text).toBe(202);
    expect(company200.status).toBe(200);
    expect(lineInserts - before).toBe(100);
    // One transaction around the inserts would have kept the embedded database's only connection until all 100
    // were written; statements of their own let the request's reads in between.
    expect(insertsWhenAnswered).toBeLessThan(100);
    expect(res.body).toMatchObject({ status: 'validando', total: 100 });
  });

  it('is not shown, and a sweep discards it with its lines once its lease expired, not before', async () => {
    const db = t.app.engine.db;
    const now = new Date();
    const receiving = async (lockedUntil: Date) => {
      const id = newId();
      await db.lote.create({
        data: {
          id,
          accountId: acct.accountId,
          environment: 'test',
          companyId: company.id,
          status: 'recebendo',
          aoValidar: 'aguardar',
          origem: 'planilha',
          total: 0,
          lockedUntil,
          createdAt: now,
          updatedAt: now,
        },
      });
      await db.loteItem.createMany({
        data: [1, 2].map((n) => ({
          id: newId(),
          loteId: id,
          linha: n,
          status: 'validando',
          request: linha(),
          updatedAt: now,
        })),
      });
      return id;
    };
    const abandoned = await receiving(new Date(now.getTime() - 1000));
    const writing = await receiving(new Date(now.getTime() + 60_000));

    for (const id of [abandoned, writing]) expectProblem(await http.get(`/v1/lotes/${id}`), 404, 'lote_nao_encontrado');
    const listed = await http.get('/v1/lotes?limite=100');
    expect(listed.status, listed.text).toBe(200);
    expect(listed.body.dados.map((l: { id: string }) => l.id)).not.toEqual(expect.arrayContaining([abandoned]));
    expect(listed.body.dados.map((l: { id: string }) => l.id)).not.toEqual(expect.arrayContaining([writing]));

    expect(await discardAbandonedLotes(t.app.engine)).toBe(1);
    expect(await db.lote.findUnique({ where: { id: abandoned } })).toBeNull();
    expect(await db.loteItem.count({ where: { loteId: abandoned } })).toBe(0);
    expect((await db.lote.findUniqueOrThrow({ where: { id: writing } })).status).toBe('recebendo');
    expect(await db.loteItem.count({ where: { loteId: writing } })).toBe(2);
  });

  it('a sheet found over the item limit once its lines were stored leaves neither batch nor line', async () => {
    const before = await counts();
    const header = [
      'referencia',
      'tomador.documento',
      'tomador.nome',
      'valor',
      'servico.descricao',
      'informacoes_complementares',
    ];
    const rows = Array.from({ length: 101 }, (_, i) => [
      `limite-${i}`,
      '52998224725',
      'Cliente',
      '100',
      'Consultoria',
      'y'.repeat(2000),
    ]);
    const inserts = lineInserts;
    const form = new FormData();
    form.append('empresa_id', company.id);
    form.append('planilha', new Blob([new Uint8Array(await xlsxOf([header, ...rows]))]), 'lote.xlsx');
    const res = expectProblem(await http.request('POST', '/v1/lotes', { raw: form }), 422, 'validacao');
    expect(res.erros.map((e: { codigo: string; campo: string }) => [e.codigo, e.campo])).toEqual([
      ['limite_de_itens', '/itens'],
    ]);
    // Its lines were written before the count was known, then deleted with the batch.
    expect(lineInserts - inserts).toBeGreaterThan(1);
    expect(await counts()).toEqual(before);
  });
});
