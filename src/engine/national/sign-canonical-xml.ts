import { createHash, createSign, type KeyObject } from 'node:crypto';

const DSIG_NS = 'http://www.w3.org/2000/09/xmldsig#';
const C14N = 'http://www.w3.org/TR/2001/REC-xml-c14n-20010315';
const ENVELOPED = 'http://www.w3.org/2000/09/xmldsig#enveloped-signature';
const RSA_SHA256 = 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256';
const SHA256 = 'http://www.w3.org/2001/04/xmlenc#sha256';

export interface CanonicalSignInput {
  xml: string;
  element: string;
  /** Default namespace in scope of the element (declared on the root). */
  namespace: string;
  privateKey: KeyObject | string;
  certificateBase64: string;
}

/**
 * Fast path for documents our builders wrote. Those are already in C14N 1.0 form except for the inherited
 * default namespace: one `Id` attribute on the signed element, no other attributes, no nested xmlns, no
 * self-closing tags, comments, PIs, CDATA, character references or CR (see xml-text.ts). For such input the
 * canonical bytes are the element's own text with `xmlns` added, so we digest and sign without parsing; the
 * result is byte-identical to xml-crypto's (PKCS#1 v1.5 is deterministic), which the tests check. Returns null
 * when the input does not meet these conditions, so the caller falls back to xml-crypto.
 */
export function signCanonicalXml(input: CanonicalSignInput): string | null {
  const open = `<${input.element} Id="`;
  const start = input.xml.indexOf(open);
  const closeTag = `</${input.element}>`;
  const end = input.xml.indexOf(closeTag);
  if (start < 0 || end < 0 || input.xml.indexOf(open, start + 1) >= 0) return null;
  const startTagEnd = input.xml.indexOf('>', start);
  const id = input.xml.slice(start + open.length, startTagEnd - 1);
  if (!/^[A-Za-z0-9]+$/.test(id) || input.xml[startTagEnd - 1] !== '"') return null;
  const content = input.xml.slice(startTagEnd + 1, end);
  if (!isCanonicalContent(content)) return null;

  const canonical = `<${input.element} xmlns="${input.namespace}" Id="${id}">${content}${closeTag}`;
  const digest = createHash('sha256').update(canonical, 'utf8').digest('base64');
  const signedInfo = signedInfoXml(id, digest, true);
  const signature = createSign('RSA-SHA256').update(signedInfo, 'utf8').sign(input.privateKey, 'base64');
  const sigXml =
    `<Signature xmlns="${DSIG_NS}">${signedInfoXml(id, digest, false)}<SignatureValue>${signature}</SignatureValue>` +
    `<KeyInfo><X509Data><X509Certificate>${input.certificateBase64}</X509Certificate></X509Data></KeyInfo></Signature>`;
  const at = end + closeTag.length;
  return input.xml.slice(0, at) + sigXml + input.xml.slice(at);
}

/** SignedInfo: canonical (with its inherited xmlns, empty elements expanded) or as serialised in the document. */
function signedInfoXml(id: string, digest: string, canonical: boolean): string {
  const empty = (name: string, alg: string) => (canonical ? `<${name} Algorithm="${alg}"></${name}>` : `<${name} Algorithm="${alg}"/>`);
  return (
    `<SignedInfo${canonical ? ` xmlns="${DSIG_NS}"` : ''}>${empty('CanonicalizationMethod', C14N)}${empty('SignatureMethod', RSA_SHA256)}` +
    `<Reference URI="#${id}"><Transforms>${empty('Transform', ENVELOPED)}${empty('Transform', C14N)}</Transforms>` +
    `${empty('DigestMethod', SHA256)}<DigestValue>${digest}</DigestValue></Reference></SignedInfo>`
  );
}

/** Tags without attributes or self-closing, no markup declarations/PIs/comments/CDATA, no char refs, no CR. */
function isCanonicalContent(content: string): boolean {
  if (content.includes('\r') || content.includes('<!') || content.includes('<?') || content.includes('&#')) return false;
  if (/<[^>]*\s[^>]*>/.test(content) || content.includes('/>')) return false; // attributes, xmlns, self-closing
  return !/&(?!amp;|lt;|gt;)/.test(content) && !/>[^<]*>/.test(content.replace(/&gt;/g, ''));
}
