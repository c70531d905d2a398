import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emitDps } from '../../src/engine/autoridades/nfse-nacional/emit-dps.js';
import { consultationUrl, money, renderDanfse } from '../../src/engine/nfse/nacional/render-danfse.js';
import { pdfText } from '../support/pdf-text.js';
import { baseDps, TOMA_CNPJ } from '../support/nfse-fixtures.js';
import { signedDps, startSimulator, type SimKit } from '../support/simulator.js';

describe('renderDanfse', () => {
  let kit: SimKit;
  let nfseXml = '';
  let chave = '';
  beforeAll(async () => {
    kit = await startSimulator();
    const r = await emitDps(kit.client, {
      dpsXml: signedDps(baseDps({ toma: { CNPJ: TOMA_CNPJ, xNome: 'Cliente Exemplo S.A.' } })).xml,
    });
    if (r.kind !== 'authorized') throw new Error(r.kind);
    nfseXml = r.nfseXml;
    chave = r.chave;
  });
  afterAll(() => kit.close());

  it('is a one-page PDF carrying the access key, number, parties and values', async () => {
    const pdf = await renderDanfse(nfseXml);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.toString('latin1').trimEnd().endsWith('%%EOF')).toBe(true);
    const raw = pdf.toString('latin1');
    expect(raw).toMatch(/\/Type \/Pages[\s\S]*?\/Count 1/);
    expect((raw.match(/\/Type \/Page\b/g) ?? []).length).toBe(1);
    expect(raw).toContain('/Subtype /Image'); // the QR code
    const text = pdfText(pdf);
    expect(text).toContain(chave);
    expect(text).toContain('Cliente Exemplo S.A.');
    expect(text).toContain('19.131.243/0001-97');
    expect(text).toContain('R$ 1.500,00');
    expect(text).toContain('SEM VALOR FISCAL'); // homologação
  });

  it('points the QR code at the national public consultation page', () => {
    expect(consultationUrl(chave)).toBe(`https://www.nfse.gov.br/ConsultaPublica/?tpc=1&chave=${chave}`);
  });

  it('formats money from decimal strings without floats', () => {
    expect(money('1234567.5')).toBe('R$ 1.234.567,50');
    expect(money('0.07')).toBe('R$ 0,07');
    expect(money(undefined)).toBe('-');
  });
});
