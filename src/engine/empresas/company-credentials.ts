import { type Credentials } from '../autoridades/endpoint.js';
import type { Certificate } from '../../generated/prisma/client.js';
import type { EngineDeps } from '../engine-deps.js';
import type { Tx } from '../eventos/append-events.js';
import { EngineError } from '../errors.js';
import { createXmlSigner, type XmlSigner } from '../xml/sign-xml.js';

const cache = new Map<string, { credentials: Credentials; signer: XmlSigner }>();

/**
 * The company's A1 key, opened from its sealed form, and a signer for it (cached per certificate serial).
 * Callers that already loaded the certificate row pass it, saving the query on the issuance path.
 */
export async function companyCredentials(
  deps: Pick<EngineDeps, 'secrets'> & { db: Tx },
  companyId: string,
  loaded?: Certificate | null,
): Promise<{ credentials: Credentials; signer: XmlSigner }> {
  const cert = loaded ?? (await deps.db.certificate.findUnique({ where: { companyId } }));
  if (!cert)
    throw new EngineError('empresa_nao_pronta', 'A empresa não tem certificado A1.', {
      correcao: 'Envie o certificado A1.',
    });
  const key = `${companyId}:${cert.serial}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const privateKeyPem = deps.secrets.open(cert.keyEnc, `company-key:${companyId}`).toString('utf8');
  const entry = {
    credentials: { privateKeyPem, certificatePem: cert.certPem, serial: cert.serial },
    signer: createXmlSigner(privateKeyPem, cert.certPem),
  };
  if (cache.size > 1000) cache.clear();
  cache.set(key, entry);
  return entry;
}
