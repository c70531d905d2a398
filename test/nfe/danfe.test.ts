import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatChave, renderDanfe } from '../../src/engine/nfe/render-danfe.js';
import { fiscalDataDir } from '../../src/engine/tabelas/fiscal-data-dir.js';
import { pdfText } from '../support/pdf-text.js';

const sample = (name: string) => readFileSync(join(fiscalDataDir(), 'nfe/samples', name), 'utf8');
const pages = (pdf: Buffer) => (pdf.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length;

describe('renderDanfe', () => {
  it('renders the RS homologation procNFe with key, barcode, protocol, parties, items and totals', async () => {
    const pdf = await renderDanfe(sample('procNFe_homologacao_RS_sped-nfe.xml'));
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pages(pdf)).toBe(1);
    expect(pdf.toString('latin1')).toContain('/Subtype /Image'); // the Code 128 barcode
    const text = pdfText(pdf);
    expect(text).toContain('4318 0906 9293 8300 0163 5500 1000 0000 2610 0001 0301');
    expect(text).toContain('143180006932433 - 25/09/2018 16:21:05');
    expect(text).toContain('PROTOCOLO DE AUTORIZAÇÃO DE USO');
    expect(text).toContain('UMA RAZAO SOCIAL DE TESTE QUALQUER');
    expect(text).toContain('06.929.383/0001-63');
    expect(text).toContain('58.716.523/0001-19');
    expect(text).toContain('UM PRODUTO TESTE QUALQUER');
    expect(text).toContain('64011000');
    expect(text).toContain('0202'); // origem + CSOSN
    expect(text).toContain('10,0000');
    expect(text).toContain('R$ 500,00'); // vProd and vNF
    expect(text).toContain('9-Sem Transporte');
    expect(text).toContain('Nº 001  VENC. 31/12/2018'); // duplicata
    expect(text).toContain('SEM VALOR FISCAL');
    expect(text).toContain('FOLHA 1/1');
  });

  it('prints IBS/CBS totals, ICMS per item and the carrier of the production sample, without the homologation stamp', async () => {
    const pdf = await renderDanfe(sample('procNFe_reforma_tributaria_IBSCBS_nfelib.xml'));
    const text = pdfText(pdf);
    expect(text).toContain(formatChave('15231207933914000154550010006643501427015088'));
    expect(text).toContain('315230052780138');
    expect(text).toContain('VALOR DO IBS');
    expect(text).toContain('R$ 87,29'); // vCBS
    expect(text).toContain('R$ 164.746,81'); // vNF
    expect(text).toContain('ACO CEARENSE LOGISTICA LTDA');
    expect(text).toContain('POLPA BRASFRUT 100G ACEROLA');
    expect(text).toContain('6.812,24'); // vICMS of the first item
    expect(text).not.toContain('SEM VALOR FISCAL');
  });

  it('renders the PR sample (nfelib) with its complementary information', async () => {
    const text = pdfText(await renderDanfe(sample('procNFe_homologacao_PR_nfelib.xml')));
    expect(text).toContain(formatChave('41170706117473000150550010000463202612756525'));
    expect(text).toContain('141170000487910');
    expect(text).toContain('84,90');
  });

  it('continues the items on further sheets, each with the DANFE box and sheet count', async () => {
    const xml = sample('procNFe_homologacao_RS_sped-nfe.xml');
    const det = /<det nItem="1">[\s\S]*?<\/det>/.exec(xml)![0];
    const many = xml.replace(
      det,
      Array.from({ length: 60 }, (_, i) => det.replace('nItem="1"', `nItem="${i + 1}"`)).join(''),
    );
    const pdf = await renderDanfe(many);
    const n = pages(pdf);
    expect(n).toBeGreaterThan(1);
    const text = pdfText(pdf);
    expect(text).toContain(`FOLHA ${n}/${n}`);
    expect(text.split('UM PRODUTO TESTE QUALQUER').length - 1).toBe(60);
    expect(text.split('CHAVE DE ACESSO').length - 1).toBe(n);
  });

  it('EPEC variant: a tpEmis 4 note without protNFe shows the EPEC protocol and the contingency notice', async () => {
    const nfe = sample('procNFe_homologacao_RS_sped-nfe.xml')
      .replace(/<protNFe[\s\S]*<\/protNFe>/, '')
      .replace('<tpEmis>1</tpEmis>', '<tpEmis>4</tpEmis>');
    const text = pdfText(
      await renderDanfe(nfe, { epec: { protocolo: '891180000012345', dhRegistro: '2018-09-25T15:30:00-03:00' } }),
    );
    expect(text).toContain('PROTOCOLO DO EVENTO EPEC');
    expect(text).toContain('EPEC 891180000012345 - 25/09/2018 15:30:00');
    expect(text.replace(/\s+/g, ' ')).toContain(
      'DANFE impresso em contingência - EPEC regularmente recebido pela Receita Federal do Brasil',
    );
    expect(text).not.toContain('143180006932433');
  });

  it('refuses a note that is neither authorised nor in EPEC, and EPEC for a normal-emission note', async () => {
    const bare = sample('procNFe_homologacao_RS_sped-nfe.xml').replace(/<protNFe[\s\S]*<\/protNFe>/, '');
    await expect(renderDanfe(bare)).rejects.toThrow(/sem protocolo de autorização/);
    await expect(
      renderDanfe(bare, { epec: { protocolo: '1', dhRegistro: '2018-09-25T15:30:00-03:00' } }),
    ).rejects.toThrow(/tpEmis 4/);
  });

  it('stamps a cancelled note', async () => {
    const text = pdfText(
      await renderDanfe(sample('procNFe_reforma_tributaria_IBSCBS_nfelib.xml'), { cancelada: true }),
    );
    expect(text).toContain('NF-e CANCELADA');
  });
});
