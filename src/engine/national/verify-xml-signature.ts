import { SignedXml } from 'xml-crypto';
import { pemFromBase64Certificate, type SignedElement } from './sign-xml.js';

export type VerifyXmlSignatureResult =
  | { valid: true; certificatePem: string }
  | { valid: false; reason: 'missing' | 'invalid'; detail: string };

/**
 * Verifies the enveloped signature of infDPS/infPedReg with the certificate carried in KeyInfo and checks that
 * the signed reference is that element's Id (so a valid signature over some other element does not count).
 * Chain/ICP-Brasil trust is not checked here (the simulator accepts self-signed test certificates).
 */
export function verifyXmlSignature(xml: string, element: SignedElement): VerifyXmlSignatureResult {
  // The signature of this element is its next sibling (README §8); documents embedding other signed documents
  // (an NFS-e holds the signed DPS) carry several Signature elements.
  const anchor = xml.indexOf(`</${element}><Signature`);
  const start = anchor < 0 ? -1 : anchor + element.length + 3;
  const end = start < 0 ? -1 : xml.indexOf('</Signature>', start);
  const sigXml = end < 0 ? undefined : xml.slice(start, end + '</Signature>'.length);
  const certB64 = sigXml ? /<X509Certificate>([^<]+)<\/X509Certificate>/.exec(sigXml)?.[1] : undefined;
  if (!sigXml || !certB64) return { valid: false, reason: 'missing', detail: 'Signature/X509Certificate ausente' };
  const id = new RegExp(`<${element}[^>]*\\sId="([^"]+)"`).exec(xml)?.[1];
  const certificatePem = pemFromBase64Certificate(certB64);
  try {
    const sig = new SignedXml({ publicCert: certificatePem, getCertFromKeyInfo: () => null });
    sig.loadSignature(sigXml);
    if (!sig.checkSignature(xml)) return { valid: false, reason: 'invalid', detail: 'assinatura não confere' };
    const refs = sig.getSignedReferences();
    const uris = sig.getReferences().map((r) => r.uri);
    if (refs.length !== 1 || !id || uris[0] !== `#${id}`) {
      return { valid: false, reason: 'invalid', detail: `referência ${uris.join(',')} não é #${id}` };
    }
    return { valid: true, certificatePem };
  } catch (err) {
    return { valid: false, reason: 'invalid', detail: err instanceof Error ? err.message : String(err) };
  }
}
