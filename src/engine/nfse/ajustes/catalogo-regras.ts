/**
 * The two versioned rule catalogues (a note's `regras_versao`, an adjustment's `regra`). Rule ids are stable:
 * notes keep the id and the catalogue version that decided them, so a rule is never renamed; a changed behaviour
 * gets a new catalogue version (and, if its meaning changes, a new id). Versions are dates "YYYY.MM.DD".
 */

export type AcaoAjuste = 'preenchido' | 'omitido' | 'derivado' | 'exigido';

/** One entry of `ajustes[]` of an NFS-e. */
export interface Ajuste {
  /** JSON Pointer into the request body. */
  campo: string;
  acao: AcaoAjuste;
  /** pt-BR explanation. */
  motivo: string;
  /** Stable rule id from one of the catalogues. */
  regra: string;
}

export interface Regra {
  id: string;
  catalogo: 'correcoes' | 'campos';
  acao: AcaoAjuste;
  /** JSON Pointer the rule acts on. */
  campo: string;
  descricao: string;
  /** Official rule or law behind it. */
  base: string;
}

/** Automatic corrections applied after a rejection by the national system (`correcao.<official code>`). */
export const VERSAO_CORRECOES = '2026.11.01';
/** Field rules applied before transmission (defaults, municipal parameters, DPS presence rules). */
export const VERSAO_CAMPOS = '2026.11.26';

/** `"<correcoes>+<campos>"`, the value of `regras_versao`. */
export function regrasVersao(): string {
  return `${VERSAO_CORRECOES}+${VERSAO_CAMPOS}`;
}

const ALIQ = '/servico/aliquota_iss';
const IM = '/prestador/inscricao_municipal';

const CAMPOS: readonly Regra[] = [
  {
    id: 'dps.dCompet.derivado.mes_atual',
    catalogo: 'campos',
    acao: 'derivado',
    campo: '/competencia',
    descricao: 'Competência ausente: usa o mês corrente (horário de Brasília).',
    base: 'DPS dCompet; Anexo I E0015',
  },
  {
    id: 'padrao.codigo_nacional',
    catalogo: 'campos',
    acao: 'preenchido',
    campo: '/servico/codigo_nacional',
    descricao: 'Código de tributação nacional ausente: usa o padrão da empresa.',
    base: 'padroes da empresa',
  },
  {
    id: 'padrao.nbs',
    catalogo: 'campos',
    acao: 'preenchido',
    campo: '/servico/nbs',
    descricao: 'NBS ausente: usa o padrão da empresa quando compatível com o serviço.',
    base: 'padroes da empresa',
  },
  {
    id: 'padrao.iss_retido',
    catalogo: 'campos',
    acao: 'preenchido',
    campo: '/servico/iss_retido',
    descricao: 'Retenção do ISS ausente: usa o padrão da empresa.',
    base: 'padroes da empresa',
  },
  {
    id: 'dps.tpRetISSQN.nao_retido',
    catalogo: 'campos',
    acao: 'preenchido',
    campo: '/servico/iss_retido',
    descricao: 'Retenção do ISS ausente e sem padrão: ISS não retido (tpRetISSQN = 1).',
    base: 'DPS tpRetISSQN',
  },
  {
    id: 'padrao.aliquota_iss',
    catalogo: 'campos',
    acao: 'preenchido',
    campo: ALIQ,
    descricao: 'Alíquota do ISS ausente: usa o padrão da empresa.',
    base: 'padroes da empresa',
  },
  {
    id: 'param.aliquota_iss',
    catalogo: 'campos',
    acao: 'preenchido',
    campo: ALIQ,
    descricao: 'Alíquota obrigatória ausente: usa a alíquota oficial única do município para o serviço na competência.',
    base: 'especificação 2.2; parâmetros municipais (ADN)',
  },
  {
    id: 'dps.pAliq.exigido.simples_retido',
    catalogo: 'campos',
    acao: 'exigido',
    campo: ALIQ,
    descricao: 'Simples Nacional (ME/EPP, apuração pelo SN) com ISS retido: a alíquota é obrigatória.',
    base: 'Anexo I E0621, E0628',
  },
  {
    id: 'dps.pAliq.exigido.convenio_inativo',
    catalogo: 'campos',
    acao: 'exigido',
    campo: ALIQ,
    descricao: 'Município de incidência fora do convênio ativo do Sistema Nacional: a alíquota é obrigatória.',
    base: 'Anexo I E0619, E0640',
  },
  {
    id: 'dps.pAliq.omitido.mei',
    catalogo: 'campos',
    acao: 'omitido',
    campo: ALIQ,
    descricao: 'Prestador MEI: a alíquota não pode ser informada.',
    base: 'Anexo I E0600',
  },
  {
    id: 'dps.pAliq.omitido.convenio_ativo',
    catalogo: 'campos',
    acao: 'omitido',
    campo: ALIQ,
    descricao: 'Município de incidência com convênio ativo: o Sistema Nacional aplica a alíquota parametrizada.',
    base: 'Anexo I E0617, E0635',
  },
  {
    id: 'dps.pAliq.omitido.simples_sem_retencao',
    catalogo: 'campos',
    acao: 'omitido',
    campo: ALIQ,
    descricao: 'Simples Nacional (apuração pelo SN) sem retenção: a alíquota não pode ser informada.',
    base: 'Anexo I E0625, E0631',
  },
  {
    id: 'dps.locPrest.derivado.obra',
    catalogo: 'campos',
    acao: 'derivado',
    campo: '/servico/municipio_prestacao',
    descricao: 'O município da obra é o local da prestação.',
    base: 'especificação 2.2; LC 116/2003 art. 3',
  },
  {
    id: 'dps.locPrest.derivado.estabelecimento',
    catalogo: 'campos',
    acao: 'derivado',
    campo: '/servico/municipio_prestacao',
    descricao: 'Local da prestação ausente: usa o município do estabelecimento do prestador.',
    base: 'DPS locPrest',
  },
  {
    id: 'padrao.ibs_cbs.c_class_trib',
    catalogo: 'campos',
    acao: 'preenchido',
    campo: '/servico/ibs_cbs/c_class_trib',
    descricao: 'Classificação tributária do IBS/CBS ausente: usa o cClassTrib padrão da empresa.',
    base: 'padroes da empresa',
  },
  {
    id: 'padrao.ibs_cbs.indicador_operacao',
    catalogo: 'campos',
    acao: 'preenchido',
    campo: '/servico/ibs_cbs/indicador_operacao',
    descricao: 'Indicador da operação (cIndOp) ausente: usa o padrão da empresa.',
    base: 'padroes da empresa',
  },
  {
    id: 'dps.IBSCBS.CST.derivado',
    catalogo: 'campos',
    acao: 'derivado',
    campo: '/servico/ibs_cbs/cst',
    descricao: 'CST do IBS/CBS ausente: usa o CST do cClassTrib na tabela oficial de classificação tributária.',
    base: 'DPS IBSCBS/valores/trib/gIBSCBS; tabela cClassTrib da Receita Federal (LC 214/2025)',
  },
  {
    id: 'cadastro.inscricao_municipal',
    catalogo: 'campos',
    acao: 'preenchido',
    campo: IM,
    descricao: 'Inscrição municipal ausente: usa a do cadastro da empresa.',
    base: 'Anexo I E0116',
  },
  {
    id: 'dps.prest.IM.omitido',
    catalogo: 'campos',
    acao: 'omitido',
    campo: IM,
    descricao: 'O município emissor recusa a inscrição municipal do prestador na DPS.',
    base: 'Anexo I E0120',
  },
];

const CORRECOES: readonly Regra[] = [
  {
    id: 'correcao.E0120',
    catalogo: 'correcoes',
    acao: 'omitido',
    campo: IM,
    descricao: 'Rejeição E0120: reenviar sem a inscrição municipal.',
    base: 'Anexo I E0120',
  },
  {
    id: 'correcao.E0116',
    catalogo: 'correcoes',
    acao: 'preenchido',
    campo: IM,
    descricao: 'Rejeição E0116: reenviar com a inscrição municipal do cadastro.',
    base: 'Anexo I E0116',
  },
  ...['E0600', 'E0617', 'E0625', 'E0631', 'E0635'].map((c): Regra => ({
    id: `correcao.${c}`,
    catalogo: 'correcoes',
    acao: 'omitido',
    campo: ALIQ,
    descricao: `Rejeição ${c}: reenviar sem a alíquota do ISS.`,
    base: `Anexo I ${c}`,
  })),
  ...['E0619', 'E0621', 'E0628', 'E0640'].map((c): Regra => ({
    id: `correcao.${c}`,
    catalogo: 'correcoes',
    acao: 'preenchido',
    campo: ALIQ,
    descricao: `Rejeição ${c}: reenviar com a alíquota oficial do município.`,
    base: `Anexo I ${c}`,
  })),
  {
    id: 'correcao.E0121',
    catalogo: 'correcoes',
    acao: 'omitido',
    campo: '/prestador',
    descricao: 'Rejeição E0121: reenviar sem o nome do prestador emitente.',
    base: 'Anexo I E0121',
  },
  {
    id: 'correcao.E0128',
    catalogo: 'correcoes',
    acao: 'omitido',
    campo: '/prestador',
    descricao: 'Rejeição E0128: reenviar sem o endereço do prestador emitente.',
    base: 'Anexo I E0128',
  },
];

const POR_ID = new Map<string, Regra>([...CAMPOS, ...CORRECOES].map((r) => [r.id, r]));

export function catalogoRegras(): {
  correcoes: { versao: string; regras: readonly Regra[] };
  campos: { versao: string; regras: readonly Regra[] };
} {
  return {
    correcoes: { versao: VERSAO_CORRECOES, regras: CORRECOES },
    campos: { versao: VERSAO_CAMPOS, regras: CAMPOS },
  };
}

export function regra(id: string): Regra | null {
  return POR_ID.get(id) ?? null;
}

/** The automatic correction for an official rejection code, or null when the service has none. */
export function regraCorrecao(codigoOficial: string): Regra | null {
  return POR_ID.get(`correcao.${codigoOficial.toUpperCase()}`) ?? null;
}

/** Builds an adjustment of a catalogued rule; an unknown id is a programming error. */
export function ajuste(id: string, motivo?: string, campo?: string): Ajuste {
  const r = POR_ID.get(id);
  if (!r) throw new Error(`regra de ajuste desconhecida: ${id}`);
  return { campo: campo ?? r.campo, acao: r.acao, motivo: motivo ?? r.descricao, regra: r.id };
}
