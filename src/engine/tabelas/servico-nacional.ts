import { lazy, readCsvRecords } from './read-csv-records.js';
import { fiscalDataPath } from './fiscal-data-dir.js';

/** Where ISSQN is due for a service (Anexo I, sheet MUN.INCID_INFO.SERV.; LC 116/2003 art. 3). */
export interface IncidenciaIssqn {
  /** EP: establishment of the provider (general rule). */
  estabelecimentoPrestador: boolean;
  /** LP: place where the service is provided (the exceptions of LC 116 art. 3, e.g. construction). */
  localPrestacao: boolean;
  /** ET: establishment of the recipient. */
  estabelecimentoTomador: boolean;
}

export interface ServicoNacional {
  /** cTribNac, six digits (item 2 + subitem 2 + desdobro 2). */
  codigo: string;
  /** "07.02.01" */
  codigoFormatado: string;
  descricao: string;
  /** LC 116 item (two digits), e.g. "07". */
  item: string;
  /** LC 116 subitem the national code details, "07.02" (the list's own correlation column). */
  subitemLc116: string;
  descricaoItem: string;
  /** `servico.obra` is mandatory (CODIGOS_EXIGEM_OBRA; Anexo I E0370). */
  exigeObra: boolean;
  /** `servico.obra` is accepted: the construction codes and 99.01.01 (Anexo I E0372 exception). */
  aceitaObra: boolean;
  /** The incidence table marks the event group (atvEvento) as mandatory (item 12; E0390). */
  exigeEvento: boolean;
  incidencia: IncidenciaIssqn;
  /** `anexo_b` = official list; `especificacao` = construction code the API adds, absent from our copy (SUPLEMENTO). */
  fonte: 'anexo_b' | 'especificacao';
}

/**
 * Construction codes that require `servico.obra`. Anexo I v1.00 (E0370) names the first eleven; 14.14.03 and
 * 14.14.04 are not in our copy of Anexo B v1.00 (SUPLEMENTO).
 */
export const CODIGOS_EXIGEM_OBRA: ReadonlySet<string> = new Set([
  '070201',
  '070202',
  '070401',
  '070501',
  '070502',
  '070601',
  '070602',
  '070701',
  '070801',
  '071701',
  '071901',
  '141403',
  '141404',
]);

/** E0372: obra is refused for every other code except 99.01.01 (services outside ISSQN and ICMS). */
const CODIGOS_ACEITAM_OBRA_SEM_EXIGIR: ReadonlySet<string> = new Set(['990101']);

/**
 * Construction codes missing from Anexo B v1.00 (the newer v1.01-20260122 annex was not available). Accepted
 * so that the obra rule can apply; ISSQN is taken as due at the place of the works, as for the other
 * construction codes (LC 116 art. 3).
 */
const SUPLEMENTO: ReadonlyArray<{ codigo: string; descricao: string }> = [
  {
    codigo: '141403',
    descricao:
      'Subitem 14.14.03 (serviço de construção citado na especificação; descrição oficial não disponível no Anexo B v1.00).',
  },
  {
    codigo: '141404',
    descricao:
      'Subitem 14.14.04 (serviço de construção citado na especificação; descrição oficial não disponível no Anexo B v1.00).',
  },
];

/** "1.01" as the list writes it → "01.01", the two-digit form of LC 116 (and of ABRASF ItemListaServico). */
function subitemLc116(text: string): string {
  const [item = '', subitem = ''] = text.trim().split('.');
  return `${item.padStart(2, '0')}.${subitem.padStart(2, '0')}`;
}

// Cells hold "X", "-" or annotated marks such as "(**) X".
const marcado = (v: string | undefined) => /\bX\b/i.test(v ?? '');

const servicos = lazy(() => {
  const incid = new Map<string, Record<string, string>>();
  for (const r of readCsvRecords(fiscalDataPath('incidenciaIssqn'))) incid.set(r.cTribNac, r);
  const map = new Map<string, ServicoNacional>();
  for (const r of readCsvRecords(fiscalDataPath('listaServicoNacional'))) {
    const codigo = r.cTribNac;
    const inc = incid.get(codigo);
    const grupo = (inc?.grupos_obrigatorios_obra_evento ?? '').trim();
    map.set(codigo, {
      codigo,
      codigoFormatado: r.cTribNac_formatado,
      descricao: r.descricao_desdobro,
      item: codigo.slice(0, 2),
      subitemLc116: subitemLc116(r.subitem_lc116 ?? ''),
      descricaoItem: r.descricao_item,
      exigeObra: CODIGOS_EXIGEM_OBRA.has(codigo) || grupo === 'obra',
      aceitaObra: CODIGOS_EXIGEM_OBRA.has(codigo) || grupo === 'obra' || CODIGOS_ACEITAM_OBRA_SEM_EXIGIR.has(codigo),
      exigeEvento: grupo === 'atvEvento',
      incidencia: {
        estabelecimentoPrestador: marcado(inc?.LI_estab_prestador_EP),
        localPrestacao: marcado(inc?.LI_local_prestacao_LP),
        estabelecimentoTomador: marcado(inc?.LI_estab_tomador_ET),
      },
      fonte: 'anexo_b',
    });
  }
  for (const s of SUPLEMENTO) {
    if (map.has(s.codigo)) continue;
    map.set(s.codigo, {
      codigo: s.codigo,
      codigoFormatado: `${s.codigo.slice(0, 2)}.${s.codigo.slice(2, 4)}.${s.codigo.slice(4)}`,
      descricao: s.descricao,
      item: s.codigo.slice(0, 2),
      subitemLc116: `${s.codigo.slice(0, 2)}.${s.codigo.slice(2, 4)}`,
      descricaoItem: map.get('141401')?.descricaoItem ?? '',
      exigeObra: true,
      aceitaObra: true,
      exigeEvento: false,
      incidencia: { estabelecimentoPrestador: false, localPrestacao: true, estabelecimentoTomador: false },
      fonte: 'especificacao',
    });
  }
  return map;
});

/** Every national service code, ascending (the `/v1/servicos` catalogue). */
export function todosServicos(): ServicoNacional[] {
  return [...servicos().values()].sort((a, b) => a.codigo.localeCompare(b.codigo));
}

/** National service code (cTribNac, six digits) → its entry, or null when unknown. */
export function servicoNacional(codigo: string): ServicoNacional | null {
  return servicos().get(codigo) ?? null;
}

export interface Nbs {
  /** cNBS, nine digits. */
  codigo: string;
  /** "1.0101.11.00" */
  codigoFormatado: string;
  descricao: string;
}

const nbsTabela = lazy(() => {
  const map = new Map<string, Nbs>();
  for (const r of readCsvRecords(fiscalDataPath('nbs'))) {
    // Only full codes have the 9-digit form; the other rows are headings (not usable in cNBS).
    if (!/^\d{9}$/.test(r.cNBS_9_digitos)) continue;
    map.set(r.cNBS_9_digitos, {
      codigo: r.cNBS_9_digitos,
      codigoFormatado: r.codigo_nbs_formatado,
      descricao: r.descricao,
    });
  }
  return map;
});

/** NBS 2.0 code (nine digits) → its entry, or null when unknown or a heading. */
export function nbs(codigo: string): Nbs | null {
  return nbsTabela().get(codigo) ?? null;
}
