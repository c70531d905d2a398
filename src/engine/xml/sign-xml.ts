import { createPrivateKey, type KeyObject } from 'node:crypto';
import { SignedXml } from 'xml-crypto';
import {
  C14N,
  ENVELOPED,
  RSA_SHA1,
  RSA_SHA256,
  SHA1,
  SHA256,
  signCanonicalXml,
  type DigestAlgorithm,
} from './sign-canonical-xml.js';

/**
 * Elements signed in the national system: infDPS (DPS) and infPedReg (pedRegEvento) by the taxpayer;
 * infNFSe and infEvento by the national system (used by the simulator); infNFe and infInut (inutilização) of the
 * NF-e layout (src/engine/nfe); the RPS, lot, cancellation and substitution of the ABRASF model (and InfNfse, by
 * its simulator).
 */
export type SignedElement =
  | 'infDPS'
  | 'infPedReg'
  | 'infNFSe'
  | 'infEvento'
  | 'infNFe'
  | 'infInut'
  | 'InfDeclaracaoPrestacaoServico'
  | 'LoteRps'
  | 'InfPedidoCancelamento'
  | 'SubstituicaoNfse'
  | 'InfNfse'
  | 'Confirmacao';

export interface XmlSigner {
  /** PEM or a KeyObject; pass a KeyObject when signing many documents (PEM is re-parsed on every call). */
  privateKey: KeyObject | string;
  certificatePem: string;
}

export interface SignXmlOptions {
  element: SignedElement;
  /** sha256 (default) for the national NFS-e; sha1 where the NF-e schemas fix rsa-sha1/sha1. */
  algorithm?: DigestAlgorithm;
  /** 'auto' (default) signs with the subset canonicaliser and falls back to xml-crypto outside it. */
  engine?: 'auto' | 'xml-crypto';
  /**
   * The identifier attribute the Reference URI points at: `Id` (default, the national and ABRASF schemas) or a
   * provider's lower-case `id`.
   */
  idAttribute?: 'Id' | 'id';
  /** Namespace prefixes on element names are admitted by the subset path (xml-element.ts). */
  prefixes?: boolean;
}

// C14N 1.0 inclusive, transforms enveloped-signature then C14N. RSA-SHA256 is accepted by Sefin and preferred
// here; the 2022 manual's RSA-SHA1 is not used.

/** Turns a PEM key into a KeyObject once, so repeated signing does not re-parse it. */
export function createXmlSigner(privateKeyPem: string, certificatePem: string): XmlSigner {
  return { privateKey: createPrivateKey(privateKeyPem), certificatePem };
}

/**
 * Enveloped XML-DSig over the element's Id: Reference URI="#<Id>", Signature (default xmldsig namespace, no
 * prefix: E1228 forbids prefixes) placed as the next sibling of infDPS/infPedReg, KeyInfo with only the
 * end-entity certificate. Sign the exact string you will send (E0714 otherwise).
 */
export function signXml(xml: string, signer: XmlSigner, options: SignXmlOptions): string {
  if (options.engine !== 'xml-crypto') {
    const fast = signCanonicalXml({
      xml,
      element: options.element,
      privateKey: signer.privateKey,
      certificateBase64: pemBody(signer.certificatePem),
      algorithm: options.algorithm,
      idAttribute: options.idAttribute,
      prefixes: options.prefixes,
    });
    if (fast !== null) return fast;
  }
  const sha1 = options.algorithm === 'sha1';
  // xml-crypto references the element's existing Id, ID or id attribute on its own.
  const xpath = `//*[local-name(.)='${options.element}']`;
  const sig = new SignedXml({
    privateKey: signer.privateKey as never,
    publicCert: signer.certificatePem,
    signatureAlgorithm: sha1 ? RSA_SHA1 : RSA_SHA256,
    canonicalizationAlgorithm: C14N,
    getKeyInfoContent: () =>
      `<X509Data><X509Certificate>${pemBody(signer.certificatePem)}</X509Certificate></X509Data>`,
  });
  sig.addReference({ xpath, transforms: [ENVELOPED, C14N], digestAlgorithm: sha1 ? SHA1 : SHA256 });
  sig.computeSignature(xml, { location: { reference: xpath, action: 'after' } });
  return sig.getSignedXml();
}

/** Base64 body of a PEM certificate, without armour or line breaks. */
export function pemBody(pem: string): string {
  return pem.replace(/-----(BEGIN|END) CERTIFICATE-----/g, '').replace(/\s+/g, '');
}

export function pemFromBase64Certificate(base64: string): string {
  const body = base64.replace(/\s+/g, '');
  const lines = body.match(/.{1,64}/g) ?? [];
  return `-----BEGIN CERTIFICATE-----\n${lines.join('\n')}\n-----END CERTIFICATE-----\n`;
}
