import type { Environment } from '../nucleo/environment.js';
import type { CompanyWithCertificate } from '../empresas/present-company.js';
import { autorizadorDaUf } from '../autoridades/sefaz/nfe-endpoint.js';
import { municipio } from '../tabelas/index.js';
import type { ReadinessItem } from './readiness-items.js';

/** The readiness items that only NF-e issuance needs. */
export const NFE_ITEMS = ['inscricao_estadual', 'endereco_emitente', 'serie_nfe', 'autorizador_nfe'] as const;

/**
 * NF-e requirements. In the company's readiness they are at most `aviso`, so a company that only issues NFS-e
 * is not blocked by them; NF-e issuance treats an `aviso` of any item but `serie_nfe` as a block
 * (assertNfeReady).
 */
export function nfeReadinessItems(company: CompanyWithCertificate, environment: Environment): ReadinessItem[] {
  const items: ReadinessItem[] = [];
  const ie = company.inscricaoEstadual;
  items.push(
    ie
      ? { item: 'inscricao_estadual', situacao: 'ok', mensagem: `Inscrição estadual: ${ie}.`, correcao: null }
      : {
          item: 'inscricao_estadual',
          situacao: 'aviso',
          mensagem: 'Sem inscrição estadual: a empresa não emite NF-e.',
          correcao: 'Informe inscricao_estadual da empresa para emitir NF-e (modelo 55).',
        },
  );
  items.push(
    company.endereco
      ? { item: 'endereco_emitente', situacao: 'ok', mensagem: 'Endereço do emitente informado.', correcao: null }
      : {
          item: 'endereco_emitente',
          situacao: 'aviso',
          mensagem: 'Sem endereço da empresa: a NF-e exige o endereço do emitente.',
          correcao: 'Informe endereco (logradouro, numero, bairro, cep) da empresa para emitir NF-e.',
        },
  );
  const serie = company.serieNfe ?? '1';
  // Two systems issuing on one series collide on numbers (rejection 539): an NF-e issuer should state the
  // series reserved to the API instead of relying on the default.
  items.push(
    company.serieNfe || !ie
      ? {
          item: 'serie_nfe',
          situacao: 'ok',
          mensagem: `Série da NF-e: ${serie}${environment === 'test' ? ' (homologação)' : ''}.`,
          correcao: null,
        }
      : {
          item: 'serie_nfe',
          situacao: 'aviso',
          mensagem: 'A NF-e usará a série 1, padrão da API.',
          correcao: 'Informe serie_nfe com uma série que nenhum outro emissor da empresa use.',
        },
  );
  const uf = municipio(company.municipio)?.uf ?? null;
  const autorizador = uf ? autorizadorDaUf(uf) : null;
  items.push(
    autorizador
      ? {
          item: 'autorizador_nfe',
          situacao: 'ok',
          mensagem: `Autorizador da NF-e em ${uf}: ${autorizador}.`,
          correcao: null,
        }
      : {
          item: 'autorizador_nfe',
          situacao: 'aviso',
          mensagem: 'UF da empresa desconhecida: não há autorizador de NF-e.',
          correcao: 'Corrija o código IBGE do município da empresa.',
        },
  );
  return items;
}
