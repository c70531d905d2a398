import { spawnSync } from 'node:child_process';
import { X509Certificate, createPrivateKey } from 'node:crypto';
import forge from 'node-forge';
import { describe, expect, it } from 'vitest';
import {
  CertificateError,
  normalizeCertificateCnpj,
  readCertificate,
  readCertificatePem,
} from '../../src/engine/certificados/certificate.js';
import { generateTestCertificate } from '../../src/engine/certificados/generate-test-certificate.js';
import { tempDir, writeTemp } from '../support/nfse-fixtures.js';

function errorCode(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (err) {
    return err instanceof CertificateError ? err.code : `other: ${String(err)}`;
  }
  return undefined;
}

describe('generateTestCertificate + readCertificate', () => {
  const cert = generateTestCertificate({
    cnpj: '11222333000181',
    razaoSocial: 'EMPRESA TESTE LTDA',
    password: 's3nha',
  });

  it('round-trips an ICP-Brasil-like e-CNPJ A1 (Buffer and base64)', () => {
    for (const input of [cert.pkcs12, cert.pkcs12.toString('base64')]) {
      const a1 = readCertificate(input, 's3nha');
      expect(a1.cnpj).toBe('11222333000181');
      expect(a1.subjectCn).toBe('EMPRESA TESTE LTDA:11222333000181');
      expect(a1.serial).toMatch(/^[0-9a-f]+$/);
      expect(a1.notAfter.getTime()).toBeGreaterThan(Date.now());
      expect(a1.notBefore.getTime()).toBeLessThan(Date.now());
      const x509 = new X509Certificate(a1.certificatePem);
      expect(x509.checkPrivateKey(createPrivateKey(a1.privateKeyPem))).toBe(true);
      expect(x509.serialNumber.toLowerCase()).toBe(
        a1.serial.replace(/^0+/, '').padStart(x509.serialNumber.length, '0'),
      );
    }
  });

  it('carries the CNPJ in SAN otherName 2.16.76.1.3.3 and the client-auth EKU (checked by OpenSSL)', () => {
    const file = writeTemp(tempDir('cert-'), 'c.pem', cert.certificatePem);
    const out = spawnSync('openssl', ['x509', '-in', file, '-noout', '-text'], { encoding: 'utf8' }).stdout;
    expect(out).toContain('TLS Web Client Authentication');
    expect(out).toMatch(/othername:\s*2\.16\.76\.1\.3\.3/i);
    // The CNPJ is read from the SAN even when the CN carries no ":CNPJ" suffix.
    const noSuffix = forge.pki.certificateFromPem(cert.certificatePem);
    noSuffix.setSubject([{ shortName: 'CN', value: 'SEM SUFIXO' }]);
    expect(readCertificatePem(forge.pki.certificateToPem(noSuffix)).cnpj).toBe('11222333000181');
  });

  it('PKCS#12 is readable by OpenSSL 3 with the same password', () => {
    const file = writeTemp(tempDir('p12-'), 'c.p12', cert.pkcs12);
    const r = spawnSync('openssl', ['pkcs12', '-in', file, '-passin', 'pass:s3nha', '-nokeys', '-clcerts'], {
      encoding: 'utf8',
    });
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toContain('BEGIN CERTIFICATE');
  });

  it('can generate an already-expired certificate', () => {
    const expired = generateTestCertificate({
      cnpj: '11222333000181',
      razaoSocial: 'X',
      notBefore: new Date('2020-01-01'),
      notAfter: new Date('2021-01-01'),
    });
    const a1 = readCertificate(expired.pkcs12, expired.password);
    expect(a1.notAfter.toISOString()).toBe('2021-01-01T00:00:00.000Z');
  });

  it('typed errors: wrong password, not a PKCS#12, no private key', () => {
    expect(errorCode(() => readCertificate(cert.pkcs12, 'errada'))).toBe('wrong_password');
    expect(errorCode(() => readCertificate(Buffer.from('isto não é um pfx'), 'x'))).toBe('not_pkcs12');
    expect(errorCode(() => readCertificate('', 'x'))).toBe('not_pkcs12');
    const certOnly = forge.pkcs12.toPkcs12Asn1(null, [forge.pki.certificateFromPem(cert.certificatePem)], 'p', {
      algorithm: '3des',
    });
    const der = Buffer.from(forge.asn1.toDer(certOnly).getBytes(), 'binary');
    expect(errorCode(() => readCertificate(der, 'p'))).toBe('no_private_key');
  });
});

describe('alphanumeric CNPJ (IN RFB 2.229/2024) in e-CNPJ certificates', () => {
  const ALNUM = '12ABC34501DE35';

  it('generates and reads it from the SAN otherName and from the CN suffix', () => {
    const cert = generateTestCertificate({ cnpj: '12.abc.345/01de-35', razaoSocial: 'EMPRESA ALFA LTDA' });
    const a1 = readCertificate(cert.pkcs12, cert.password);
    expect(a1.cnpj).toBe(ALNUM);
    expect(a1.subjectCn).toBe(`EMPRESA ALFA LTDA:${ALNUM}`);
    // SAN only (CN without suffix), and CN only (certificate without the SAN extension).
    const sanOnly = forge.pki.certificateFromPem(cert.certificatePem);
    sanOnly.setSubject([{ shortName: 'CN', value: 'SEM SUFIXO' }]);
    expect(readCertificatePem(forge.pki.certificateToPem(sanOnly)).cnpj).toBe(ALNUM);
    const cnOnly = forge.pki.certificateFromPem(cert.certificatePem);
    cnOnly.extensions = cnOnly.extensions.filter((e: { id: string }) => e.id !== '2.5.29.17');
    cnOnly.setSubject([{ shortName: 'CN', value: 'EMPRESA ALFA LTDA:12.ABC.345/01DE-35' }]);
    expect(readCertificatePem(forge.pki.certificateToPem(cnOnly)).cnpj).toBe(ALNUM);
  });

  it('normalises punctuation and case; refuses letters in the check digits or a wrong length', () => {
    expect(normalizeCertificateCnpj('11.222.333/0001-81')).toBe('11222333000181');
    expect(normalizeCertificateCnpj('12abc34501de35')).toBe(ALNUM);
    expect(normalizeCertificateCnpj('12ABC34501DEX5')).toBeNull();
    expect(normalizeCertificateCnpj('12ABC34501DE3')).toBeNull();
    expect(() => generateTestCertificate({ cnpj: '12ABC34501DEXX', razaoSocial: 'X' })).toThrow(/CNPJ inválido/);
  });
});
