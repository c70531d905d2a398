import { lazy, readCsvRecords } from './read-csv-records.js';
import { fiscalDataPath } from './fiscal-data-dir.js';

export interface Municipio {
  /** IBGE code, seven digits. */
  codigo: string;
  nome: string;
  uf: string;
}

/**
 * State abbreviation by the first two digits of the IBGE code. Our CSV extraction of Anexo A left the `uf`
 * column empty for most states (merged cells), so the code prefix is the reliable source.
 */
const UF_POR_CODIGO: Readonly<Record<string, string>> = {
  '11': 'RO',
  '12': 'AC',
  '13': 'AM',
  '14': 'RR',
  '15': 'PA',
  '16': 'AP',
  '17': 'TO',
  '21': 'MA',
  '22': 'PI',
  '23': 'CE',
  '24': 'RN',
  '25': 'PB',
  '26': 'PE',
  '27': 'AL',
  '28': 'SE',
  '29': 'BA',
  '31': 'MG',
  '32': 'ES',
  '33': 'RJ',
  '35': 'SP',
  '41': 'PR',
  '42': 'SC',
  '43': 'RS',
  '50': 'MS',
  '51': 'MT',
  '52': 'GO',
  '53': 'DF',
};

/** The state of an IBGE state code (cUF of an access key), e.g. 43 → RS. */
export function ufDoCodigo(cUF: string): string | null {
  return UF_POR_CODIGO[cUF] ?? null;
}

/** The IBGE state code of a UF (cUF), e.g. RS → 43; null for an unknown UF. */
export function codigoUf(uf: string): string | null {
  return Object.entries(UF_POR_CODIGO).find(([, sigla]) => sigla === uf.toUpperCase())?.[0] ?? null;
}

const municipios = lazy(() => {
  const map = new Map<string, Municipio>();
  for (const r of readCsvRecords(fiscalDataPath('municipiosIbge'))) {
    const uf = UF_POR_CODIGO[r.codigo_ibge.slice(0, 2)] ?? r.uf;
    map.set(r.codigo_ibge, { codigo: r.codigo_ibge, nome: r.municipio, uf });
  }
  return map;
});

/**
 * IBGE municipality (seven digits) → name and state, or null when the code is not in Anexo A.
 * Validated by list membership: nine real codes fail the IBGE check digit, so no DV check here.
 */
export function municipio(codigo: string): Municipio | null {
  return municipios().get(codigo) ?? null;
}

/** Every municipality of Anexo A, ascending by IBGE code (the `/v1/municipios` catalogue). */
export function todosMunicipios(): Municipio[] {
  return [...municipios().values()].sort((a, b) => a.codigo.localeCompare(b.codigo));
}

/** "São João d'Aliança" and "SAO JOAO D ALIANCA" alike: upper case, no accents, letters and digits only. */
const chaveNome = (nome: string) =>
  nome
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, ' ')
    .trim();

const porNome = lazy(() => {
  const map = new Map<string, Municipio>();
  for (const m of municipios().values()) map.set(`${m.uf}|${chaveNome(m.nome)}`, m);
  return map;
});

/** A municipality by its name and UF, as registries write it (accents and case aside), or null. */
export function municipioPorNome(nome: string, uf: string): Municipio | null {
  return porNome().get(`${uf.toUpperCase()}|${chaveNome(nome)}`) ?? null;
}
