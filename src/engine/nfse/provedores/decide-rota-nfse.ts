import { SAO_PAULO_IBGE } from '../../autoridades/sao-paulo/sao-paulo-gateway.js';
import type { ParametrosMunicipio } from '../../tabelas/parametros-municipio.js';
import {
  municipioSemProvedor,
  provedorMunicipio,
  type ConfiancaProvedor,
  type ProvedorMunicipio,
  type RotaNfse,
} from '../../tabelas/provedor-municipio.js';

/**
 * What placed the route: `tabela` the provider table's row; `ato` a municipal act of the parameters table;
 * `api` the national parameters API (fresh, cached or its last answer); `lista_oficial` the adhesion list;
 * `empresa` the company's own choice (`rota_nfse`).
 */
export type OrigemRota = 'tabela' | 'ato' | 'api' | 'lista_oficial' | 'empresa';

/** A municipality's route on a date, with what placed it. */
export interface DecisaoRota {
  ibge: string;
  rota: RotaNfse;
  /** The table's row, its `rota` replaced by the decided one (what the systems' `serves` is asked with). */
  provedor: ProvedorMunicipio;
  /** The route the table alone gives (before acts, the API and the company). */
  rotaTabela: RotaNfse;
  /** The route the data give (the table with the acts and the API), before the company's choice. */
  rotaDados: RotaNfse;
  origem: OrigemRota;
  confianca: ConfiancaProvedor;
  fonte: string;
  /** Date of the fact that placed the route (AAAA-MM-DD): the table row's, the act's start, the API's answer. */
  data: string | null;
  /** The company chose the route (`rota_nfse`) and it differs from what the data decide. */
  escolhaContraTabela: boolean;
}

/** The convênio as the municipal parameters know it (the parameters table's act, the national API, the list). */
export type AdesaoConhecida = Pick<
  ParametrosMunicipio,
  'convenio' | 'convenioOrigem' | 'convenioConhecido' | 'convenioFonte' | 'convenioDesde' | 'consultadoEm'
>;

export interface DecidirRotaInput {
  ibge: string;
  /** The municipality's parameters (null: none asked; the table decides alone). */
  adesao: AdesaoConhecida | null;
  /** The company's `rota_nfse` (null: automatic). */
  rotaEmpresa: string | null;
  /** The day the route is decided for (AAAA-MM-DD): an act with a later start date does not apply yet. */
  dia: string;
}

const ORIGEM_DA_ADESAO: Partial<Record<ParametrosMunicipio['convenioOrigem'], OrigemRota>> = {
  ato: 'ato',
  api: 'api',
  cache: 'api',
  cache_expirado: 'api',
  lista_oficial: 'lista_oficial',
};

/**
 * The route of a municipality's NFS-e on a day, strongest fact last:
 * 1. the provider table's row (route, family, version, confidence, source and date of the row);
 * 2. a known convênio that applies that day (an act of the parameters table from its `convenio_desde`, the
 *    national parameters API, the official adhesion list): `nacional` puts the municipality on the national
 *    system; `proprio` where the table says national means an own system the table does not describe —
 *    `sao_paulo` for São Paulo (NFS-e Paulistana), `desconhecido` elsewhere; our survey without act decides nothing;
 * 3. the company's explicit choice (`rota_nfse: "nacional"`).
 * Dates the table's third-party sources announce for a provider's new service (`url_comentada_acbr`, "a partir de
 * …" in the observation) never switch a route: they are a vendor library's notes, not the municipality's act, and
 * the row already carries the route the source's last update gives.
 */
export function decideRotaNfse(input: DecidirRotaInput): DecisaoRota {
  const row = provedorMunicipio(input.ibge) ?? municipioSemProvedor(input.ibge);
  const daTabela: Omit<DecisaoRota, 'provedor'> = {
    ibge: input.ibge,
    rota: row.rota,
    rotaTabela: row.rota,
    rotaDados: row.rota,
    origem: 'tabela',
    confianca: row.confianca,
    fonte: row.fonte,
    data: row.data,
    escolhaContraTabela: false,
  };
  const override = overrideDaAdesao(row, input.adesao, input.dia);
  const dados = { ...daTabela, ...override, rotaDados: override?.rota ?? row.rota };
  const decidida =
    input.rotaEmpresa === 'nacional'
      ? {
          ...dados,
          rota: 'nacional' as const,
          origem: 'empresa' as const,
          escolhaContraTabela: dados.rota !== 'nacional',
        }
      : dados;
  return { ...decidida, provedor: { ...row, rota: decidida.rota } };
}

function overrideDaAdesao(
  row: ProvedorMunicipio,
  adesao: AdesaoConhecida | null,
  dia: string,
): Partial<DecisaoRota> | null {
  const origem = adesao && adesao.convenioConhecido ? ORIGEM_DA_ADESAO[adesao.convenioOrigem] : undefined;
  if (!adesao || !origem) return null;
  if (adesao.convenioDesde && adesao.convenioDesde > dia) return null;
  const fato = {
    origem,
    confianca: 'oficial' as const,
    fonte: adesao.convenioFonte,
    data: adesao.convenioDesde ?? adesao.consultadoEm?.slice(0, 10) ?? null,
  };
  if (adesao.convenio === 'nacional') return row.rota === 'nacional' ? null : { ...fato, rota: 'nacional' };
  if (adesao.convenio === 'proprio' && row.rota === 'nacional')
    return { ...fato, rota: row.ibge === SAO_PAULO_IBGE ? 'sao_paulo' : 'desconhecido' };
  return null;
}
