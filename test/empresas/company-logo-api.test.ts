import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NFE_COMPANY, nfeBody } from '../support/nfe-fixtures.js';
import { expectStatus, httpClient } from '../support/http.js';
import { jpegHeaderImage, pngImage } from '../support/logo-images.js';
import { startKit, type NationalApiKit } from '../support/nfse-api.js';

let k: NationalApiKit;
beforeAll(async () => {
  k = await startKit();
});
afterAll(() => k?.close());

const images = (pdf: Buffer) =>
  [...pdf.toString('latin1').matchAll(/\/Subtype \/Image[^>]*?\/Width (\d+)[^>]*?\/Height (\d+)/g)].map(
    (m) => `${m[1]}x${m[2]}`,
  );
const pdfOf = async (path: string) => {
  const res = await fetch(`${k.t.url}${path}`, { headers: { authorization: `Bearer ${k.account.testKey}` } });
  expect(res.status).toBe(200);
  return Buffer.from(await res.arrayBuffer());
};
const putLogo = (companyId: string, bytes: Buffer) =>
  k.live.request('PUT', `/v1/companies/${companyId}/logo`, { body: { arquivo: bytes.toString('base64') } });

describe('PUT/DELETE /v1/companies/{id}/logo', () => {
  it('stores a PNG, prints it on the DANFSe of the company notes, and removes it', async () => {
    const note = expectStatus(await k.issue(), 201);
    expect(images(await pdfOf(`/v1/nfse/${note.id}/pdf`))).not.toContain('140x60');

    const stored = expectStatus(await putLogo(k.company.id, pngImage(140, 60)), 200);
    expect(stored).toEqual({
      empresa_id: k.company.id,
      tipo: 'image/png',
      largura: 140,
      altura: 60,
      bytes: pngImage(140, 60).length,
      atualizado_em: expect.any(String),
    });
    expect(images(await pdfOf(`/v1/nfse/${note.id}/pdf`))).toContain('140x60');

    const removed = await k.live.request('DELETE', `/v1/companies/${k.company.id}/logo`);
    expect(removed.status, removed.text).toBe(204);
    expect(images(await pdfOf(`/v1/nfse/${note.id}/pdf`))).not.toContain('140x60');
    // Removing none is not an error.
    expect((await k.live.request('DELETE', `/v1/companies/${k.company.id}/logo`)).status).toBe(204);
  });

  it('takes a multipart JPEG and prints it on the DANFE', async () => {
    const company = await k.account.company(NFE_COMPANY);
    const form = new FormData();
    form.append('arquivo', new Blob([new Uint8Array(jpegHeaderImage(300, 90))], { type: 'image/jpeg' }), 'logo.jpg');
    const res = await k.live.request('PUT', `/v1/companies/${company.id}/logo`, { raw: form });
    expect(expectStatus(res, 200)).toMatchObject({ tipo: 'image/jpeg', largura: 300, altura: 90 });
    const nfe = await httpClient(k.t.url, k.account.testKey).post(
      '/v1/nfe',
      nfeBody({ empresa_id: company.id, referencia: `LOGO-${Date.now().toString(36)}` }),
    );
    const created = expectStatus(nfe, 201);
    expect(images(await pdfOf(`/v1/nfe/${created.id}/pdf`))).toContain('300x90');
  });

  it('refuses another format, a file too large or an image too big with a Portuguese message naming arquivo', async () => {
    const refused = async (bytes: Buffer) => {
      const res = await putLogo(k.company.id, bytes);
      expect(res.status, res.text).toBe(422);
      expect(res.body.error).toBe('Unprocessable Entity');
      return String(res.body.message);
    };
    expect(await refused(Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1'))).toBe(
      'arquivo: Logotipo não é uma imagem PNG ou JPEG válida (formatos aceitos: PNG e JPEG). ' +
        '(Envie uma imagem PNG ou JPEG de até 200 KB e até 1000×1000 pixels.)',
    );
    expect(await refused(Buffer.concat([pngImage(8, 8), Buffer.alloc(210_000)]))).toMatch(
      /^arquivo: Logotipo maior que o limite de 204800 bytes/,
    );
    expect(await refused(pngImage(1200, 10))).toMatch(/^arquivo: Logotipo de 1200×10 pixels: o limite é 1000×1000/);
    const missing = await k.live.request('PUT', `/v1/companies/${k.company.id}/logo`, { body: {} });
    expect(missing.status).toBe(422);
    expect(String(missing.body.message)).toMatch(/^arquivo: campo obrigatório/);
    // The test key changes no company.
    const byTestKey = await k.http.request('PUT', `/v1/companies/${k.company.id}/logo`, {
      body: { arquivo: pngImage(4, 4).toString('base64') },
    });
    expect(byTestKey.status).toBe(403);
  });
});
