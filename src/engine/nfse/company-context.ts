import type { CompanyWithCertificate } from '../empresas/present-company.js';
import type { EmpresaContexto, RegimeApuracaoSimples, RegimeTributario } from './validacao/nfse-request.js';

// Company body words (`regime_apuracao_simples`) → DPS regApTribSN codes.
const APURACAO: Record<string, RegimeApuracaoSimples> = {
  federais_municipal_sn: '1',
  federais_sn_municipal_fora: '2',
  todos_fora_sn: '3',
};

/** The company as the validation and adjustment rules see it. */
export function companyContext(company: CompanyWithCertificate): EmpresaContexto {
  return {
    id: company.id,
    cnpj: company.cnpj,
    municipio: company.municipio,
    regime_tributario: company.regimeTributario as RegimeTributario | null,
    regime_apuracao_simples: company.regimeApuracaoSimples ? (APURACAO[company.regimeApuracaoSimples] ?? null) : null,
    inscricao_municipal: company.inscricaoMunicipal,
    padroes: company.padroes as EmpresaContexto['padroes'],
  };
}
