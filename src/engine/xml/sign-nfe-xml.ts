import { signXml, type XmlSigner } from './sign-xml.js';

/**
 * Enveloped signature as the NF-e schemas fix it (xmldsig-core-schema_v1.01.xsd: C14N 1.0, rsa-sha1, sha1;
 * Reference URI="#<Id>"), placed as the last child of NFe, evento or inutNFe, with the X509 certificate: infNFe of
 * a note, infEvento of an event (manifestação, cancellation, correction), infInut of an inutilização.
 */
export function signNfeXml(
  xml: string,
  signer: XmlSigner,
  element: 'infNFe' | 'infEvento' | 'infInut' = 'infNFe',
): string {
  return signXml(xml, signer, { element, algorithm: 'sha1' });
}
