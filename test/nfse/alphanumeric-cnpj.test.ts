// A company whose CNPJ has letters (IN RFB 2.229/2024) issues, finds and cancels NFS-e like any other; the DPS,
// the note and the cancellation event validate against the schema package of 27/07/2026.
import { beforeAll, describe, expect, it } from 'vitest';
import { isValidAccessKey, parseAccessKey } from '../../src/engine/nfse/nacional/access-key.js';
import { cnpjCheckDigits } from '../../src/engine/nucleo/cnpj-check-digits.js';
import { validateXsd } from '../../src/engine/xml/validate-xsd.js';
import { expectProblem, expectStatus, httpClient, type Http } from '../support/http.js';
import { CNPJ_ALFANUMERICO, nfseBody } from '../support/nfse.js';
import { pdfText } from '../support/pdf-text.js';
import { MUNICIPIO_NACIONAL, type SeededAccount } from '../support/seed.js';
import type { TestApp } from '../support/test-app.js';
import { useTestApp } from '../support/use-test-app.js';

const MOTIVO = 'Serviço não foi prestado ao cliente';
/** A recipient with letters of its own (another root than the issuer's). */
const TOMADOR_ALFANUMERICO = `AB1CD2EF0001${cnpjCheckDigits('AB1CD2EF0001')}`;

let t: TestApp;
let acct: SeededAccount;
let http: Http;
let alfa: string;
let numeric: { id: string; cnpj: string };

useTestApp((s) => ({ t, acct } = s));
beforeAll(async () => {
  alfa = (await acct.company({ cnpj: CNPJ_ALFANUMERICO })).id;
  numeric = await acct.company();
  http = httpClient(t.url, acct.testKey);
});

describe('NFS-e of a company with an alphanumeric CNPJ', () => {
  it('is authorised with the CNPJ in the DPS Id and the access key; found by key; XML and DANFSe carry it', async () => {
    const body = nfseBody(alfa, {
      tomador: { documento: TOMADOR_ALFANUMERICO.toLowerCase(), nome: 'Cliente Alfa S.A.' },
    });
    const note = expectStatus(await http.post('/v1/nfse', body), 201);
    expect(note.status).toBe('autorizada');
    expect(note.dps_id).toMatch(new RegExp(`^DPS${MUNICIPIO_NACIONAL}2${CNPJ_ALFANUMERICO}49999\\d{15}$`));
    expect(isValidAccessKey(note.chave_acesso)).toBe(true);
    expect(parseAccessKey(note.chave_acesso)).toMatchObject({ tpInsc: '2', inscricao: CNPJ_ALFANUMERICO, ambGer: '2' });

    const byKey = expectStatus(await http.get(`/v1/nfse/${note.chave_acesso}`), 200);
    expect(byKey.id).toBe(note.id);

    const xml = await http.get(`/v1/nfse/${note.id}/xml`);
    expect(xml.status).toBe(200);
    expect(validateXsd(xml.text, 'NFSe')).toEqual([]);
    expect(xml.text).toContain(`Id="NFS${note.chave_acesso}"`);
    expect(xml.text).toContain(`<prest><CNPJ>${CNPJ_ALFANUMERICO}</CNPJ>`);
    expect(xml.text).toContain(`<toma><CNPJ>${TOMADOR_ALFANUMERICO}</CNPJ>`);

    const pdf = await fetch(`${t.url}/v1/nfse/${note.id}/pdf`, {
      headers: { authorization: `Bearer ${acct.testKey}` },
    });
    expect(pdf.status).toBe(200);
    expect(pdfText(Buffer.from(await pdf.arrayBuffer()))).toContain('12.ABC.345/01DE-35');
  });

  it('is cancelled: the event Id and chNFSe carry the key with its letters and validate', async () => {
    const note = expectStatus(await http.post('/v1/nfse', nfseBody(alfa)), 201);
    const res = expectStatus(
      await http.post(`/v1/nfse/${note.id}/cancelamento`, { codigo_motivo: '2', motivo: MOTIVO }),
      200,
    );
    expect(res.status).toBe('cancelada');
    expect(res.cancelamento.protocolo.evento_id).toBe(`EVT${note.chave_acesso}101101001`);
    expect(validateXsd(res.cancelamento.evento_xml, 'evento')).toEqual([]);
    expect(res.cancelamento.evento_xml).toContain(`<chNFSe>${note.chave_acesso}</chNFSe>`);
    expect(t.app.simulator.note(note.chave_acesso)?.status).toBe('cancelada');
  });

  it('substitutes a note given by its alphanumeric access key', async () => {
    const original = expectStatus(await http.post('/v1/nfse', nfseBody(alfa)), 201);
    const replacement = expectStatus(
      await http.post(
        '/v1/nfse',
        nfseBody(alfa, {
          substituicao: { chave_acesso: original.chave_acesso.toLowerCase(), codigo_motivo: '01' },
        }),
      ),
      201,
    );
    expect(replacement.status).toBe('autorizada');
    expect(t.app.simulator.note(original.chave_acesso)?.status).toBe('substituida');
  });

  it('refuses a key whose letters are outside the inscrição, saying where the key is wrong', async () => {
    const original = expectStatus(await http.post('/v1/nfse', nfseBody(alfa)), 201);
    const wrong = `${original.chave_acesso.slice(0, 30)}A${original.chave_acesso.slice(31)}`;
    const res = expectProblem(
      await http.post(
        '/v1/nfse',
        nfseBody(alfa, {
          substituicao: { chave_acesso: wrong, codigo_motivo: '01' },
        }),
      ),
      422,
      'validacao',
    );
    expect(res.erros.map((e: { campo: string }) => e.campo)).toContain('/substituicao/chave_acesso');
  });

  it('a numeric CNPJ still issues with an all-digit Id and key', async () => {
    const note = expectStatus(await http.post('/v1/nfse', nfseBody(numeric.id)), 201);
    expect(note.chave_acesso).toMatch(new RegExp(`^\\d{9}${numeric.cnpj}\\d{27}$`));
    expect(note.dps_id).toMatch(/^DPS\d{42}$/);
    expect(isValidAccessKey(note.chave_acesso)).toBe(true);
  });
});
