import type { Environment } from '../nucleo/environment.js';
import type { CompanyWithCertificate } from '../empresas/present-company.js';
import { queryParametrosDaEmpresa, type ParametrosDaEmpresaDeps } from '../municipios/query-parametros-da-empresa.js';
import type { ParametrosConsultados } from '../municipios/query-parametros.js';
import { municipiosDaNota } from '../nfse/municipios-da-nota.js';
import { camelBody } from '../nucleo/camel-body.js';

/** How many municipalities and service codes of one competence a batch asks the API for; the rest use the tables. */
const MUNICIPIOS_POR_COMPETENCIA = 40;
const CODIGOS_POR_COMPETENCIA = 4;
// queryParametrosDaEmpresa asks at most this many municipalities at once (a single note names no more).
const POR_CONSULTA = 4;

/** A line's request (the API's names), or what it shares with others, and how many lines it stands for. */
export interface LinhasIguais {
  request: unknown;
  linhas: number;
}

/** The parameters a batch line's ISS-rate rule reads, by the line's competence; undefined where nothing was asked. */
export type ParametrosDoLote = (competencia: string) => (ibge: string) => ParametrosConsultados | undefined;

/**
 * The ISS-rate rule of a batch line uses the same municipal parameters a single note does. They are asked once per
 * batch, before its lines are validated: per competence, the most frequent municipalities and service codes of the
 * lines (the API answers are cached per municipality, code and competence, so a batch of one city costs a few calls).
 * Lines alike in what is counted may come once with how many they are (`linhas`).
 * A municipality or code beyond the bounds is read from the offline tables, as when the API is down.
 */
export async function parametrosDoLote(
  deps: ParametrosDaEmpresaDeps,
  environment: Environment,
  company: CompanyWithCertificate,
  itens: Iterable<LinhasIguais>,
  now: Date,
): Promise<ParametrosDoLote> {
  const porCompetencia = new Map<string, { municipios: Map<string, number>; codigos: Map<string, number> }>();
  for (const { request, linhas } of itens) {
    const nota = municipiosDaNota(camelBody(request, '', []), company, now);
    let grupo = porCompetencia.get(nota.competencia);
    if (!grupo) porCompetencia.set(nota.competencia, (grupo = { municipios: new Map(), codigos: new Map() }));
    for (const m of new Set(nota.municipios))
      if (/^\d{7}$/.test(m)) grupo.municipios.set(m, (grupo.municipios.get(m) ?? 0) + linhas);
    if (/^\d{6}$/.test(nota.codigoServico))
      grupo.codigos.set(nota.codigoServico, (grupo.codigos.get(nota.codigoServico) ?? 0) + linhas);
  }
  const respostas = new Map<string, Map<string, ParametrosConsultados>>();
  for (const [competencia, grupo] of porCompetencia) {
    const municipios = maisFrequentes(grupo.municipios, MUNICIPIOS_POR_COMPETENCIA);
    const codigosServico = maisFrequentes(grupo.codigos, CODIGOS_POR_COMPETENCIA);
    const porMunicipio = new Map<string, ParametrosConsultados>();
    for (let i = 0; i < municipios.length; i += POR_CONSULTA) {
      const parte = await queryParametrosDaEmpresa(deps, environment, company, {
        municipios: municipios.slice(i, i + POR_CONSULTA),
        competencia,
        codigosServico,
      });
      for (const [ibge, p] of parte) porMunicipio.set(ibge, p);
    }
    respostas.set(competencia, porMunicipio);
  }
  return (competencia) => (ibge) => respostas.get(competencia)?.get(ibge);
}

const maisFrequentes = (contagem: Map<string, number>, limite: number) =>
  [...contagem]
    .sort((a, b) => b[1] - a[1])
    .slice(0, limite)
    .map(([valor]) => valor);
