// The DANFSe of a note issued through a municipality's own system (São Paulo, an ABRASF city): the city's document
// is not the national layout, so the PDF is drawn from the note's declared values and the number the city gave.
import { beforeAll, describe, expect, it } from 'vitest';
import { FakeClock } from '../../src/engine/nucleo/clock.js';
import { expectStatus, httpClient, type Http } from '../support/http.js';
import { nfseBody } from '../support/nfse.js';
import { pdfText } from '../support/pdf-text.js';
import type { SeededAccount } from '../support/seed.js';
import type { TestApp } from '../support/test-app.js';
import { useTestApp } from '../support/use-test-app.js';

const clock = new FakeClock('2026-11-02T12:00:00Z');
let t: TestApp;
let acct: SeededAccount;
let live: Http;

useTestApp(
  (s) => ({ t, acct } = s),
  () => ({ clock }),
);
beforeAll(() => {
  live = httpClient(t.url, acct.liveKey);
});

async function pdfOf(id: string): Promise<{ status: number; type: string | null; text: string }> {
  const res = await fetch(`${t.url}/v1/nfse/${id}/pdf`, { headers: { authorization: `Bearer ${acct.liveKey}` } });
  const body = Buffer.from(await res.arrayBuffer());
  return {
    status: res.status,
    type: res.headers.get('content-type'),
    text: res.status === 200 ? pdfText(body) : body.toString(),
  };
}

describe('GET /v1/nfse/{id}/pdf of an own-system note', () => {
  it('São Paulo: 200 application/pdf with the city number, the taker, the values and the city named', async () => {
    const padroes = { codigo_nacional: '010101', aliquota_iss: '2.90', nbs: '115021000', codigo_municipal: '02658' };
    const c = await acct.company({ municipio: '3550308', inscricao_municipal: '31000700', padroes });
    const note = expectStatus(await live.post('/v1/nfse', nfseBody(c.id, { valor: '1234.56' })), 201);
    expect(note.status).toBe('autorizada');
    expect(note.dps_id).toMatch(/^SP-/);
    const pdf = await pdfOf(note.id);
    expect(pdf.status, pdf.text).toBe(200);
    expect(pdf.type).toContain('application/pdf');
    expect(pdf.text).toContain(note.numero);
    expect(pdf.text).toContain(note.chave_acesso);
    expect(pdf.text).toContain('Cliente Ltda');
    expect(pdf.text).toContain('R$ 1.234,56');
    expect(pdf.text).toContain('R$ 35,80'); // ISS 2.90% of 1234.56
    expect(pdf.text).toContain('sistema próprio de São Paulo/SP');
  });

  it('ABRASF (Brasília): 200 application/pdf with the city number; a cancelled note is stamped', async () => {
    const c = await acct.company({ municipio: '5300108', inscricao_municipal: '0712000900' });
    const note = expectStatus(await live.post('/v1/nfse', nfseBody(c.id)), 201);
    expect(note.status).toBe('autorizada');
    const pdf = await pdfOf(note.id);
    expect(pdf.status, pdf.text).toBe(200);
    expect(pdf.type).toContain('application/pdf');
    expect(pdf.text).toContain(note.numero);
    expect(pdf.text).toContain('sistema próprio de Brasília/DF');
    expect(pdf.text).not.toContain('NFS-e CANCELADA');

    expectStatus(
      await live.post(`/v1/nfse/${note.id}/cancelamento`, {
        codigo_motivo: '1',
        motivo: 'Erro na emissão da nota fiscal',
      }),
      200,
    );
    const cancelled = await pdfOf(note.id);
    expect(cancelled.status).toBe(200);
    expect(cancelled.text).toContain('NFS-e CANCELADA');
  });
});
