import { signCanonicalXml } from '../national/sign-canonical-xml.js';
import { pemBody, type XmlSigner } from '../national/sign-xml.js';

/**
 * Enveloped signature over infNFe as the 4.00 schema fixes it (xmldsig-core-schema_v1.01.xsd: C14N 1.0,
 * rsa-sha1, sha1; Reference URI="#NFe<chave>"), placed as the last child of NFe with the X509 certificate.
 */
export function signNfeXml(xml: string, signer: XmlSigner): string {
  const signed = signCanonicalXml({ xml, element: 'infNFe', privateKey: signer.privateKey, certificateBase64: pemBody(signer.certificatePem), algorithm: 'sha1' });
  // buildNfeXml writes only what the subset canonicaliser reads; null would be a bug in the builder.
  if (signed === null) throw new Error('NF-e XML outside the canonicaliser subset');
  return signed;
}
