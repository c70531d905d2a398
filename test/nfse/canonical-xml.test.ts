import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { buildAccessKey } from '../../src/engine/nfse/nacional/access-key.js';
import { buildDpsXml } from '../../src/engine/nfse/nacional/build-dps-xml.js';
import { buildSignedCancellationXml } from '../../src/engine/nfse/nacional/build-event-xml.js';
import { canonicalize, parseSimpleXml, type XmlElement } from '../../src/engine/xml/xml-element.js';
import { signCanonicalXml } from '../../src/engine/xml/sign-canonical-xml.js';
import { pemBody, signXml, type SignedElement } from '../../src/engine/xml/sign-xml.js';
import { buildEventoXml } from '../../src/simulator/nacional/build-evento-xml.js';
import { buildNfseXml } from '../../src/simulator/nacional/build-nfse-xml.js';
import { readDps } from '../../src/simulator/nacional/read-dps.js';
import { verifyXmlSignature } from '../../src/engine/xml/verify-xml-signature.js';
import { xmlsecVerify } from '../support/external-tools.js';
import { baseDps, dpsVariants, PREST_CNPJ, tempDir, testIdentity, writeTemp } from '../support/nfse-fixtures.js';

/** Independent C14N 1.0 of a whole document by Debian's xmllint (libxml2). */
function xmllintC14n(xml: string): string {
  const file = writeTemp(tempDir('c14n-'), 'doc.xml', xml);
  const r = spawnSync('xmllint', ['--c14n', file], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(r.stderr);
  return r.stdout;
}

const { signer, a1 } = testIdentity();
const chave = buildAccessKey({
  cMun: '3550308',
  CNPJ: PREST_CNPJ,
  nNFSe: 7,
  emissao: new Date('2026-01-15T13:00:00Z'),
});

/** Every signed document the service and the simulator write, with the element each signature covers. */
function signedDocuments(): Array<{ name: string; xml: string; element: SignedElement; unsigned: string }> {
  const docs: Array<{ name: string; xml: string; element: SignedElement; unsigned: string }> = [];
  for (const [name, input] of Object.entries(dpsVariants())) {
    const unsigned = buildDpsXml(input);
    docs.push({
      name: `DPS ${name}`,
      unsigned,
      xml: signXml(unsigned, signer, { element: 'infDPS', engine: 'xml-crypto' }),
      element: 'infDPS',
    });
  }
  const dps = signXml(buildDpsXml(baseDps({ xDescServ: 'Fase 1 & 2 <entrega> "final"' } as never)), signer, {
    element: 'infDPS',
  });
  const nfse = buildNfseXml({
    chave,
    nNFSe: 7,
    nDFSe: 70,
    dhProc: '2026-01-15T10:00:01-03:00',
    dps: readDps(dps),
    signedDpsXml: dps,
    emitterName: 'EMPRESA',
    signer,
  });
  const nfseUnsigned = nfse.slice(0, nfse.indexOf('</infNFSe>') + '</infNFSe>'.length) + '</NFSe>';
  docs.push({ name: 'NFS-e (embeds the signed DPS)', unsigned: nfseUnsigned, xml: nfse, element: 'infNFSe' });
  const pedReg = buildSignedCancellationXml(
    {
      tpAmb: '2',
      verAplic: 'fiscal-api-1.0',
      dhEvento: '2026-01-16T09:00:00-03:00',
      CNPJAutor: PREST_CNPJ,
      chNFSe: chave,
      cMotivo: '1',
      xMotivo: 'Erro na emissão: valor incorreto',
    },
    signer,
  );
  docs.push({
    name: 'pedRegEvento',
    unsigned: pedReg.replace(/<Signature .*<\/Signature>/, ''),
    xml: pedReg,
    element: 'infPedReg',
  });
  const evento = buildEventoXml({
    pedRegId: `PRE${chave}101101`,
    nSeqEvento: 1,
    dhProc: '2026-01-16T09:00:01-03:00',
    nDFSe: 71,
    pedRegEventoXml: pedReg,
    signer,
  });
  docs.push({
    name: 'evento (embeds the signed pedRegEvento)',
    unsigned: evento.replace(/<\/infEvento><Signature .*<\/Signature><\/evento>$/, '</infEvento></evento>'),
    xml: evento,
    element: 'infEvento',
  });
  return docs;
}

describe('subset canonicaliser', () => {
  it('matches xmllint --c14n on every document we sign and on the hard cases of the subset', () => {
    const cases = [
      ...signedDocuments().map((d) => d.xml),
      // attribute order and quotes, entities in text and attributes, empty elements, redundant and reset xmlns,
      // whitespace between tags, '>' in text, non-ASCII text
      `<?xml version="1.0"?>\n<a  z="1" b='x &quot;y&quot; &apos;'><b xmlns="urn:x"><c xmlns="urn:x"/><d xmlns=""/></b>\n t&gt;x &apos;q&quot; > São</a>\n`,
      `<r xmlns="urn:a"><s xmlns="urn:b" k="2" a="1"><t/></s><u xmlns="urn:a">&amp;&lt;</u></r>`,
    ];
    for (const xml of cases) {
      const root = parseSimpleXml(xml);
      expect(root, xml.slice(0, 80)).not.toBeNull();
      expect(canonicalize(root!)).toBe(xmllintC14n(xml));
    }
  });

  it('with prefixes admitted, matches xmllint --c14n on a whole document and on an inner element (inclusive: every namespace in scope)', () => {
    const xml =
      `<m:E xmlns:t="urn:t" xmlns:m="urn:m" Id="E1"><m:L Id="L1"><t:N>1</t:N><t:C z="2" a="1">x &amp; y</t:C>` +
      `<Q xmlns:u="urn:u"><u:R/></Q><S xmlns="urn:s"><T/></S></m:L></m:E>`;
    const root = parseSimpleXml(xml, { prefixes: true });
    expect(root).not.toBeNull();
    expect(canonicalize(root!)).toBe(xmllintC14n(xml));
    // An inner element canonicalised alone carries the ancestors' declarations, as C14N of its subtree does.
    const inner = root!.children[0] as XmlElement;
    const alone = `<m:L xmlns:m="urn:m" xmlns:t="urn:t" Id="L1">${xml.slice(xml.indexOf('<t:N>'), xml.indexOf('</m:L>'))}</m:L>`;
    expect(canonicalize(inner)).toBe(xmllintC14n(alone));
    // Not admitted by default; a prefix declared again on its path, an undeclared one or a prefixed attribute: refused.
    expect(parseSimpleXml(xml)).toBeNull();
    for (const refused of [
      '<p:a xmlns:p="urn:p"><p:b xmlns:p="urn:p"/></p:a>',
      '<p:a/>',
      '<a xmlns:x="urn:x" x:b="1"/>',
    ])
      expect(parseSimpleXml(refused, { prefixes: true }), refused).toBeNull();
  });

  it('refuses what it does not model, so callers fall back to xml-crypto', () => {
    const refused = [
      '<a><!-- c --></a>',
      '<a><?pi x?></a>',
      '<a><![CDATA[x]]></a>',
      '<!DOCTYPE a><a/>',
      '<p:a xmlns:p="urn:p"/>',
      '<a xml:lang="pt"/>',
      '<a>&#65;</a>',
      '<a>x\r\ny</a>',
      '<a b="x\ny"/>',
      '<a>&nbsp;</a>',
      '<a>R&D</a>',
      '<a></b>',
      '<a/><b/>',
      '<a>',
      '<a b="1" b="2"/>',
      'text<a/>',
    ];
    for (const xml of refused) expect(parseSimpleXml(xml), xml).toBeNull();
  });
});

describe('signing and verifying without xml-crypto', () => {
  it('signs byte-identically to xml-crypto, and xmlsec1 verifies the result', () => {
    for (const doc of signedDocuments()) {
      const certificateBase64 = pemBody(signer.certificatePem);
      const fast = signCanonicalXml({
        xml: doc.unsigned,
        element: doc.element,
        privateKey: signer.privateKey,
        certificateBase64,
      });
      expect(fast, `${doc.name} is inside the subset`).not.toBeNull();
      expect(fast, doc.name).toBe(signXml(doc.unsigned, signer, { element: doc.element, engine: 'xml-crypto' }));
      const sec = xmlsecVerify(fast!, a1.certificatePem, [doc.element, 'infDPS', 'infPedReg']);
      expect(sec.ok, `${doc.name}: ${sec.output}`).toBe(true);
    }
  });

  it('verifies what xml-crypto verifies, and refuses what it refuses', () => {
    for (const doc of signedDocuments()) {
      const tampered = [
        doc.xml.replace(/<(dhProc|dhEvento|dhEmi)>2026-01-1/, '<$1>2026-01-2'), // signed content changed
        doc.xml.replace(/<DigestValue>./, (m) => `${m.slice(0, -1)}${m.endsWith('A') ? 'B' : 'A'}`), // digest changed
        doc.xml.replace(/<SignatureValue>./, (m) => `${m.slice(0, -1)}${m.endsWith('A') ? 'B' : 'A'}`), // value changed
      ];
      expect(verifyXmlSignature(doc.xml, doc.element), doc.name).toMatchObject({ valid: true });
      expect(verifyXmlSignature(doc.xml, doc.element, { engine: 'xml-crypto' }), doc.name).toMatchObject({
        valid: true,
      });
      for (const xml of tampered) {
        expect(xml).not.toBe(doc.xml);
        expect(verifyXmlSignature(xml, doc.element), doc.name).toMatchObject({ valid: false, reason: 'invalid' });
        expect(verifyXmlSignature(xml, doc.element, { engine: 'xml-crypto' }), doc.name).toMatchObject({
          valid: false,
        });
      }
    }
  });

  it('a signature over another element, or a SignedInfo we do not write, goes to xml-crypto and is judged there', () => {
    const signed = signXml(buildDpsXml(baseDps()), signer, { element: 'infDPS' });
    const id = /Id="([^"]+)"/.exec(signed)![1]!;
    const otherReference = signed.replace(`URI="#${id}"`, 'URI="#outro"');
    expect(verifyXmlSignature(otherReference, 'infDPS')).toMatchObject({ valid: false, reason: 'invalid' });
    const sha1 = signed.replace('xmldsig-more#rsa-sha256', 'xmldsig#rsa-sha1');
    expect(verifyXmlSignature(sha1, 'infDPS')).toMatchObject({ valid: false, reason: 'invalid' });
    expect(verifyXmlSignature(signed.replace(/<Signature .*<\/Signature>/, ''), 'infDPS')).toMatchObject({
      valid: false,
      reason: 'missing',
    });
  });
});
