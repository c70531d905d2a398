import { fiscalDataPath } from '../tabelas/fiscal-data-dir.js';
import { lazy, readCsvRecords } from '../tabelas/read-csv-records.js';
import { ForaDeCobertura } from './fora-de-cobertura.js';
import type { FonteTabela } from './regra-tributaria.js';

/** How the DIFAL of a sale to a non-contributor finds the destination's base (tributacao.icms.metodo_difal). */
export type MetodoDifal = 'base_unica' | 'base_dupla';
export const METODOS_DIFAL: readonly MetodoDifal[] = ['base_unica', 'base_dupla'];

export interface MetodoDifalDaUf extends FonteTabela {
  metodo: MetodoDifal;
  /** Where the method came from, as the adjustment's motivo says it. */
  origem: string;
}

const VERSAO = 'difal-metodo-uf-2026-11-28';
const LEI_NACIONAL =
  'LC 87/1996 art. 13 X e § 7º (red. LC 190/2022); Convênio ICMS 236/2021: base única na venda a não contribuinte';
const tabela = lazy(() => new Map(readCsvRecords(fiscalDataPath('difalMetodoUf')).map((r) => [r.uf!, r])));

/**
 * The DIFAL method for a sale to a non-contributor of `uf`: the profile's choice (the product's, or a company
 * rule's) when it has one; otherwise the national rule, base única. Third-party lists that report base dupla for
 * the UF (`sintese_nao_contribuinte`, confidence "baixa") do not override the law: the adjustment names them, so a
 * company that follows its state's base dupla writes a rule.
 */
export function metodoDifal(uf: string, escolhido: MetodoDifal | undefined): MetodoDifalDaUf {
  if (escolhido)
    return {
      metodo: escolhido,
      origem: `${escolhido === 'base_dupla' ? 'base dupla' : 'base única'} escolhida no perfil (tributacao.icms.metodo_difal)`,
      versao: 'perfil-do-produto',
      fonte:
        'método do DIFAL do perfil tributário do produto ou da regra tributária da empresa (tributacao.icms.metodo_difal)',
    };
  const r = tabela().get(uf);
  const sintese = r?.sintese_nao_contribuinte ?? '';
  const listas = /^base_unica_por_lei_nacional; reportada base_dupla por (\d+) de (\d+) listas/.exec(sintese);
  if (!listas)
    throw new ForaDeCobertura(
      '/icms_uf_dest',
      `nfe/tabelas/difal-metodo-uf.csv não traz ${uf}: decida o método do DIFAL com tributacao.icms.metodo_difal ("base_unica" ou "base_dupla") numa regra tributária da empresa com criterios.uf_destino ${uf}, ou no produto.`,
    );
  const divergentes =
    listas[1] === '0'
      ? ''
      : `; ${listas[1]} de ${listas[2]} listas de terceiros dão base dupla para ${uf}: uma regra da empresa com metodo_difal "base_dupla" decide diferente`;
  return {
    metodo: 'base_unica',
    origem: `base única: lei nacional${divergentes}`,
    versao: VERSAO,
    fonte: `${LEI_NACIONAL}; nfe/tabelas/difal-metodo-uf.csv (${uf}: ${sintese})`,
  };
}
