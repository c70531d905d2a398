import forge from 'node-forge';
import { OID_ICP_CNPJ, OID_SUBJECT_ALT_NAME } from './icp-brasil-oids.js';
import { memoize } from '../nucleo/memoize.js';

export type CertificateErrorCode = 'not_pkcs12' | 'wrong_password' | 'no_private_key' | 'no_certificate';

export class CertificateError extends Error {
  constructor(
    readonly code: CertificateErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'CertificateError';
  }
}

export interface CertificateFacts {
  certificatePem: string;
  notBefore: Date;
  notAfter: Date;
  subjectCn: string;
  /** From SAN otherName 2.16.76.1.3.3, else from the CN suffix "NAME:CNPJ"; null when neither has one. */
  cnpj: string | null;
  /** Hex, as printed by OpenSSL (lower case). */
  serial: string;
}

export interface A1Certificate extends CertificateFacts {
  privateKeyPem: string;
}

/**
 * Reads an A1 PKCS#12 with node-forge. forge is used instead of OpenSSL because users' old ICP-Brasil PFX files
 * use RC2-40/3DES, which Node's OpenSSL 3 refuses without the legacy provider.
 */
export function readCertificate(pkcs12: Buffer | string, password: string): A1Certificate {
  const p12 = openPkcs12(typeof pkcs12 === 'string' ? Buffer.from(pkcs12, 'base64') : pkcs12, password);
  const keyBags = [
    ...(p12.getBags({ bagType: forge.pki.oids.pkcs8ShroudedKeyBag })[forge.pki.oids.pkcs8ShroudedKeyBag] ?? []),
    ...(p12.getBags({ bagType: forge.pki.oids.keyBag })[forge.pki.oids.keyBag] ?? []),
  ];
  const key = keyBags.find((b) => b.key)?.key as forge.pki.rsa.PrivateKey | undefined;
  if (!key) throw new CertificateError('no_private_key', 'O arquivo PKCS#12 não contém chave privada.');
  const certs = (p12.getBags({ bagType: forge.pki.oids.certBag })[forge.pki.oids.certBag] ?? [])
    .map((b) => b.cert)
    .filter((c): c is forge.pki.Certificate => Boolean(c));
  // The end-entity certificate is the one whose public key matches the private key (PFX files often carry the chain).
  const cert = certs.find((c) => (c.publicKey as forge.pki.rsa.PublicKey).n?.equals(key.n));
  if (!cert)
    throw new CertificateError('no_certificate', 'O arquivo PKCS#12 não contém o certificado da chave privada.');
  const privateKeyPem = forge.pki.privateKeyInfoToPem(forge.pki.wrapRsaPrivateKey(forge.pki.privateKeyToAsn1(key)));
  return { privateKeyPem, ...certificateFacts(cert) };
}

/** Facts of a PEM certificate; remembered per PEM, since the simulator reads the same few on every DPS. */
export const readCertificatePem = memoize((certificatePem: string): CertificateFacts =>
  certificateFacts(forge.pki.certificateFromPem(certificatePem)),
);

function openPkcs12(der: Buffer, password: string): forge.pkcs12.Pkcs12Pfx {
  let asn1: forge.asn1.Asn1;
  try {
    asn1 = forge.asn1.fromDer(der.toString('binary'));
  } catch {
    throw new CertificateError('not_pkcs12', 'O arquivo não é um PKCS#12 (DER) válido.');
  }
  try {
    return forge.pkcs12.pkcs12FromAsn1(asn1, password);
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    if (/Invalid password|MAC could not be verified/i.test(message)) {
      throw new CertificateError('wrong_password', 'Senha do certificado incorreta.');
    }
    if (/PKCS#12|PFX|ASN\.1|version/i.test(message) && !/decrypt/i.test(message)) {
      throw new CertificateError('not_pkcs12', 'O arquivo não é um PKCS#12 válido.');
    }
    // Without a MAC, a wrong password only shows up as garbage after decryption.
    throw new CertificateError('wrong_password', 'Senha do certificado incorreta ou arquivo corrompido.');
  }
}

/**
 * CNPJ as the certificate carries it: the numeric one, or the alphanumeric one of IN RFB 2.229/2024 (12 characters
 * [0-9A-Z] and 2 numeric check digits), without punctuation and in upper case; null when it is neither.
 */
export function normalizeCertificateCnpj(raw: string): string | null {
  const clean = raw.replace(/[^0-9A-Za-z]/g, '').toUpperCase();
  return /^[0-9A-Z]{12}\d{2}$/.test(clean) ? clean : null;
}

function certificateFacts(cert: forge.pki.Certificate): CertificateFacts {
  const cn = String(cert.subject.getField('CN')?.value ?? '');
  const suffix = /:([0-9A-Za-z./-]{14,18})$/.exec(cn)?.[1];
  const cnSuffix = suffix ? normalizeCertificateCnpj(suffix) : null;
  return {
    certificatePem: forge.pki.certificateToPem(cert),
    notBefore: cert.validity.notBefore,
    notAfter: cert.validity.notAfter,
    subjectCn: cn,
    cnpj: sanCnpj(cert) ?? cnSuffix,
    serial: cert.serialNumber.toLowerCase(),
  };
}

/**
 * Reads the CNPJ from SAN otherName 2.16.76.1.3.3 (value [0] EXPLICIT, usually an OCTET STRING of ASCII
 * characters: 14 digits, or 12 [0-9A-Z] + 2 digits for an alphanumeric CNPJ).
 */
function sanCnpj(cert: forge.pki.Certificate): string | null {
  const ext = (cert.extensions as Array<{ id: string; value: string }>).find((e) => e.id === OID_SUBJECT_ALT_NAME);
  if (!ext) return null;
  const { asn1 } = forge;
  const names = asn1.fromDer(ext.value).value as forge.asn1.Asn1[];
  for (const name of names) {
    if (name.tagClass !== asn1.Class.CONTEXT_SPECIFIC || name.type !== 0 || !Array.isArray(name.value)) continue;
    const [oid, wrapped] = name.value;
    if (asn1.derToOid(oid.value as string) !== OID_ICP_CNPJ || !wrapped) continue;
    const inner = Array.isArray(wrapped.value) ? wrapped.value[0] : wrapped;
    const cnpj = normalizeCertificateCnpj(
      String(inner?.value ?? '')
        .replace(/[^0-9A-Za-z]/g, '')
        .slice(0, 14),
    );
    if (cnpj) return cnpj;
  }
  return null;
}
