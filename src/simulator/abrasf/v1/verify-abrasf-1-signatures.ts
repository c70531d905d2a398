import { SignedXml } from 'xml-crypto';
import { pemFromBase64Certificate } from '../../../engine/xml/sign-xml.js';
import { verifyEverySignature } from '../../../engine/xml/verify-xml-signature.js';

/**
 * Checks every Signature of a 1.00 message with the certificate it carries: each must verify, and the message
 * must carry at least `minimo` of them (what the family signs), each referencing its element's `idAttribute`. The reason of the first failure, or null. The subset
 * path checks the messages the service writes; anything outside it is checked by xml-crypto.
 */
export function verifyAbrasf1Signatures(xml: string, minimo: number, idAttribute: 'Id' | 'id' = 'Id'): string | null {
  const fast = verifyEverySignature(xml, { prefixes: true, idAttribute });
  if (fast && !fast.valid) return fast.detail;
  if (fast) return fast.count < minimo ? `mensagem com ${fast.count} assinatura(s); esperadas ${minimo}` : null;
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
