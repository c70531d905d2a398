import type { Certificate, Company } from '../../generated/prisma/client.js';

import { presentCredenciaisProvedor } from './credenciais-provedor.js';

export type CompanyWithCertificate = Company & { certificate: Certificate | null };

/** The company as `GET /v1/companies/{id}` shows it. Secrets (token, key) are never part of it. */
export function presentCompany(company: CompanyWithCertificate) {
  const cert = company.certificate;
  return {
    id: company.id,
    cnpj: company.cnpj,
    razao_social: company.razaoSocial,
    municipio: company.municipio,
    regime_tributario: company.regimeTributario,
    inscricao_municipal: company.inscricaoMunicipal,
    regime_apuracao_simples: company.regimeApuracaoSimples,
    serie_dps: company.serieDps,
    rota_nfse: company.rotaNfse,
    inscricao_estadual: company.inscricaoEstadual,
    serie_nfe: company.serieNfe,
    endereco: (company.endereco as Record<string, string> | null) ?? null,
    autorizados_xml: company.autorizadosXml,
    email: company.email,
    email_tomador: { automatico: company.emailTomadorAutomatico },
    token_municipio_configurado: company.tokenMunicipioEnc !== null,
    credenciais_provedor: presentCredenciaisProvedor(company.credenciaisProvedor),
    padroes: company.padroes as Record<string, unknown>,
    status: company.status,
    certificado: cert
      ? {
          cnpj: cert.cnpj,
          titular: cert.subject,
          serial: cert.serial,
          valido_de: cert.notBefore.toISOString(),
          valido_ate: cert.notAfter.toISOString(),
        }
      : null,
    criado_em: company.createdAt.toISOString(),
    atualizado_em: company.updatedAt.toISOString(),
  };
}

export type CompanyView = ReturnType<typeof presentCompany>;
