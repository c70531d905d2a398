import type { Principal } from '../chaves/principal.js';
import { assertLiveKey } from '../chaves/assert-company-allowed.js';
import type { EngineDeps } from '../engine-deps.js';
import { EngineError } from '../errors.js';
import { companyTopic } from './company-topic.js';
import { findCompany } from './find-company.js';
import { presentCompanyLogo } from './present-company-logo.js';
import { LOGO_MAX_BYTES, readCompanyLogo } from './read-company-logo.js';

export interface SetCompanyLogoOptions {
  id: string;
  /** The image in base64 (JSON) — multipart arrives already turned into the same shape. */
  arquivo: string;
}

/**
 * `PUT /v1/companies/{id}/logo` (live key only, as every change to a company): the image replaces the stored one
 * and is printed on the company's DANFSe and DANFE from then on.
 */
export async function setCompanyLogo(deps: EngineDeps, principal: Principal, options: SetCompanyLogoOptions) {
  assertLiveKey(principal, 'Alterar o logotipo da empresa');
  const company = await findCompany(deps, principal, options.id);
  const logo = readCompanyLogo(decodeBase64(options.arquivo), '/arquivo');
  const data = {
    tipo: logo.tipo,
    largura: logo.largura,
    altura: logo.altura,
    bytes: new Uint8Array(logo.bytes),
    updatedAt: deps.clock.now(),
  };
  const stored = await deps.db.companyLogo.upsert({
    where: { companyId: company.id },
    create: { companyId: company.id, ...data },
    update: data,
  });
  await deps.pubsub.publish(companyTopic(company.id), { id: company.id });
  return presentCompanyLogo(stored);
}

function decodeBase64(value: string): Buffer {
  const clean = value.replace(/\s+/g, '');
  // Checked before decoding: base64 is 4/3 of the bytes, so a text past the limit is refused without a copy.
  if (clean.length > Math.ceil(LOGO_MAX_BYTES / 3) * 4 + 4)
    throw new EngineError('validacao', `Logotipo maior que o limite de ${LOGO_MAX_BYTES} bytes (200 KB).`, {
      campo: '/arquivo',
      correcao: 'Envie uma imagem PNG ou JPEG de até 200 KB.',
    });
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(clean))
    throw new EngineError('validacao', 'Logotipo não está em base64.', {
      campo: '/arquivo',
      correcao: 'Codifique a imagem em base64 ou envie-a como arquivo multipart no campo arquivo.',
    });
  return Buffer.from(clean, 'base64');
}
