// An NF-e of an issuer whose CNPJ has letters, end to end: the key (NT 2025.001 layout and DV), the procNFe and the
// cancellation against PL_010 (its event Id opened to the key's letters), lookup by key; a referenced key with letters where the layout has none is refused.
import { beforeAll, describe, expect, it } from 'vitest';
import { buildNfeKey, isValidNfeKey } from '../../src/engine/nfe/nfe-access-key.js';
import { cnpjCheckDigits } from '../../src/engine/nucleo/cnpj-check-digits.js';
import { validateXsd } from '../../src/engine/xml/validate-xsd.js';
import { xmllint } from '../support/external-tools.js';
import { expectProblem, expectStatus, httpClient, type Http } from '../support/http.js';
import { NFE_COMPANY, nfeBody } from '../support/nfe-fixtures.js';
import { CNPJ_ALFANUMERICO } from '../support/nfse.js';
import { pdfText } from '../support/pdf-text.js';
import { seedAccount } from '../support/seed.js';
import type { TestApp } from '../support/test-app.js';
import { useTestApp } from '../support/use-test-app.js';

const DESTINATARIO = `AB1CD2EF0001${cnpjCheckDigits('AB1CD2EF0001')}`;
const JUST = 'Pedido cancelado pelo cliente antes da saida';

let t: TestApp;
let http: Http;
let testKey: string;
let empresa: string;
let seq = 0;

useTestApp((s) => (t = s.t));
beforeAll(async () => {
  const acct = await seedAccount(t.app.engine);
  empresa = (await acct.company({ cnpj: CNPJ_ALFANUMERICO, ...NFE_COMPANY })).id;
  testKey = acct.testKey;
  http = httpClient(t.url, testKey);
});

const body = (extra: Record<string, unknown> = {}) =>
  nfeBody({ empresa_id: empresa, referencia: `ALFA-${Date.now().toString(36)}-${++seq}`, ...extra });

describe('NF-e of a company with an alphanumeric CNPJ', () => {
  it('is authorised, found by its key, served as a schema-valid procNFe and DANFE, and cancelled', async () => {
    const request = body();
    request.destinatario.documento = DESTINATARIO.toLowerCase();
    const note = expectStatus(await http.post('/v1/nfe', request), 201);
    expect(note.status).toBe('autorizada');
    expect(note.chave_acesso.slice(6, 20)).toBe(CNPJ_ALFANUMERICO);
    expect(isValidNfeKey(note.chave_acesso)).toBe(true);
    expect(expectStatus(await http.get(`/v1/nfe/${note.chave_acesso}`), 200).id).toBe(note.id);

    const xml = await http.get(`/v1/nfe/${note.id}/xml`);
    expect(xml.status).toBe(200);
    const lint = xmllint(xml.text, 'nfe/procNFe_v4.00.xsd');
    expect(lint.ok, lint.output).toBe(true);
    expect(xml.text).toContain(`<emit><CNPJ>${CNPJ_ALFANUMERICO}</CNPJ>`);
    expect(xml.text).toContain(`<CNPJ>${DESTINATARIO}</CNPJ>`);
    const pdf = await fetch(`${t.url}/v1/nfe/${note.id}/pdf`, { headers: { authorization: `Bearer ${testKey}` } });
    expect(pdf.status).toBe(200);
    expect(pdfText(Buffer.from(await pdf.arrayBuffer()))).toContain('12.ABC.345/01DE-35');

    const cancelled = expectStatus(await http.post(`/v1/nfe/${note.id}/cancelamento`, { justificativa: JUST }), 200);
    expect(cancelled.status).toBe('cancelada');
    const evento = await http.get(`/v1/nfe/${note.id}/eventos/${cancelled.eventos[0].id}/xml`);
    // The published event layouts keep infEvento/@Id numeric (ID[0-9]{52}); the service compiles them with the Id
    // opened where TChNFe has letters, so xmllint on the published files would refuse this event.
    expect(validateXsd(evento.text, 'procEventoCancNFe')).toEqual([]);
    expect(evento.text).toContain(`Id="ID110111${note.chave_acesso}01"`);
    expect(evento.text).toContain(`<chNFe>${note.chave_acesso}</chNFe>`);
  });

  it('takes a referenced key with letters in the CNPJ and refuses letters elsewhere with a message that says so', async () => {
    const origem = buildNfeKey({
      cUF: '43',
      emissao: new Date('2026-10-05T12:00:00Z'),
      documento: DESTINATARIO,
      serie: '1',
      nNF: 321,
      cNF: '48151623',
    }).chave;
    const ok = expectStatus(
      await http.post(
        '/v1/nfe',
        body({ finalidade: 'devolucao', chave_referenciada: origem.toLowerCase(), item_referenciado: 1 }),
      ),
      201,
    );
    const xml = await http.get(`/v1/nfe/${ok.id}/xml`);
    expect(xml.text).toContain(`<chaveAcesso>${origem}</chaveAcesso>`);

    const letraNoNumero = `${origem.slice(0, 30)}A${origem.slice(31)}`;
    const res = expectProblem(
      await http.post(
        '/v1/nfe',
        body({ finalidade: 'devolucao', chave_referenciada: letraNoNumero, item_referenciado: 1 }),
      ),
      422,
      'validacao',
    );
    const erro = res.erros.find((e: { campo: string }) => e.campo === '/chave_referenciada');
    expect(erro.mensagem).toMatch(/posições 7 a 18/);
  });
});
