import { createHash, createPublicKey, createVerify } from 'node:crypto';
import { SignedXml } from 'xml-crypto';
import { memoize } from '../nucleo/memoize.js';
import {
  attribute,
  canonicalize,
  childElements,
  findElements,
  parseSimpleXml,
  textOf,
  type XmlElement,
} from './xml-element.js';
import { canonicalSignedInfo, DSIG_NS, type DigestAlgorithm } from './sign-canonical-xml.js';
import { pemFromBase64Certificate, type SignedElement } from './sign-xml.js';

export type VerifyXmlSignatureResult =
  { valid: true; certificatePem: string } | { valid: false; reason: 'missing' | 'invalid'; detail: string };

/**
 * Verifies the enveloped signature of infDPS/infPedReg with the certificate carried in KeyInfo and checks that
 * the signed reference is that element's Id (so a valid signature over some other element does not count).
 * Chain/ICP-Brasil trust is not checked here (the simulator accepts self-signed test certificates).
 */
export function verifyXmlSignature(
  xml: string,
  element: SignedElement,
  options: { engine?: 'auto' | 'xml-crypto'; idAttribute?: 'Id' | 'id' } = {},
): VerifyXmlSignatureResult {
  const idAttribute = options.idAttribute ?? 'Id';
  return (
    (options.engine === 'xml-crypto' ? null : verifyCanonical(xml, element, idAttribute)) ??
    verifyWithXmlCrypto(xml, element, idAttribute)
  );
}

/**
 * The subset path (xml-element.ts): applies when the document is inside the subset, the element and its Id are
 * unique, and SignedInfo is exactly one we write (C14N, one reference to #Id with enveloped + C14N, RSA-SHA256 and
 * SHA-256, or the RSA-SHA1 and SHA-1 the NF-e schemas fix). Null otherwise, and xml-crypto decides.
 */
function verifyCanonical(xml: string, element: SignedElement, idAttribute: string): VerifyXmlSignatureResult | null {
  const root = parseSimpleXml(xml);
  const targets = root ? findElements(root, element) : [];
  if (targets.length !== 1) return null;
  const target = targets[0]!;
  const id = attribute(target, idAttribute);
  const signature = nextElement(target);
  if (!id || !signature || signature.name !== 'Signature' || signature.namespace !== DSIG_NS) return null;
  if (countIds(root!, id, idAttribute) !== 1) return null;
  const [signedInfo] = childElements(signature, 'SignedInfo');
  const digestValue = signedInfo && findElements(signedInfo, 'DigestValue');
  const signatureValue = childElements(signature, 'SignatureValue')[0];
  const certificate = findElements(signature, 'X509Certificate')[0];
  if (!signedInfo || digestValue?.length !== 1 || !signatureValue || !certificate) return null;
  const digest = textOf(digestValue[0]!);
  const canonicalInfo = canonicalize(signedInfo);
  const algorithm = DIGESTS.find((a) => canonicalInfo === canonicalSignedInfo(`#${id}`, digest, a));
  if (!algorithm) return null;

  const certificatePem = pemFromBase64Certificate(textOf(certificate));
  if (createHash(algorithm).update(canonicalize(target), 'utf8').digest('base64') !== digest) {
    return { valid: false, reason: 'invalid', detail: `digest de #${id} não confere` };
  }
  try {
    const ok = createVerify(algorithm === 'sha1' ? 'RSA-SHA1' : 'RSA-SHA256')
      .update(canonicalInfo, 'utf8')
      .verify(publicKeyOf(certificatePem), textOf(signatureValue).replace(/\s+/g, ''), 'base64');
    return ok ? { valid: true, certificatePem } : { valid: false, reason: 'invalid', detail: 'assinatura não confere' };
  } catch (err) {
    return { valid: false, reason: 'invalid', detail: err instanceof Error ? err.message : String(err) };
  }
}

const DIGESTS: readonly DigestAlgorithm[] = ['sha256', 'sha1'];

export type EverySignatureResult = { valid: true; count: number } | { valid: false; detail: string };

/**
 * Every Signature of a document, each with the certificate it carries, on the subset path (namespace prefixes on
 * element names admitted where `prefixes` says so): each must reference `#<Id>` of one element or "" (the whole
 * document), sit as that element's next sibling or last child, and hold exactly a SignedInfo we write (with the
 * prefixes in scope where it sits). Null when the document or one of its signatures is outside that, so the caller
 * asks xml-crypto; otherwise how many verified, or why the first one fails.
 */
export function verifyEverySignature(
  xml: string,
  options: { prefixes?: boolean; idAttribute?: 'Id' | 'id' } = {},
): EverySignatureResult | null {
  const root = parseSimpleXml(xml, { prefixes: options.prefixes === true });
  if (!root) return null;
  const signatures = findElements(root, 'Signature');
  for (const signature of signatures) {
    if (signature.name !== 'Signature' || signature.namespace !== DSIG_NS) return null;
    const [signedInfo] = childElements(signature, 'SignedInfo');
    const reference = signedInfo && childElements(signedInfo, 'Reference')[0];
    const uri = reference && attribute(reference, 'URI');
    const digestValue = signedInfo && findElements(signedInfo, 'DigestValue');
    const signatureValue = childElements(signature, 'SignatureValue')[0];
    const certificate = findElements(signature, 'X509Certificate')[0];
    if (uri === undefined || digestValue?.length !== 1 || !signatureValue || !certificate) return null;
    const target =
      uri === ''
        ? root
        : /^#[A-Za-z0-9]+$/.test(uri)
          ? uniqueId(root, uri.slice(1), options.idAttribute ?? 'Id')
          : null;
    if (!target || !(signature.parent === target || nextElement(target) === signature)) return null;
    const digest = textOf(digestValue[0]!);
    const canonicalInfo = canonicalize(signedInfo);
    const algorithm = DIGESTS.find((a) => canonicalInfo === canonicalSignedInfo(uri, digest, a, signature.prefixes));
    if (!algorithm) return null;
    // Enveloped-signature transform: the Signature being checked is left out of its reference.
    if (createHash(algorithm).update(canonicalize(target, signature), 'utf8').digest('base64') !== digest)
      return { valid: false, detail: `digest de ${uri || 'documento'} não confere` };
    try {
      const ok = createVerify(algorithm === 'sha1' ? 'RSA-SHA1' : 'RSA-SHA256')
        .update(canonicalInfo, 'utf8')
        .verify(
          publicKeyOf(pemFromBase64Certificate(textOf(certificate))),
          textOf(signatureValue).replace(/\s+/g, ''),
          'base64',
        );
      if (!ok) return { valid: false, detail: 'assinatura não confere' };
    } catch (err) {
      return { valid: false, detail: err instanceof Error ? err.message : String(err) };
    }
  }
  return { valid: true, count: signatures.length };
}

/** The one element whose identifier attribute (`Id`, or a provider's `id`) is `id`; null when none or several. */
function uniqueId(root: XmlElement, id: string, idAttribute: 'Id' | 'id'): XmlElement | null {
  const found: XmlElement[] = [];
  const walk = (element: XmlElement) => {
    if (attribute(element, idAttribute) === id) found.push(element);
    for (const child of childElements(element)) walk(child);
  };
  walk(root);
  return found.length === 1 ? found[0]! : null;
}

const publicKeyOf = memoize((certificatePem: string) => createPublicKey(certificatePem));

function nextElement(element: XmlElement): XmlElement | undefined {
  const siblings = element.parent?.children ?? [];
  for (let i = siblings.indexOf(element) + 1; i < siblings.length; i++) {
    const next = siblings[i]!;
    if (typeof next !== 'string') return next;
    if (next.trim() !== '') return undefined;
  }
  return undefined;
}

function countIds(element: XmlElement, id: string, idAttribute: string): number {
  let n = attribute(element, idAttribute) === id ? 1 : 0;
  for (const child of childElements(element)) n += countIds(child, id, idAttribute);
  return n;
}

function verifyWithXmlCrypto(xml: string, element: SignedElement, idAttribute: string): VerifyXmlSignatureResult {
  // The signature of this element is its next sibling; documents embedding other signed documents
  // (an NFS-e holds the signed DPS) carry several Signature elements.
  const anchor = xml.indexOf(`</${element}><Signature`);
  const start = anchor < 0 ? -1 : anchor + element.length + 3;
  const end = start < 0 ? -1 : xml.indexOf('</Signature>', start);
  const sigXml = end < 0 ? undefined : xml.slice(start, end + '</Signature>'.length);
  const certB64 = sigXml ? /<X509Certificate>([^<]+)<\/X509Certificate>/.exec(sigXml)?.[1] : undefined;
  if (!sigXml || !certB64) return { valid: false, reason: 'missing', detail: 'Signature/X509Certificate ausente' };
  const id = new RegExp(`<${element}[^>]*\\s${idAttribute}="([^"]+)"`).exec(xml)?.[1];
  const certificatePem = pemFromBase64Certificate(certB64);
  try {
    // xml-crypto finds the element by Id, ID or id on its own (naming one again would count it twice).
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
