// A provider whose schema names the infDPS identifier `id` gets the national DPS with that attribute renamed and the
// signature's reference on it: both signing engines write the same bytes, both verifiers accept it when told the
// attribute, and neither takes it for a national `Id` document.
import { describe, expect, it } from 'vitest';
import { dpsComAtributoId } from '../../src/engine/nfse/layout-nacional/dps-com-atributo-id.js';
import { buildDpsXml } from '../../src/engine/nfse/nacional/build-dps-xml.js';
import { signXml } from '../../src/engine/xml/sign-xml.js';
import { verifyXmlSignature } from '../../src/engine/xml/verify-xml-signature.js';
import { xmlsecVerify } from '../support/external-tools.js';
import { baseDps, testIdentity } from '../support/nfse-fixtures.js';

const { signer } = testIdentity();

describe('the infDPS identifier named `id`', () => {
  const national = buildDpsXml(baseDps());
  const unsigned = dpsComAtributoId(national, 'id');

  it('renames only the infDPS attribute; the national `Id` leaves the DPS as it is', () => {
    expect(dpsComAtributoId(national, 'Id')).toBe(national);
    expect(unsigned).toBe(national.replace('<infDPS Id="', '<infDPS id="'));
    expect(unsigned).not.toContain(' Id="');
  });

  it('is signed with the reference on `id`, the same bytes by both engines, and verifies only as `id`', () => {
    const fast = signXml(unsigned, signer, { element: 'infDPS', idAttribute: 'id' });
    const slow = signXml(unsigned, signer, { element: 'infDPS', idAttribute: 'id', engine: 'xml-crypto' });
    expect(fast).toBe(slow);
    const id = /<infDPS id="([^"]+)"/.exec(fast)![1]!;
    expect(fast).toContain(`<Reference URI="#${id}">`);
    for (const engine of ['auto', 'xml-crypto'] as const) {
      expect(verifyXmlSignature(fast, 'infDPS', { engine, idAttribute: 'id' }).valid, engine).toBe(true);
      expect(verifyXmlSignature(fast, 'infDPS', { engine }).valid, engine).toBe(false);
    }
    const tampered = fast.replace('<infDPS id="', '<infDPS Id="');
    expect(verifyXmlSignature(tampered, 'infDPS', { idAttribute: 'id' }).valid).toBe(false);
    const xmlsec = xmlsecVerify(fast, signer.certificatePem, 'infDPS', 'id');
    expect(xmlsec.ok, xmlsec.output).toBe(true);
  });
});
