import { createHash, createSign, type KeyObject } from 'node:crypto';
import { attribute, canonicalize, findElements, parseSimpleXml } from './xml-element.js';

export const DSIG_NS = 'http://www.w3.org/2000/09/xmldsig#';
export const C14N = 'http://www.w3.org/TR/2001/REC-xml-c14n-20010315';
export const ENVELOPED = 'http://www.w3.org/2000/09/xmldsig#enveloped-signature';
export const RSA_SHA256 = 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256';
export const SHA256 = 'http://www.w3.org/2001/04/xmlenc#sha256';
export const RSA_SHA1 = 'http://www.w3.org/2000/09/xmldsig#rsa-sha1';
export const SHA1 = 'http://www.w3.org/2000/09/xmldsig#sha1';

/** sha256 for the national NFS-e; sha1 where the schema fixes it (NF-e 4.00 xmldsig-core-schema_v1.01.xsd). */
export type DigestAlgorithm = 'sha256' | 'sha1';
const URIS: Record<DigestAlgorithm, { signature: string; digest: string; node: string }> = {
  sha256: { signature: RSA_SHA256, digest: SHA256, node: 'RSA-SHA256' },
  sha1: { signature: RSA_SHA1, digest: SHA1, node: 'RSA-SHA1' },
};

export interface CanonicalSignInput {
  xml: string;
  element: string;
  privateKey: KeyObject | string;
  certificateBase64: string;
  algorithm?: DigestAlgorithm;
  /** The element's identifier attribute (default `Id`). */
  idAttribute?: string;
  /**
   * `after` (default): the Signature as the element's next sibling, Reference URI="#<Id>". `append`: as its last
   * child, URI="#<Id>", or URI="" (the whole document) for a root without the attribute.
   */
  placement?: 'after' | 'append';
  /** Namespace prefixes on element names are admitted (xml-element.ts), as the ABRASF 1.00 messages write them. */
  prefixes?: boolean;
}

/**
 * Signs with the subset canonicaliser (xml-element.ts) instead of xml-crypto: the element must occur once, carry
 * an alphanumeric Id, and the document must be inside the subset. The output is byte-identical to xml-crypto's
 * (PKCS#1 v1.5 is deterministic), which the tests check. Null when the input does not qualify, so the caller falls
 * back to xml-crypto.
 */
export function signCanonicalXml(input: CanonicalSignInput): string | null {
  const root = parseSimpleXml(input.xml, { prefixes: input.prefixes === true });
  const targets = root ? findElements(root, input.element) : [];
  if (targets.length !== 1) return null;
  const target = targets[0]!;
  const append = input.placement === 'append';
  const id = attribute(target, input.idAttribute ?? 'Id');
  if (id !== undefined ? !/^[A-Za-z0-9]+$/.test(id) : !(append && target === root)) return null;
  const reference = id === undefined ? '' : `#${id}`;

  const algorithm = input.algorithm ?? 'sha256';
  // The Signature's namespace context: the prefixes in scope where it goes, which its canonical SignedInfo carries.
  const prefixes = (append ? target : target.parent)?.prefixes ?? {};
  const digest = createHash(algorithm).update(canonicalize(target), 'utf8').digest('base64');
  const signature = createSign(URIS[algorithm].node)
    .update(canonicalSignedInfo(reference, digest, algorithm, prefixes), 'utf8')
    .sign(input.privateKey, 'base64');
  const sigXml =
    `<Signature xmlns="${DSIG_NS}">${signedInfo(reference, digest, false, algorithm, {})}<SignatureValue>${signature}</SignatureValue>` +
    `<KeyInfo><X509Data><X509Certificate>${input.certificateBase64}</X509Certificate></X509Data></KeyInfo></Signature>`;
  const at = append ? target.end - `</${target.name}>`.length : target.end;
  return input.xml.slice(0, at) + sigXml + input.xml.slice(at);
}

/**
 * SignedInfo in canonical form: inherited xmlns on the apex (the signature's default namespace, then the prefixes in
 * scope where the Signature sits), empty elements expanded. `reference` is the Reference URI (`#<Id>` or "").
 */
export function canonicalSignedInfo(
  reference: string,
  digest: string,
  algorithm: DigestAlgorithm = 'sha256',
  prefixes: Readonly<Record<string, string>> = {},
): string {
  return signedInfo(reference, digest, true, algorithm, prefixes);
}

/** SignedInfo canonical, or as serialised in the document (the layout xml-crypto writes). */
function signedInfo(
  reference: string,
  digest: string,
  canonical: boolean,
  algorithm: DigestAlgorithm,
  prefixes: Readonly<Record<string, string>>,
): string {
  const uris = URIS[algorithm];
  const empty = (name: string, alg: string) =>
    canonical ? `<${name} Algorithm="${alg}"></${name}>` : `<${name} Algorithm="${alg}"/>`;
  const xmlns = canonical
    ? ` xmlns="${DSIG_NS}"` +
      Object.keys(prefixes)
        .sort()
        .map((p) => ` xmlns:${p}="${prefixes[p]}"`)
        .join('')
    : '';
  return (
    `<SignedInfo${xmlns}>${empty('CanonicalizationMethod', C14N)}${empty('SignatureMethod', uris.signature)}` +
    `<Reference URI="${reference}"><Transforms>${empty('Transform', ENVELOPED)}${empty('Transform', C14N)}</Transforms>` +
    `${empty('DigestMethod', uris.digest)}<DigestValue>${digest}</DigestValue></Reference></SignedInfo>`
  );
}
