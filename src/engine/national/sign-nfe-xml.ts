import { SignedXml } from 'xml-crypto';
import { C14N, ENVELOPED } from './sign-canonical-xml.js';
import { pemBody, type XmlSigner } from './sign-xml.js';

// The NF-e schemas fix the profile (xmldsig-core-schema_v1.01.xsd `fixed=`): C14N 1.0, RSA-SHA1, SHA-1. The
// NFS-e's RSA-SHA256 would fail the authority's schema check, so NF-e documents are signed here, not in signXml.
export const RSA_SHA1 = 'http://www.w3.org/2000/09/xmldsig#rsa-sha1';
export const SHA1 = 'http://www.w3.org/2000/09/xmldsig#sha1';

/** Elements signed in NF-e messages (../shared/nfe README "XML signature"). */
export type NfeSignedElement = 'infEvento';

/**
 * Enveloped XML-DSig over the element's Id: Reference URI="#<Id>", transforms enveloped-signature then C14N,
 * Signature (default xmldsig namespace) as the next sibling of the element, i.e. the last child of `evento`,
 * KeyInfo with the end-entity certificate only.
 */
export function signNfeXml(xml: string, signer: XmlSigner, element: NfeSignedElement): string {
  const xpath = `//*[local-name(.)='${element}']`;
  const sig = new SignedXml({
    privateKey: signer.privateKey as never,
    publicCert: signer.certificatePem,
    signatureAlgorithm: RSA_SHA1,
    canonicalizationAlgorithm: C14N,
    getKeyInfoContent: () => `<X509Data><X509Certificate>${pemBody(signer.certificatePem)}</X509Certificate></X509Data>`,
  });
  sig.addReference({ xpath, transforms: [ENVELOPED, C14N], digestAlgorithm: SHA1 });
  sig.computeSignature(xml, { location: { reference: xpath, action: 'after' } });
  return sig.getSignedXml();
}
