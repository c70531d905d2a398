import { adesaoEmissorNacional } from './adesao-emissor-nacional.js';
import { fiscalDataPath } from './fiscal-data-dir.js';
import { lazy, readCsvRecords } from './read-csv-records.js';

/**
 * How a municipality's NFS-e reach an issuing system:
 * - `nacional`: the national system (Sefin Nacional);
 * - `provedor_layout_nacional`: the national DPS, sent to the provider's own web service;
 * - `abrasf`: an ABRASF layout (1.00 or 2.00–2.04) of the provider's family;
 * - `sao_paulo`: NFS-e Paulistana;
 * - `desconhecido`: nothing known, or a layout of the provider's own that no profile describes.
 */
export type RotaNfse = 'nacional' | 'provedor_layout_nacional' | 'abrasf' | 'sao_paulo' | 'desconhecido';

/**
 * How far a row can be trusted: `oficial` from an official list or the provider's own schema or manual,
 * `terceiros` from a library's or vendor's table, `desconhecida` when no source places the municipality.
 */
export type ConfiancaProvedor = 'oficial' | 'terceiros' | 'desconhecida';

/** One municipality of the provider table, as the table places it (before any act, parameter or company choice). */
export interface ProvedorMunicipio {
  ibge: string;
  rota: RotaNfse;
  /** The provider as the source spells it (WebISS, ISSNet, ISSFortaleza…); null when none is known. */
  nome: string | null;
  /** The family whose profile serves the provider (DSF for ISSDSF and ISSCampinas); null when none is known. */
  familia: string | null;
  /** The layout's version: `2.04`, `1.00`…; `1.01` (the national DPS) for `provedor_layout_nacional`. */
  versao: string | null;
  /** The table's layout text (`ABRASF 2.02`, `proprio (IPM 1.01)`, `nacional: Sefin Nacional (DPS 1.01)`…). */
  layout: string;
  confianca: ConfiancaProvedor;
  /** Where the row comes from (repository@commit:path, or the official list). */
  fonte: string;
  /** Date of the source's row (AAAA-MM-DD), or null. */
  data: string | null;
  /** The provider's reception service for the municipality; null where the table has none. */
  urls: { producao: string | null; homologacao: string | null };
  /** An URL the source keeps for a service the provider announced (a new web service from a date). */
  urlAnunciada: string | null;
  /** On the official adhesion list of the national emitter. */
  emissorNacional: boolean;
  populacao: number;
  observacao: string;
}

const ARQUIVO = 'municipios-provedores.csv';

/**
 * Own layouts (`proprio (<familia> <versao>)`) the ABRASF engine speaks through a family profile, so their
 * municipalities take the `abrasf` route (src/engine/nfse/abrasf/perfis/el-1-00.ts).
 */
const PROPRIOS_POR_PERFIL_ABRASF: ReadonlyMap<string, string> = new Map([['proprio (EL 1.00)', '1.00']]);

/** The route the table's layout text gives a municipality absent from the national emitter's adhesion list. */
function rotaDoLayout(layout: string): { rota: RotaNfse; versao: string | null } {
  const abrasf = /^ABRASF (\d\.\d\d)/.exec(layout);
  if (abrasf) return { rota: 'abrasf', versao: abrasf[1] };
  const proprio = PROPRIOS_POR_PERFIL_ABRASF.get(layout);
  if (proprio) return { rota: 'abrasf', versao: proprio };
  if (layout.startsWith('nacional: Sefin Nacional')) return { rota: 'nacional', versao: '1.01' };
  if (layout.startsWith('nacional')) return { rota: 'provedor_layout_nacional', versao: '1.01' };
  return { rota: 'desconhecido', versao: null };
}

function rowOf(r: Record<string, string>): ProvedorMunicipio {
  const emissorNacional = r.emissor_nacional === 'sim';
  const doLayout = rotaDoLayout(r.layout);
  const rota = emissorNacional ? 'nacional' : doLayout.rota;
  const conhecido = r.provedor !== '' || emissorNacional;
  return {
    ibge: r.codigo_ibge,
    rota,
    nome: r.provedor || null,
    familia: r.familia || null,
    versao: emissorNacional ? '1.01' : (doLayout.versao ?? (r.versao || null)),
    layout: r.layout,
    confianca: emissorNacional ? 'oficial' : conhecido ? 'terceiros' : 'desconhecida',
    fonte: emissorNacional ? 'lista oficial de adesão ao Emissor Nacional (gov.br/nfse)' : r.fonte,
    // On the adhesion list, the list's date; elsewhere the date of the source's row.
    data: (emissorNacional ? adesaoEmissorNacional(r.codigo_ibge)?.dataReferencia : r.fonte_data_linhas) || null,
    urls: { producao: r.url_producao || null, homologacao: r.url_homologacao || null },
    urlAnunciada: r.url_comentada_acbr || null,
    emissorNacional,
    populacao: Number(r.populacao_2024) || 0,
    observacao: r.observacao,
  };
}

const tabela = lazy(() => {
  const map = new Map<string, ProvedorMunicipio>();
  for (const r of readCsvRecords(fiscalDataPath('provedoresNfse', ARQUIVO))) map.set(r.codigo_ibge, rowOf(r));
  return map;
});

/** The provider table's row of a municipality (IBGE), or null when the table does not list the code. */
export function provedorMunicipio(ibge: string): ProvedorMunicipio | null {
  return tabela().get(ibge) ?? null;
}

/** Every row of the provider table (coverage reports). */
export function todosProvedoresMunicipio(): ProvedorMunicipio[] {
  return [...tabela().values()];
}

/** A code the table does not list: nothing places it. */
export function municipioSemProvedor(ibge: string): ProvedorMunicipio {
  return {
    ibge,
    rota: 'desconhecido',
    nome: null,
    familia: null,
    versao: null,
    layout: '',
    confianca: 'desconhecida',
    fonte: '',
    data: null,
    urls: { producao: null, homologacao: null },
    urlAnunciada: null,
    emissorNacional: false,
    populacao: 0,
    observacao: '',
  };
}
