import { describe, expect, it } from 'vitest';
import { buildDpsId, buildDpsXml } from '../../src/engine/nfse/nacional/build-dps-xml.js';
import { signCanonicalXml } from '../../src/engine/xml/sign-canonical-xml.js';
import { pemBody, signXml } from '../../src/engine/xml/sign-xml.js';
import { validateXsd } from '../../src/engine/xml/validate-xsd.js';
import { verifyXmlSignature } from '../../src/engine/xml/verify-xml-signature.js';
import { NFSE_NAMESPACE } from '../../src/engine/nfse/nacional/dps-input.js';
import { xmllint, xmlsecVerify } from '../support/external-tools.js';
import { baseDps, dpsVariants, PREST_CNPJ, testIdentity } from '../support/nfse-fixtures.js';

describe('DPS Id', () => {
  it('concatenates cLocEmi, tipo de inscrição, inscrição(14), série(5) and nDPS(15)', () => {
    expect(buildDpsId({ cLocEmi: '3550308', CNPJ: '11222333000181', serie: '1', nDPS: '1' })).toBe(
      'DPS355030821122233300018100001000000000000001',
    );
    // CPF: tipo 1, left-padded to 14 digits.
    expect(buildDpsId({ cLocEmi: '3550308', CPF: '12345678909', serie: '49999', nDPS: '123' })).toBe(
      'DPS3550308100012345678909' + '49999' + '000000000000123',
    );
  });
});

describe('buildDpsXml + signXml', () => {
  const { signer, a1 } = testIdentity();

  for (const [name, input] of Object.entries(dpsVariants())) {
    it(`${name}: valid against DPS_v1.01.xsd (wasm and xmllint) and signature verified by xmlsec1`, () => {
      const signed = signXml(buildDpsXml(input), signer, { element: 'infDPS' });
      expect(validateXsd(signed, 'DPS')).toEqual([]);
      const lint = xmllint(signed, 'DPS_v1.01.xsd');
      expect(lint.ok, lint.output).toBe(true);
      const sec = xmlsecVerify(signed, a1.certificatePem, 'infDPS');
      expect(sec.ok, sec.output).toBe(true);
      expect(verifyXmlSignature(signed, 'infDPS').valid).toBe(true);
    });
  }

  it('writes the layout the national system expects: declaration, default namespace, Signature after infDPS', () => {
    const input = baseDps({ serie: '49999', nDPS: '42' });
    const signed = signXml(buildDpsXml(input), signer, { element: 'infDPS' });
    expect(
      signed.startsWith(`<?xml version="1.0" encoding="UTF-8"?><DPS xmlns="${NFSE_NAMESPACE}" versao="1.01">`),
    ).toBe(true);
    expect(signed).toContain(`<infDPS Id="DPS35503082${PREST_CNPJ}49999000000000000042">`);
    expect(signed).toMatch(/<\/infDPS><Signature xmlns="http:\/\/www\.w3\.org\/2000\/09\/xmldsig#"><SignedInfo>/);
    expect(signed).toContain('<Reference URI="#DPS35503082');
    expect(signed).toContain('<CanonicalizationMethod Algorithm="http://www.w3.org/TR/2001/REC-xml-c14n-20010315"/>');
    expect(signed).toContain(
      '<Transform Algorithm="http://www.w3.org/2000/09/xmldsig#enveloped-signature"/><Transform Algorithm="http://www.w3.org/TR/2001/REC-xml-c14n-20010315"/>',
    );
    expect(signed).toContain('<SignatureMethod Algorithm="http://www.w3.org/2001/04/xmldsig-more#rsa-sha256"/>');
    expect(signed).toMatch(
      /<KeyInfo><X509Data><X509Certificate>[A-Za-z0-9+/=]+<\/X509Certificate><\/X509Data><\/KeyInfo><\/Signature><\/DPS>$/,
    );
    expect(signed).not.toMatch(/>\s+</); // no formatting whitespace between tags
    expect(signed).toContain('<serie>49999</serie><nDPS>42</nDPS>');
    expect(signed).toContain('Fase 1 &amp; 2 &lt;entrega&gt;');
  });

  it('fast canonical signer is used for builder output and is byte-identical to xml-crypto', () => {
    for (const input of Object.values(dpsVariants())) {
      const xml = buildDpsXml(input);
      const fast = signCanonicalXml({
        xml,
        element: 'infDPS',
        privateKey: signer.privateKey,
        certificateBase64: pemBody(signer.certificatePem),
      });
      expect(fast).not.toBeNull();
      expect(fast).toBe(signXml(xml, signer, { element: 'infDPS', engine: 'xml-crypto' }));
    }
  });

  it("falls back to xml-crypto for input outside the canonicaliser's subset", () => {
    const xml = buildDpsXml(baseDps()).replace('<tpAmb>2</tpAmb>', '<tpAmb>2<!-- ambiente --></tpAmb>');
    expect(
      signCanonicalXml({ xml, element: 'infDPS', privateKey: signer.privateKey, certificateBase64: 'x' }),
    ).toBeNull();
    const signed = signXml(xml, signer, { element: 'infDPS' });
    expect(xmlsecVerify(signed, a1.certificatePem, 'infDPS').ok).toBe(true);
  });

  it('a changed byte after signing fails both verifiers', () => {
    const signed = signXml(buildDpsXml(baseDps()), signer, { element: 'infDPS' });
    const tampered = signed.replace('<vServ>1500.00</vServ>', '<vServ>1500.01</vServ>');
    expect(verifyXmlSignature(tampered, 'infDPS')).toMatchObject({ valid: false, reason: 'invalid' });
    expect(xmlsecVerify(tampered, a1.certificatePem, 'infDPS').ok).toBe(false);
  });

  it('schema errors are reported by the wasm validator and by xmllint', () => {
    const bad = buildDpsXml(
      baseDps({
        valores: {
          vServPrest: { vServ: '100.0' },
          trib: { tribMun: { tribISSQN: '1', tpRetISSQN: '1' }, totTrib: { indTotTrib: '0' } },
        },
      }),
    );
    const errors = validateXsd(bad, 'DPS');
    expect(errors.length).toBeGreaterThan(0);
    expect(errors[0].message).toContain('vServ');
    expect(xmllint(bad, 'DPS_v1.01.xsd').ok).toBe(false);
    expect(validateXsd('<DPS', 'DPS').length).toBeGreaterThan(0);
  });

  it('a non Latin-1 character is a schema error (TSString pattern)', () => {
    const end = { endNac: { cMun: '3550308', CEP: '01001000' }, xLgr: 'Rua “Nova”', nro: '1', xBairro: 'Centro' };
    const bad = buildDpsXml(baseDps({ toma: { CPF: '12345678909', xNome: 'Fulano', end } }));
    expect(validateXsd(bad, 'DPS').length).toBeGreaterThan(0);
  });
});
