import { describe, expect, it } from 'vitest';
import { buildAccessKey } from '../../src/engine/nfse/nacional/access-key.js';
import {
  buildCancellationEventXml,
  buildSignedCancellationXml,
} from '../../src/engine/nfse/nacional/build-event-xml.js';
import { validateXsd } from '../../src/engine/xml/validate-xsd.js';
import { verifyXmlSignature } from '../../src/engine/xml/verify-xml-signature.js';
import { xmllint, xmlsecVerify } from '../support/external-tools.js';
import { PREST_CNPJ, testIdentity } from '../support/nfse-fixtures.js';

describe('pedRegEvento (cancelamento 101101)', () => {
  const chave = buildAccessKey({
    cMun: '3550308',
    CNPJ: PREST_CNPJ,
    nNFSe: 7,
    emissao: new Date('2026-01-15T13:00:00Z'),
  });
  const input = {
    tpAmb: '2' as const,
    verAplic: 'fiscal-api-1.0',
    dhEvento: '2026-01-16T09:00:00-03:00',
    CNPJAutor: PREST_CNPJ,
    chNFSe: chave,
    cMotivo: '1' as const,
    xMotivo: 'Erro na emissão: valor do serviço incorreto',
  };

  it('has Id PRE + chave + 101101 and the fixed xDesc', () => {
    const xml = buildCancellationEventXml(input);
    expect(xml).toContain(`<infPedReg Id="PRE${chave}101101">`);
    expect(xml).toContain('<e101101><xDesc>Cancelamento de NFS-e</xDesc><cMotivo>1</cMotivo>');
    expect(validateXsd(xml, 'pedRegEvento')).toEqual([]);
  });

  it('signed: valid against pedRegEvento_v1.01.xsd (wasm and xmllint), verified by xmlsec1', () => {
    const { signer, a1 } = testIdentity();
    const signed = buildSignedCancellationXml(input, signer);
    expect(signed).toMatch(/<\/infPedReg><Signature xmlns="http:\/\/www\.w3\.org\/2000\/09\/xmldsig#">/);
    expect(validateXsd(signed, 'pedRegEvento')).toEqual([]);
    const lint = xmllint(signed, 'pedRegEvento_v1.01.xsd');
    expect(lint.ok, lint.output).toBe(true);
    const sec = xmlsecVerify(signed, a1.certificatePem, 'infPedReg');
    expect(sec.ok, sec.output).toBe(true);
    expect(verifyXmlSignature(signed, 'infPedReg').valid).toBe(true);
    expect(xmlsecVerify(signed.replace('<cMotivo>1<', '<cMotivo>2<'), a1.certificatePem, 'infPedReg').ok).toBe(false);
  });

  it('a short xMotivo (< 15 chars) is a schema error', () => {
    expect(
      validateXsd(buildCancellationEventXml({ ...input, xMotivo: 'curto' }), 'pedRegEvento').length,
    ).toBeGreaterThan(0);
  });
});
