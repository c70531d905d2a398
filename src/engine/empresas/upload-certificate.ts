import type { Principal } from '../chaves/principal.js';
import { assertLiveKey } from '../chaves/assert-company-allowed.js';
import type { EngineDeps } from '../engine-deps.js';
import { EngineError } from '../errors.js';
import { CertificateError, readCertificate } from '../certificados/certificate.js';
import { companyTopic } from './company-topic.js';
import { findCompany } from './find-company.js';
import { presentCompany } from './present-company.js';

export interface UploadCertificateOptions {
  id: string;
  /** PKCS#12 bytes (multipart) or their base64 (JSON). */
  arquivo: Buffer | string;
  senha: string;
}

// 50 KB is far above any real A1 (3–8 KB) and keeps forge's parser off hostile inputs.
const MAX_PKCS12_BYTES = 50_000;

/**
 * Reads the A1 with node-forge, checks it is in force and belongs to the company's CNPJ, and stores the key
 * sealed under MASTER_KEY. Neither the file, the password nor the key are ever returned or logged.
 */
export async function uploadCertificate(deps: EngineDeps, principal: Principal, options: UploadCertificateOptions) {
  assertLiveKey(principal, 'Enviar o certificado');
  const company = await findCompany(deps, principal, options.id);
  const bytes = typeof options.arquivo === 'string' ? decodeBase64(options.arquivo) : options.arquivo;
  if (bytes.length > MAX_PKCS12_BYTES)
    throw refuse(
      '/arquivo',
      'arquivo grande demais para um certificado A1',
      'Envie o arquivo .pfx/.p12 do certificado A1.',
    );

  let cert;
  try {
    cert = readCertificate(bytes, options.senha);
  } catch (err) {
    if (err instanceof CertificateError && err.code === 'wrong_password') {
      throw refuse('/senha', 'senha do certificado incorreta', 'Informe a senha usada ao exportar o arquivo .pfx.');
    }
    throw refuse(
      '/arquivo',
      'o arquivo não é um certificado PKCS#12 (A1) legível',
      'Envie o arquivo .pfx ou .p12 com a chave privada, em base64 no JSON ou como arquivo multipart.',
    );
  }
  const now = deps.clock.now();
  if (cert.notAfter <= now) {
    throw refuse(
      '/arquivo',
      `certificado vencido em ${cert.notAfter.toISOString().slice(0, 10)}`,
      'Renove o certificado A1 com a autoridade certificadora e envie o novo.',
    );
  }
  if (cert.notBefore > now) {
    throw refuse(
      '/arquivo',
      `certificado válido só a partir de ${cert.notBefore.toISOString()}`,
      'Envie um certificado já em vigor.',
    );
  }
  if (cert.cnpj !== company.cnpj) {
    throw refuse(
      '/arquivo',
      `o certificado é do CNPJ ${cert.cnpj ?? '(nenhum)'} e a empresa é ${company.cnpj}`,
      'Envie o certificado e-CNPJ desta empresa.',
    );
  }
  const data = {
    keyEnc: deps.secrets.seal(cert.privateKeyPem, `company-key:${company.id}`),
    certPem: cert.certificatePem,
    subject: cert.subjectCn,
    cnpj: cert.cnpj,
    serial: cert.serial,
    notBefore: cert.notBefore,
    notAfter: cert.notAfter,
    createdAt: now,
  };
  await deps.db.certificate.upsert({
    where: { companyId: company.id },
    create: { companyId: company.id, ...data },
    update: data,
  });
  deps.logger.info({ companyId: company.id, serial: cert.serial, notAfter: cert.notAfter }, 'certificate stored');
  await deps.pubsub.publish(companyTopic(company.id), { id: company.id });
  return presentCompany({ ...company, certificate: { companyId: company.id, ...data } });
}

function decodeBase64(value: string): Buffer {
  const clean = value.replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(clean) || clean.length === 0) {
    throw refuse('/arquivo', 'arquivo não está em base64', 'Codifique o .pfx em base64 ou envie-o como multipart.');
  }
  return Buffer.from(clean, 'base64');
}

const refuse = (campo: string, mensagem: string, correcao: string) =>
  new EngineError('certificado_invalido', `${campo.slice(1)}: ${mensagem}`, { campo, correcao });
