// A batch sheet of a company with an alphanumeric CNPJ, made by LibreOffice from CSV as a person would: recipients
// with letters (bare, masked, lower case) keep them, numeric documents get their leading zeros back.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cnpjCheckDigits } from '../../src/engine/nucleo/cnpj-check-digits.js';
import { httpClient, type Http } from '../support/http.js';
import { CNPJ_ALFANUMERICO, ref } from '../support/nfse.js';
import { seedAccount } from '../support/seed.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { allItens, settledStatus, waitLote } from '../support/lotes.js';
import { cnpjWithLeadingZero, xlsxFromCsv } from '../support/sheets.js';

const comLetras = (base12: string) => base12 + cnpjCheckDigits(base12);
// A root that starts with zeros and has letters: the cell is text, so nothing may be dropped.
const documentos = [
  comLetras('00AB12CD0001'),
  comLetras('9XYZ87650001'),
  comLetras('AB1CD2EF0001'),
  cnpjWithLeadingZero(),
];
const celulas = [
  documentos[0]!,
  documentos[1]!.toLowerCase(),
  documentos[2]!.replace(/^(.{2})(.{3})(.{3})(.{4})(.{2})$/, '$1.$2.$3/$4-$5'),
  documentos[3]!,
];
const refs = documentos.map(() => ref('alfa'));

let t: TestApp;
let http: Http;
let empresa: string;
let planilha: Buffer;

beforeAll(async () => {
  let sheets: Record<string, Buffer>;
  [t, sheets] = await Promise.all([
    startTestApp(),
    xlsxFromCsv({
      alfa: [
        'referencia;tomador.documento;tomador.nome;valor;servico.descricao',
        ...refs.map((r, i) => `${r};${celulas[i]};Cliente ${i};100,00;Consultoria`),
      ].join('\n'),
    }),
  ]);
  planilha = sheets.alfa!;
  const acct = await seedAccount(t.app.engine);
  empresa = (await acct.company({ cnpj: CNPJ_ALFANUMERICO })).id;
  http = httpClient(t.url, acct.testKey);
}, 180_000);
afterAll(async () => t?.close());

describe('a batch sheet with alphanumeric CNPJs', () => {
  it('issues every line for the alphanumeric issuer, each recipient with its letters and zeros', async () => {
    const form = new FormData();
    form.append('empresa_id', empresa);
    form.append('planilha', new Blob([new Uint8Array(planilha)]), 'lote.xlsx');
    const res = await http.request('POST', '/v1/lotes', { raw: form });
    expect(res.status, res.text).toBe(202);
    const lote = await waitLote(http, res.body.id, settledStatus('concluido', 'erro'));
    expect(lote.contagens).toMatchObject({ autorizada: 4, com_erro_validacao: 0 });
    const linhas = await allItens(http, lote.id);
    expect(linhas.map((l) => l.referencia)).toEqual(refs);
    for (const [i, linha] of linhas.entries()) {
      expect(linha.chave_acesso.slice(9, 23)).toBe(CNPJ_ALFANUMERICO);
      const xml = await http.get(`/v1/nfse/${linha.nfse_id}/xml`);
      expect(xml.text).toContain(`<toma><CNPJ>${documentos[i]}</CNPJ>`);
    }
  });
});
