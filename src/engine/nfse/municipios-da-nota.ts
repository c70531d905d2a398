import { competenciaDe } from './ajustes/competencia-de.js';

/** What the ISS-rate rule needs asked before a note is validated: its municipalities, competence and service code. */
export interface MunicipiosDaNota {
  /** The provider's, the place of service's, the construction site's and the taker's, as written (may be blank). */
  municipios: string[];
  /** AAAA-MM: the body's competence, or the month of `now` when it has none or a malformed one. */
  competencia: string;
  /** The body's cTribNac, or the company's default (blank when neither). */
  codigoServico: string;
}

/**
 * Reads a note's request (its declared shape, `nfseBody`) loosely, before it is validated: validation reports what is wrong with these fields, so a
 * malformed one is only left out of what is asked.
 */
export function municipiosDaNota(
  body: unknown,
  company: { municipio: string; padroes: unknown },
  now: Date,
): MunicipiosDaNota {
  const b = isObject(body) ? body : {};
  const servico = isObject(b.servico) ? b.servico : {};
  const tomador = isObject(b.tomador) ? b.tomador : {};
  const padroes = isObject(company.padroes) ? company.padroes : {};
  const competencia = /^\d{4}-(0[1-9]|1[0-2])$/.test(texto(b.competencia)) ? texto(b.competencia) : competenciaDe(now);
  return {
    municipios: [
      company.municipio,
      texto(servico.municipioPrestacao),
      texto(isObject(servico.obra) ? servico.obra.municipio : ''),
      texto(isObject(tomador.endereco) ? tomador.endereco.municipio : ''),
    ],
    competencia,
    codigoServico: texto(servico.codigoNacional) || texto(padroes.codigo_nacional),
  };
}

const texto = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
