import { SignedXml } from 'xml-crypto';
import { pemFromBase64Certificate } from '../../../engine/xml/sign-xml.js';

/**
 * Checks every Signature of a 1.00 message with the certificate it carries: each must verify, and the message
 * must carry at least `minimo` of them (what the family signs). The reason of the first failure, or null.
 */
export function verifyAbrasf1Signatures(xml: string, minimo: number): string | null {
  const signatures = [
    ...xml.matchAll(/<Signature\s[^>]*xmlns="http:\/\/www\.w3\.org\/2000\/09\/xmldsig#"[\s\S]*?<\/Signature>/g),
  ];
  if (signatures.length < minimo) return `mensagem com ${signatures.length} assinatura(s); esperadas ${minimo}`;
  for (const [sigXml] of signatures) {
    const cert = /<X509Certificate>([^<]+)<\/X509Certificate>/.exec(sigXml)?.[1];
    if (!cert) return 'Signature sem X509Certificate';
    try {
      const sig = new SignedXml({ publicCert: pemFromBase64Certificate(cert), getCertFromKeyInfo: () => null });
      sig.loadSignature(sigXml);
      if (!sig.checkSignature(xml)) return 'assinatura não confere';
    } catch (err) {
      return err instanceof Error ? err.message : String(err);
    }
  }
  return null;
}
