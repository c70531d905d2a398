import { createPublicKey, generateKeyPairSync, randomBytes, type KeyObject } from 'node:crypto';
import forge from 'node-forge';
import { normalizeCertificateCnpj } from './certificate.js';
import { OID_ICP_CNPJ, OID_SUBJECT_ALT_NAME } from './icp-brasil-oids.js';

export interface GenerateTestCertificateOptions {
  /** Numeric or alphanumeric (12 [0-9A-Z] + 2 digits); punctuation is dropped and letters upper-cased. */
  cnpj: string;
  razaoSocial: string;
  /** Defaults to a random 24-char password. */
  password?: string;
  /** Defaults to one hour ago. Use past dates for an already-expired certificate. */
  notBefore?: Date;
  /** Defaults to notBefore + 365 days. */
  notAfter?: Date;
  /**
   * An RSA key to certify instead of a new one: generating the key is most of the cost, and throwaway test
   * certificates may share one.
   */
  privateKey?: KeyObject;
}

export interface TestCertificate {
  pkcs12: Buffer;
  password: string;
  privateKeyPem: string;
  certificatePem: string;
}

/**
 * Self-signed certificate shaped like an ICP-Brasil e-CNPJ A1: CN "RAZAO:CNPJ", SAN otherName 2.16.76.1.3.3
 * with the CNPJ, client-auth EKU (the national API requires "Autenticação Cliente").
 * The RSA key comes from node:crypto because forge's pure-JS keygen takes seconds.
 */
export function generateTestCertificate(options: GenerateTestCertificateOptions): TestCertificate {
  const cnpj = normalizeCertificateCnpj(options.cnpj);
  if (!cnpj) throw new Error(`CNPJ inválido para o certificado de teste: ${options.cnpj}`);
  const password = options.password ?? randomBytes(18).toString('base64url');
  const { privateKey, publicKey } = options.privateKey
    ? { privateKey: options.privateKey, publicKey: createPublicKey(options.privateKey) }
    : generateKeyPairSync('rsa', { modulusLength: 2048 });
  const privateKeyPem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  const forgeKey = forge.pki.privateKeyFromPem(privateKeyPem);
  const forgePub = forge.pki.publicKeyFromPem(publicKey.export({ type: 'spki', format: 'pem' }).toString());

  const cert = forge.pki.createCertificate();
  cert.publicKey = forgePub;
  // Positive serial: high bit cleared so DER does not read it as negative.
  cert.serialNumber = '01' + randomBytes(15).toString('hex');
  const notBefore = options.notBefore ?? new Date(Date.now() - 3_600_000);
  cert.validity.notBefore = notBefore;
  cert.validity.notAfter = options.notAfter ?? new Date(notBefore.getTime() + 365 * 86_400_000);
  const subject = [
    { shortName: 'C', value: 'BR' },
    { shortName: 'O', value: 'ICP-Brasil' },
    { shortName: 'OU', value: 'Certificado de Teste A1' },
    { shortName: 'CN', value: `${options.razaoSocial}:${cnpj}` },
  ];
  cert.setSubject(subject);
  cert.setIssuer(subject);
  cert.setExtensions([
    { name: 'basicConstraints', cA: false },
    { name: 'keyUsage', digitalSignature: true, nonRepudiation: true, keyEncipherment: true },
    { name: 'extKeyUsage', clientAuth: true, emailProtection: true },
    { id: OID_SUBJECT_ALT_NAME, value: icpSubjectAltName(cnpj) },
  ]);
  cert.sign(forgeKey, forge.md.sha256.create());

  const p12 = forge.pkcs12.toPkcs12Asn1(forgeKey, [cert], password, {
    algorithm: '3des',
    friendlyName: options.razaoSocial,
  });
  return {
    pkcs12: Buffer.from(forge.asn1.toDer(p12).getBytes(), 'binary'),
    password,
    privateKeyPem,
    certificatePem: forge.pki.certificateToPem(cert),
  };
}

/** SEQUENCE { [0] otherName { OID 2.16.76.1.3.3, [0] EXPLICIT OCTET STRING cnpj } } as ICP-Brasil issues it. */
function icpSubjectAltName(cnpj: string): forge.asn1.Asn1 {
  const { asn1 } = forge;
  const otherName = asn1.create(asn1.Class.CONTEXT_SPECIFIC, 0, true, [
    asn1.create(asn1.Class.UNIVERSAL, asn1.Type.OID, false, asn1.oidToDer(OID_ICP_CNPJ).getBytes()),
    asn1.create(asn1.Class.CONTEXT_SPECIFIC, 0, true, [
      asn1.create(asn1.Class.UNIVERSAL, asn1.Type.OCTETSTRING, false, cnpj),
    ]),
  ]);
  return asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SEQUENCE, true, [otherName]);
}
