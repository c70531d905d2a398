// .xlsx intake as people make sheets, with
// fixtures made by LibreOffice from CSV, refusals that store nothing, idempotency over the file hash, and the
// streamed report.
import { PassThrough, Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpClient, expectProblem, type Http } from '../support/http.js';
import { ref } from '../support/nfse.js';
import { seedAccount, type SeededAccount, type SeededCompany } from '../support/seed.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { allItens, settledStatus, waitLote } from '../support/lotes.js';
import { cnpjWithLeadingZero, cpfWithLeadingZero, xlsxFromCsv } from '../support/sheets.js';
import { graphql } from '../support/graphql.js';

let t: TestApp;
let acct: SeededAccount;
let company: SeededCompany;
let http: Http;
let sheets: Record<string, Buffer>;
const cpf = cpfWithLeadingZero();
const cnpj = cnpjWithLeadingZero();
const refs = [ref('pl'), ref('pl'), ref('pl'), ref('pl')];
const lastMonth = (() => {
  const d = new Date();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() - 1);
  return {
    text: `${String(d.getUTCMonth() + 1).padStart(2, '0')}/${d.getUTCFullYear()}`,
    iso: d.toISOString().slice(0, 7),
    day: `15/${String(d.getUTCMonth() + 1).padStart(2, '0')}/${d.getUTCFullYear()}`,
  };
})();

beforeAll(async () => {
  [t, sheets] = await Promise.all([
    startTestApp(),
    xlsxFromCsv({
      // Column names in other case and with spaces; documents that become numbers and lose their zeros;
      // a pt-BR amount with thousands dot and decimal comma; competence as a date and as text; one bad value.
      pessoas: [
        ' Referencia ;TOMADOR.DOCUMENTO; Valor ;servico.descricao;Competencia;servico.iss_retido',
        `${refs[0]};${cpf};1.500,50;Consultoria;${lastMonth.day};nao`,
        `${refs[1]};${cnpj};100;Suporte;${lastMonth.text};`,
        `${refs[2]};52998224725;abc;Treinamento;;`,
        `${refs[3]};52998224725;"250,5";Treinamento;;`,
        ';;;;;',
        ';;;;;',
      ].join('\n'),
      desconhecida: 'referencia;valor_total\nr1;10\n',
      semcabecalho: '\n\nr1;10\n',
    }),
  ]);
  acct = await seedAccount(t.app.engine);
  company = await acct.company();
  http = httpClient(t.url, acct.testKey);
}, 180_000);
afterAll(async () => t?.close());

function upload(fields: Record<string, string>, file?: Buffer, headers: Record<string, string> = {}) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  if (file) form.append('planilha', new Blob([new Uint8Array(file)]), 'lote.xlsx');
  return http.request('POST', '/v1/lotes', { raw: form, headers });
}

describe('POST /v1/lotes with a spreadsheet', () => {
  it('reads a LibreOffice sheet as people make it, normalising cells; a bad value is an error of its line', async () => {
    const res = await upload({ empresa_id: company.id }, sheets.pessoas);
    expect(res.status, res.text).toBe(202);
    expect(res.body).toMatchObject({ origem: 'planilha', total: 4, status: 'validando' });
    const lote = await waitLote(http, res.body.id, settledStatus('concluido'));
    const linhas = await allItens(http, lote.id);
    // The lines' statuses and errors explain a count that differs.
    expect(lote.contagens, JSON.stringify(linhas.map((l) => [l.linha, l.status, l.erros]))).toMatchObject({
      autorizada: 3,
      com_erro_validacao: 1,
    });
    expect(linhas.map((l) => [l.linha, l.referencia, l.status])).toEqual([
      [1, refs[0], 'autorizada'],
      [2, refs[1], 'autorizada'],
      [3, refs[2], 'com_erro_validacao'],
      [4, refs[3], 'autorizada'],
    ]);
    expect(linhas[2]!.erros.map((e: any) => [e.codigo, e.campo])).toEqual([['formato_invalido', '/valor']]);

    const note = async (i: number) => (await http.get(`/v1/nfse/${linhas[i]!.nfse_id}`)).body;
    const [n1, n2, n4] = [await note(0), await note(1), await note(3)];
    expect([n1.valor, n1.competencia]).toEqual(['1500.50', lastMonth.iso]);
    expect([n2.valor, n2.competencia]).toEqual(['100.00', lastMonth.iso]);
    expect(n4.valor).toBe('250.50');
    const request = async (id: string) =>
      (await t.app.engine.db.nfse.findUniqueOrThrow({ where: { id } })).request as Record<string, any>;
    expect((await request(n1.id)).tomador.documento).toBe(cpf);
    expect((await request(n1.id)).servico.iss_retido).toBe(false);
    expect((await request(n2.id)).tomador.documento).toBe(cnpj);
  });

  it('refuses what is not a usable sheet with a clear problem and stores nothing', async () => {
    const before = await t.app.engine.db.lote.count();
    const unknown = expectProblem(
      await upload({ empresa_id: company.id }, sheets.desconhecida),
      422,
      'planilha_invalida',
    );
    expect(unknown.erros.map((e: any) => e.mensagem).join()).toContain('valor_total');
    expectProblem(await upload({ empresa_id: company.id }, sheets.semcabecalho), 422, 'planilha_invalida');
    expectProblem(
      await upload({ empresa_id: company.id }, Buffer.from('isto não é uma planilha')),
      422,
      'planilha_invalida',
    );
    expectProblem(await upload({ empresa_id: company.id }), 422, 'planilha_obrigatoria');
    expectProblem(
      await upload({ empresa_id: company.id }, Buffer.alloc(20 * 1024 * 1024 + 1, 1)),
      413,
      'corpo_muito_grande',
    );
    expect(await t.app.engine.db.lote.count()).toBe(before);
  });

  it('Idempotency-Key compares the file hash plus the form fields', async () => {
    const key = `planilha-${Date.now()}`;
    const copy = Buffer.from(sheets.desconhecida!);
    const other = await upload({ empresa_id: company.id, ao_validar: 'aguardar' }, sheets.pessoas, {
      'idempotency-key': `${key}-x`,
    });
    expect(other.status).toBe(202);
    // The same file and fields under one key: the stored 202; the same file with other fields: conflict.
    const a = await upload({ empresa_id: company.id, ao_validar: 'aguardar' }, sheets.pessoas, {
      'idempotency-key': key,
    });
    const b = await upload({ empresa_id: company.id, ao_validar: 'aguardar' }, Buffer.from(sheets.pessoas!), {
      'idempotency-key': key,
    });
    expect(a.status).toBe(202);
    expect(b.body).toEqual(a.body);
    expectProblem(
      await upload({ empresa_id: company.id }, sheets.pessoas, { 'idempotency-key': key }),
      409,
      'idempotencia_conflito',
    );
    expectProblem(
      await upload({ empresa_id: company.id, ao_validar: 'aguardar' }, copy, { 'idempotency-key': key }),
      409,
      'idempotencia_conflito',
    );
  });
});

/** An .xlsx written by exceljs: its zip holds the worksheet before xl/workbook.xml and the shared strings. */
async function exceljsSheet(
  rows: unknown[][],
  options: { compression?: 'STORE' | 'DEFLATE'; inlineStrings?: boolean } = {},
): Promise<Buffer> {
  if (options.inlineStrings) {
    const chunks: Buffer[] = [];
    const stream = new PassThrough().on('data', (c: Buffer) => chunks.push(c));
    const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: false, useSharedStrings: false });
    const ws = wb.addWorksheet('Lote');
    for (const row of rows) ws.addRow(row).commit();
    ws.commit();
    await wb.commit();
    return Buffer.concat(chunks);
  }
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Lote');
  for (const row of rows) ws.addRow(row);
  wb.addWorksheet('Outra').addRow(['não', 'é', 'o', 'lote']);
  return Buffer.from(await wb.xlsx.writeBuffer({ zip: { compression: options.compression ?? 'DEFLATE' } }));
}

/** Where the zip's local header of a part starts (its name follows the 30-byte header), -1 if none. */
function partOffset(file: Buffer, name: string): number {
  for (let i = file.indexOf(name); i >= 0; i = file.indexOf(name, i + 1))
    if (i >= 30 && file.readUInt32LE(i - 30) === 0x04034b50) return i - 30;
  return -1;
}

/** A copy of the file whose central directory declares `size` as the part's inflated size. */
function declaringSize(file: Buffer, name: string, size: number): Buffer {
  const copy = Buffer.from(file);
  for (let i = copy.indexOf(name); i >= 0; i = copy.indexOf(name, i + 1)) {
    if (i >= 46 && copy.readUInt32LE(i - 46) === 0x02014b50) {
      copy.writeUInt32LE(size, i - 46 + 24);
      return copy;
    }
  }
  throw new Error(`${name} is not in the central directory`);
}

describe('POST /v1/lotes with a sheet written by exceljs', () => {
  // Each kind of file goes several times: the fault this guards against came one upload in two to six.
  const TIMES = 6;

  it('reads the first sheet every time, over REST and GraphQL, though the worksheet comes before the workbook part', async () => {
    const key = await acct.key('test');
    const client = httpClient(t.url, key);
    const refsOf = (kind: string) => [ref(`xl-${kind}`), ref(`xl-${kind}`)];
    const rowsOf = (r: string[]) => [
      ['referencia', 'tomador.documento', 'valor', 'servico.descricao'],
      [r[0], '52998224725', '99.90', 'Consultoria'],
      [r[1], '52998224725', 10, 'Suporte'],
    ];
    const kinds = { deflated: {}, stored: { compression: 'STORE' as const }, inline: { inlineStrings: true } };
    for (const [kind, options] of Object.entries(kinds)) {
      const expected = refsOf(kind);
      const file = await exceljsSheet(rowsOf(expected), options);
      expect(partOffset(file, 'xl/worksheets/sheet1.xml'), kind).toBeGreaterThan(0);
      expect(partOffset(file, 'xl/worksheets/sheet1.xml'), kind).toBeLessThan(partOffset(file, 'xl/workbook.xml'));
      for (let i = 0; i < TIMES; i++) {
        const form = new FormData();
        form.append('empresa_id', company.id);
        form.append('ao_validar', 'aguardar');
        form.append('planilha', new Blob([new Uint8Array(file)]), 'lote.xlsx');
        const res = await client.request('POST', '/v1/lotes', { raw: form });
        expect(res.status, `${kind}, upload ${i + 1}: ${res.text}`).toBe(202);
        expect(res.body.total, kind).toBe(2);
        if (i > 0) continue;
        // Lines show once judged.
        await waitLote(client, res.body.id, settledStatus('aguardando_emissao'));
        expect(
          (await allItens(client, res.body.id)).map((l) => [l.linha, l.referencia]),
          kind,
        ).toEqual([
          [1, expected[0]],
          [2, expected[1]],
        ]);
      }
      const data = await graphql(
        t.url,
        key,
        `
          mutation ($input: LoteInput!, $planilha: String) {
            createLote(input: $input, planilha: $planilha) {
              __typename
              ... on Lote {
                id
                total
              }
              ... on DomainError {
                codigo
                mensagem
              }
            }
          }
        `,
        { input: { empresaId: company.id, aoValidar: 'aguardar' }, planilha: file.toString('base64') },
      );
      expect(data.createLote, kind).toMatchObject({ __typename: 'Lote', total: 2 });
    }
  });

  it('refuses a part that states or reaches more than its limit once inflated (a zip bomb), storing nothing', async () => {
    const client = httpClient(t.url, await acct.key('test'));
    const file = await exceljsSheet([
      ['referencia', 'tomador.documento', 'valor', 'servico.descricao'],
      [ref('zb'), '52998224725', '1.00', 'A'],
    ]);
    const post = (sheet: Buffer) => {
      const form = new FormData();
      form.append('empresa_id', company.id);
      form.append('planilha', new Blob([new Uint8Array(sheet)]), 'lote.xlsx');
      return client.request('POST', '/v1/lotes', { raw: form });
    };
    const before = (await client.get('/v1/lotes?limite=100')).body.dados.length;
    // Stated: 100 MB of shared strings, over the 48 MB held in memory while the sheet is read.
    const stated = await post(declaringSize(file, 'xl/sharedStrings.xml', 100 * 1024 * 1024));
    expectProblem(stated, 422, 'planilha_invalida');
    expect(stated.body.mensagem).toBe(
      'A parte xl/sharedStrings.xml da planilha tem 100 MB descompactada; o limite é 48 MB.',
    );
    // Reached: the part inflates past the size it states.
    const reached = await post(declaringSize(file, 'xl/sharedStrings.xml', 10));
    expectProblem(reached, 422, 'planilha_invalida');
    expect(reached.body.mensagem).toBe('O arquivo em planilha não é uma planilha .xlsx legível.');
    // The same file as written is read.
    expect((await post(file)).status).toBe(202);
    expect((await client.get('/v1/lotes?limite=100')).body.dados.length).toBe(before + 1);
  });
});

describe('GET /v1/lotes/{id}/relatorio', () => {
  it('is an .xlsx with one row per line: status, number, access key, codes and messages', async () => {
    const res = await http.post('/v1/lotes', {
      empresa_id: company.id,
      itens: [
        { referencia: ref('rel'), tomador: { documento: '52998224725' }, valor: '10.00', servico: { descricao: 'A' } },
        { referencia: ref('rel'), tomador: { documento: '1' }, valor: 10, servico: { descricao: 'B' } },
      ],
    });
    const lote = await waitLote(http, res.body.id, settledStatus('concluido'));
    const linhas = await allItens(http, lote.id);
    const report = await fetch(`${t.url}/v1/lotes/${lote.id}/relatorio`, {
      headers: { authorization: `Bearer ${acct.testKey}` },
    });
    expect(report.status).toBe(200);
    expect(report.headers.get('content-type')).toContain('spreadsheetml');
    expect(report.headers.get('content-disposition')).toContain(`lote-${lote.id}.xlsx`);
    const rows: unknown[][] = [];
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([Buffer.from(await report.arrayBuffer())]), {});
    for await (const sheet of reader) for await (const row of sheet) rows.push((row.values as unknown[]).slice(1));
    expect(rows[0]).toEqual([
      'linha',
      'referencia',
      'status',
      'numero',
      'chave_acesso',
      'nfse_id',
      'codigos',
      'mensagens',
    ]);
    expect(rows[1]!.slice(0, 6)).toEqual([
      1,
      linhas[0]!.referencia,
      'autorizada',
      linhas[0]!.numero,
      linhas[0]!.chave_acesso,
      linhas[0]!.nfse_id,
    ]);
    expect(rows[2]!.slice(0, 3)).toEqual([2, linhas[1]!.referencia, 'com_erro_validacao']);
    expect(String(rows[2]![6])).toContain('documento_invalido');
    expect(String(rows[2]![6])).toContain('tipo_invalido');
    expect(String(rows[2]![7])).toContain('/tomador/documento');
    expect(rows).toHaveLength(3);

    const missing = await http.get('/v1/lotes/01930000-0000-7000-8000-000000000000/relatorio');
    expectProblem(missing, 404, 'lote_nao_encontrado');
  });
});
