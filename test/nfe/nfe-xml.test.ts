import { describe, expect, it, vi } from 'vitest';
import { SignedXml } from 'xml-crypto';
import { XNOME_HOMOLOGACAO } from '../../src/engine/nfe/build-nfe-xml.js';
import { buildNfeKey, isValidNfeKey } from '../../src/engine/nfe/nfe-access-key.js';
import { accessKeyDv } from '../../src/engine/nucleo/access-key-dv.js';
import { validateXsd } from '../../src/engine/xml/validate-xsd.js';
import { verifyXmlSignature } from '../../src/engine/xml/verify-xml-signature.js';
import { xmllint, xmlsecVerify } from '../support/external-tools.js';
import { testIdentity } from '../support/nfse-fixtures.js';
import { CHAVE_ORIGEM, EMITENTE, nfeBody, signedNfe } from '../support/nfe-fixtures.js';

describe('NF-e access key (shared/nfe/README "Access key")', () => {
  it('checks the DV of the homologation samples and refuses a changed digit', () => {
    // Keys of shared/nfe/samples/procNFe_*.xml (PR and RS homologation, PA production).
    for (const chave of [
      '41170706117473000150550010000463202612756525',
      '43180906929383000163550010000000261000010301',
      '15231207933914000154550010006643501427015088',
    ]) {
      expect(accessKeyDv(chave.slice(0, 43))).toBe(chave[43]);
      expect(isValidNfeKey(chave)).toBe(true);
      expect(isValidNfeKey(chave.slice(0, 43) + String((Number(chave[43]) + 1) % 10))).toBe(false);
    }
  });

  it('lays out cUF AAMM CNPJ mod serie nNF tpEmis cNF cDV in Brasília time', () => {
    const { chave, cNF } = buildNfeKey({
      cUF: '43',
      emissao: new Date('2026-12-01T02:00:00Z'),
      documento: EMITENTE.cnpj,
      serie: '7',
      nNF: 123n,
    });
    expect(chave).toHaveLength(44);
    expect(chave.slice(0, 6)).toBe('432611'); // 23:00 of 30 November in Brasília
    expect(chave.slice(6, 20)).toBe(EMITENTE.cnpj);
    expect(chave.slice(20, 43)).toBe(`55007000000123${'1'}${cNF}`);
    expect(isValidNfeKey(chave)).toBe(true);
  });
});

describe('NF-e 4.00 XML', () => {
  it('validates against nfe_v4.00.xsd (xmllint and the in-process validator) with a signature xmlsec1 verifies', () => {
    const { xml, key } = signedNfe(nfeBody());
    expect(validateXsd(xml, 'NFe')).toEqual([]);
    const lint = xmllint(xml, 'nfe/nfe_v4.00.xsd');
    expect(lint.ok, lint.output).toBe(true);
    const sig = xmlsecVerify(xml, testIdentity().a1.certificatePem, 'infNFe');
    expect(sig.ok, sig.output).toBe(true);
    expect(xml).toContain(`Id="NFe${key.chave}"`);
    expect(xml).toContain('<SignatureMethod Algorithm="http://www.w3.org/2000/09/xmldsig#rsa-sha1"/>');
    expect(xml).toMatch(/<\/infNFe><Signature [^>]+>.*<\/Signature><\/NFe>$/);
  });

  it('sums items and totals with decimals, escapes text and fixes the homologation recipient name', () => {
    const { xml } = signedNfe(nfeBody());
    // 3 × 33.3333 = 99.9999 → 100.00; 1.5 × 10 = 15.00; vNF = vProd + vIPI.
    expect(xml).toContain('<vProd>100.00</vProd>');
    expect(xml).toContain('<ICMSTot><vBC>100.00</vBC><vICMS>12.00</vICMS>');
    expect(xml).toContain('<vProd>115.00</vProd>');
    expect(xml).toContain('<vNF>120.00</vNF>');
    expect(xml).toContain('<vTroco>10.00</vTroco>');
    expect(xml).toContain('Cabo &amp; adaptador &lt;HDMI&gt;');
    expect(xml).toContain(`<xNome>${XNOME_HOMOLOGACAO}</xNome>`);
    expect(xml).toContain('<idDest>2</idDest>'); // RS → PR
    expect(xml).toContain('<cEAN>SEM GTIN</cEAN>');
    expect(xml).toContain('<tpAmb>2</tpAmb>');
  });

  it('production, Simples Nacional (CSOSN), a CPF recipient without address and a referenced key are schema-valid', () => {
    const body = nfeBody({
      destinatario: { documento: '52998224725', nome: 'Maria Silva' },
      presenca: 'presencial',
      finalidade: 'ajuste',
      chave_referenciada: CHAVE_ORIGEM,
      itens: [
        {
          codigo: 'A',
          descricao: 'Caneca',
          ncm: '69120000',
          cfop: '5102',
          origem: '0',
          unidade: 'UN',
          quantidade: '2',
          valor_unitario: '15.00',
          icms: { csosn: '101', p_cred_sn: '1.25', v_cred_icmssn: '0.38' },
          pis: { cst: '49', v_bc: '0.00', p_pis: '0.00', v_pis: '0.00' },
          cofins: { cst: '08' },
        },
      ],
      pagamentos: [{ forma: 'outros', valor: '30.00', descricao: 'Permuta' }],
    });
    const { xml } = signedNfe(body, 'live', { ...EMITENTE, crt: '1' });
    const lint = xmllint(xml, 'nfe/nfe_v4.00.xsd');
    expect(lint.ok, lint.output).toBe(true);
    expect(xml).toContain(`<NFref><refNFe>${CHAVE_ORIGEM}</refNFe></NFref>`);
    expect(xml).toContain('<xNome>Maria Silva</xNome>');
    expect(xml).toContain('<indFinal>1</indFinal>');
  });

  it('a return references the original note per item, not at note level (rejection 1010)', () => {
    const { xml } = signedNfe(
      nfeBody({ finalidade: 'devolucao', chave_referenciada: CHAVE_ORIGEM, item_referenciado: 2 }),
    );
    expect(xmllint(xml, 'nfe/nfe_v4.00.xsd').ok).toBe(true);
    expect(xml).not.toContain('<NFref>');
    expect(xml).toContain(
      `<DFeReferenciado><chaveAcesso>${CHAVE_ORIGEM}</chaveAcesso><nItem>2</nItem></DFeReferenciado>`,
    );
  });
});

describe('NF-e signature check (the simulator verifies every NFe it receives)', () => {
  it('judges the rsa-sha1 signature with the subset verifier, not xml-crypto, and agrees with xml-crypto', () => {
    const { xml } = signedNfe(nfeBody());
    const tampered = [
      xml.replace('<natOp>Venda de mercadoria</natOp>', '<natOp>Venda de mercadorias</natOp>'), // signed content changed
      xml.replace(/<DigestValue>./, (m) => `${m.slice(0, -1)}${m.endsWith('A') ? 'B' : 'A'}`), // digest changed
      xml.replace(/<SignatureValue>./, (m) => `${m.slice(0, -1)}${m.endsWith('A') ? 'B' : 'A'}`), // value changed
    ];
    const xmlCrypto = vi.spyOn(SignedXml.prototype, 'checkSignature');
    try {
      expect(verifyXmlSignature(xml, 'infNFe')).toMatchObject({ valid: true });
      for (const bad of tampered) {
        expect(bad).not.toBe(xml);
        expect(verifyXmlSignature(bad, 'infNFe')).toMatchObject({ valid: false, reason: 'invalid' });
      }
      expect(xmlCrypto).not.toHaveBeenCalled();
      expect(verifyXmlSignature(xml, 'infNFe', { engine: 'xml-crypto' })).toMatchObject({ valid: true });
      for (const bad of tampered)
        expect(verifyXmlSignature(bad, 'infNFe', { engine: 'xml-crypto' })).toMatchObject({ valid: false });
    } finally {
      xmlCrypto.mockRestore();
    }
  });
});
