import { createHash, createPublicKey, createSign, createVerify } from 'node:crypto';
import { C14N, DSIG_NS, ENVELOPED, RSA_SHA1, SHA1 } from './sign-canonical-xml.js';
import { pemBody, pemFromBase64Certificate, type XmlSigner } from './sign-xml.js';
import { canonicalize, childElements, findElements, parseSimpleXml, textOf } from './xml-element.js';

/** SignedInfo of a whole-document reference (URI=""), canonical (with its xmlns) or as written inside Signature. */
function signedInfo(digest: string, canonical: boolean): string {
  const empty = (name: string, alg: string) =>
    canonical ? `<${name} Algorithm="${alg}"></${name}>` : `<${name} Algorithm="${alg}"/>`;
  return (
    `<SignedInfo${canonical ? ` xmlns="${DSIG_NS}"` : ''}>${empty('CanonicalizationMethod', C14N)}${empty('SignatureMethod', RSA_SHA1)}` +
    `<Reference URI=""><Transforms>${empty('Transform', ENVELOPED)}${empty('Transform', C14N)}</Transforms>` +
    `${empty('DigestMethod', SHA1)}<DigestValue>${digest}</DigestValue></Reference></SignedInfo>`
  );
}

/**
 * Enveloped XML-DSig over the whole document (Reference URI="", no Id added to the root), RSA-SHA1 and SHA-1,
 * inclusive C14N, KeyInfo with the end-entity certificate only; the Signature becomes the root's last child. The
 * document must be inside the canonicaliser's subset (default namespaces only, as São Paulo's messages are).
 */
export function signEnvelopedDocument(xml: string, signer: XmlSigner): string {
  const root = parseSimpleXml(xml);
  if (!root) throw new Error('documento fora do subconjunto XML assinável');
  const digest = createHash('sha1').update(canonicalize(root), 'utf8').digest('base64');
  const value = createSign('RSA-SHA1').update(signedInfo(digest, true), 'utf8').sign(signer.privateKey, 'base64');
  const signature =
    `<Signature xmlns="${DSIG_NS}">${signedInfo(digest, false)}<SignatureValue>${value}</SignatureValue>` +
    `<KeyInfo><X509Data><X509Certificate>${pemBody(signer.certificatePem)}</X509Certificate></X509Data></KeyInfo></Signature>`;
  const close = xml.lastIndexOf('</');
  return xml.slice(0, close) + signature + xml.slice(close);
}

export type EnvelopedDocumentCheck = { valid: true; certificatePem: string } | { valid: false; detail: string };

/**
 * Checks a document signed as signEnvelopedDocument signs: one Signature, last child of the root, whose only
 * reference is the whole document; the digest and the signature with the certificate it carries.
 */
export function verifyEnvelopedDocument(xml: string): EnvelopedDocumentCheck {
  const root = parseSimpleXml(xml);
  if (!root) return { valid: false, detail: 'XML fora do subconjunto verificável' };
  const signatures = findElements(root, 'Signature').filter((s) => s.namespace === DSIG_NS);
  const elements = childElements(root);
  const signature = elements[elements.length - 1];
  if (signatures.length !== 1 || signature !== signatures[0])
    return { valid: false, detail: 'Signature ausente ou fora do fim do documento' };
  const [info] = childElements(signature, 'SignedInfo');
  const digest = info ? findElements(info, 'DigestValue')[0] : undefined;
  const value = childElements(signature, 'SignatureValue')[0];
  const certificate = findElements(signature, 'X509Certificate')[0];
  if (!info || !digest || !value || !certificate) return { valid: false, detail: 'Signature incompleta' };
  const canonicalInfo = canonicalize(info);
  if (canonicalInfo !== signedInfo(textOf(digest), true))
    return { valid: false, detail: 'SignedInfo diferente do perfil (URI vazia, C14N, RSA-SHA1)' };
  root.children = root.children.filter((c) => c !== signature);
  if (createHash('sha1').update(canonicalize(root), 'utf8').digest('base64') !== textOf(digest))
    return { valid: false, detail: 'digest do documento não confere' };
  const certificatePem = pemFromBase64Certificate(textOf(certificate).replace(/\s+/g, ''));
  try {
    const ok = createVerify('RSA-SHA1')
      .update(canonicalInfo, 'utf8')
      .verify(createPublicKey(certificatePem), textOf(value).replace(/\s+/g, ''), 'base64');
    return ok ? { valid: true, certificatePem } : { valid: false, detail: 'assinatura não confere' };
  } catch (err) {
    return { valid: false, detail: err instanceof Error ? err.message : String(err) };
  }
}
