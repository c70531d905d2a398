import type { CompanyLogo } from '../../generated/prisma/client.js';

/** The stored logo's facts as the API shows them; the bytes themselves are only printed on the PDFs. */
export function presentCompanyLogo(logo: CompanyLogo) {
  return {
    empresa_id: logo.companyId,
    tipo: logo.tipo,
    largura: logo.largura,
    altura: logo.altura,
    bytes: logo.bytes.length,
    atualizado_em: logo.updatedAt.toISOString(),
  };
}

export type CompanyLogoView = ReturnType<typeof presentCompanyLogo>;
