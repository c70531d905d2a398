import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emitDps } from '../../src/engine/autoridades/nfse-nacional/emit-dps.js';
import { LOGO_MAX_BYTES, readCompanyLogo } from '../../src/engine/empresas/read-company-logo.js';
import { isEngineError } from '../../src/engine/errors.js';
import { renderDanfe } from '../../src/engine/nfe/render-danfe.js';
import { renderDanfse } from '../../src/engine/nfse/nacional/render-danfse.js';
import { fiscalDataDir } from '../../src/engine/tabelas/fiscal-data-dir.js';
import { jpegHeaderImage, pngImage } from '../support/logo-images.js';
import { baseDps, TOMA_CNPJ } from '../support/nfse-fixtures.js';
import { signedDps, startSimulator, type SimKit } from '../support/simulator.js';

const refusal = (bytes: Buffer) => {
  try {
    readCompanyLogo(bytes, '/logo');
  } catch (err) {
    if (isEngineError(err)) return { codigo: err.codigo, campo: err.campo, mensagem: err.message };
    throw err;
  }
  throw new Error('logo accepted');
};

/** The image XObjects of a PDF with their declared sizes (pdfkit writes them uncompressed in the dictionary). */
const images = (pdf: Buffer) =>
  [...pdf.toString('latin1').matchAll(/\/Subtype \/Image[^>]*?\/Width (\d+)[^>]*?\/Height (\d+)/g)].map(
    (m) => `${m[1]}x${m[2]}`,
  );

describe('readCompanyLogo', () => {
  it('reads type and dimensions of a PNG and of a JPEG from their headers', () => {
    expect(readCompanyLogo(pngImage(120, 45), '/logo')).toMatchObject({ tipo: 'image/png', largura: 120, altura: 45 });
    expect(readCompanyLogo(jpegHeaderImage(640, 480), '/logo')).toMatchObject({
      tipo: 'image/jpeg',
      largura: 640,
      altura: 480,
    });
  });

  it('refuses other formats, empty files, files over the byte limit and images over 1000 px, naming the field', () => {
    const gif = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1');
    expect(refusal(gif)).toEqual({
      codigo: 'validacao',
      campo: '/logo',
      mensagem: 'Logotipo não é uma imagem PNG ou JPEG válida (formatos aceitos: PNG e JPEG).',
    });
    expect(refusal(Buffer.alloc(0)).mensagem).toMatch(/^Logotipo vazio/);
    const big = Buffer.concat([pngImage(10, 10), Buffer.alloc(LOGO_MAX_BYTES)]);
    expect(refusal(big).mensagem).toBe(`Logotipo com ${big.length} bytes: o limite é 204800 bytes (200 KB).`);
    expect(refusal(jpegHeaderImage(1001, 20)).mensagem).toBe(
      'Logotipo de 1001×20 pixels: o limite é 1000×1000 pixels.',
    );
    expect(refusal(pngImage(20, 1200)).mensagem).toBe('Logotipo de 20×1200 pixels: o limite é 1000×1000 pixels.');
    // A JPEG start without any frame header is not an image.
    expect(refusal(Buffer.from([0xff, 0xd8, 0xff, 0xd9])).codigo).toBe('validacao');
  });
});

describe('logo on the DANFSe and the DANFE', () => {
  let kit: SimKit;
  let nfseXml = '';
  beforeAll(async () => {
    kit = await startSimulator();
    const r = await emitDps(kit.client, {
      dpsXml: signedDps(baseDps({ toma: { CNPJ: TOMA_CNPJ, xNome: 'Cliente Exemplo S.A.' } })).xml,
    });
    if (r.kind !== 'authorized') throw new Error(r.kind);
    nfseXml = r.nfseXml;
  });
  afterAll(() => kit.close());

  it('embeds the PNG logo in the DANFSe beside the QR code, and only when given', async () => {
    const without = images(await renderDanfse(nfseXml));
    const withLogo = images(await renderDanfse(nfseXml, { logo: pngImage(123, 47) }));
    expect(without).not.toContain('123x47');
    expect(withLogo).toContain('123x47');
    expect(withLogo.length).toBe(without.length + 1);
  });

  it('embeds a JPEG logo in the DANFE', async () => {
    const xml = readFileSync(join(fiscalDataDir(), 'nfe/samples', 'procNFe_homologacao_RS_sped-nfe.xml'), 'utf8');
    const pdf = await renderDanfe(xml, { logo: jpegHeaderImage(321, 99) });
    expect(images(pdf)).toContain('321x99');
    expect(pdf.toString('latin1')).toContain('/Filter /DCTDecode');
    expect(images(await renderDanfe(xml))).not.toContain('321x99');
  });
});
