import { classificacaoIbsCbs, nbsCompativel, parametrosMunicipio } from '../../tabelas/index.js';
import type { Convenio, ParametrosMunicipio } from '../../tabelas/index.js';
import type { EmpresaContexto, IbsCbsServico } from '../validacao/nfse-request.js';
import { ajuste, type Ajuste } from './catalogo-regras.js';
import { competenciaDe } from './competencia-de.js';
import { municipioIncidencia } from './municipio-incidencia.js';
import { situacaoAliquota } from './situacao-aliquota.js';

/** The parts of a (possibly still invalid) request the field rules read; `NfseRequest` satisfies it. */
export interface EntradaAjustes {
  competencia?: string;
  tomador?: { endereco?: { municipio?: string } };
  servico: {
    codigo_nacional?: string;
    aliquota_iss?: string;
    iss_retido?: boolean;
    nbs?: string;
    ibs_cbs?: IbsCbsServico;
    obra?: { municipio?: string };
    municipio_prestacao?: string;
  };
  prestador?: { inscricao_municipal?: string };
}

/** Effective values after the field rules: what the DPS builder uses. */
export interface ValoresEfetivos {
  competencia: string;
  codigo_nacional: string | null;
  nbs: string | null;
  iss_retido: boolean;
  /** Percent with two decimals, or null when absent or omitted. */
  aliquota_iss: string | null;
  aliquota_iss_situacao: 'exigida' | 'proibida' | 'livre';
  /** Place of service (cLocPrestacao); null when only an obra CEP is known (to be resolved from the CEP). */
  municipio_prestacao: string | null;
  /** Municipality where ISSQN is due (LC 116 art. 3 per the incidence table). */
  municipio_incidencia: string | null;
  convenio_incidencia: Convenio;
  inscricao_municipal: string | null;
  /** The IBS/CBS classification for the DPS group, when a cClassTrib came from the request or the defaults. */
  ibs_cbs: IbsCbsEfetivo | null;
  /** Where the cClassTrib came from, so that a refusal names it. */
  ibs_cbs_origem: 'requisicao' | 'padrao' | null;
}

/** The effective IBS/CBS classification; `cst` and `indicador_operacao` may still be missing (validation says so). */
export interface IbsCbsEfetivo {
  c_class_trib: string;
  cst: string | null;
  indicador_operacao: string | null;
}

export interface ResultadoAjustes {
  ajustes: Ajuste[];
  resolved: ValoresEfetivos;
}

/** A fixed parameter set (applies to the emitting and the incidence municipality), or a lookup by IBGE code. */
export type FonteParametros = ParametrosMunicipio | ((ibge: string) => ParametrosMunicipio);

export interface ComputeAdjustmentsOptions {
  /** Injected clock for the competence default; defaults to the current time. */
  now?: Date;
}

const formatarCodigo = (c: string) => `${c.slice(0, 2)}.${c.slice(2, 4)}.${c.slice(4)}`;
const nomeMunicipio = (p: ParametrosMunicipio) => (p.nome ? `${p.nome}/${p.uf ?? ''}` : p.ibge);

/**
 * Applies the field rules (catalogue `campos`) to a request for a company. Pure: same input, same output.
 * The order matters: defaults first (they decide the service), then place and incidence, then the rate.
 */
export function computeAdjustments(
  request: EntradaAjustes,
  company: EmpresaContexto,
  municipalityParams: FonteParametros = parametrosMunicipio,
  options: ComputeAdjustmentsOptions = {},
): ResultadoAjustes {
  const params = (ibge: string) =>
    typeof municipalityParams === 'function' ? municipalityParams(ibge) : municipalityParams;
  const ajustes: Ajuste[] = [];
  const padroes = company.padroes ?? {};
  const s = request.servico;

  let competencia = request.competencia;
  if (!competencia) {
    competencia = competenciaDe(options.now ?? new Date());
    ajustes.push(
      ajuste('dps.dCompet.derivado.mes_atual', `Competência não informada: usado o mês corrente (${competencia}).`),
    );
  }

  let codigo = s.codigo_nacional ?? null;
  if (!codigo && padroes.codigo_nacional) {
    codigo = padroes.codigo_nacional;
    ajustes.push(
      ajuste(
        'padrao.codigo_nacional',
        `Código de serviço não informado: usado o padrão da empresa (${formatarCodigo(codigo)}).`,
      ),
    );
  }

  let nbs = s.nbs ?? null;
  if (!nbs && padroes.nbs && (!codigo || nbsCompativel(codigo, padroes.nbs))) {
    nbs = padroes.nbs;
    ajustes.push(ajuste('padrao.nbs', `NBS não informada: usada a NBS padrão da empresa (${nbs}).`));
  }

  const issRetido = issRetidoEfetivo(s.iss_retido, padroes, ajustes);

  const ibsCbs = classificacaoEfetiva(s.ibs_cbs, padroes.ibs_cbs ?? undefined, ajustes);

  const local = localEfetivo(s, company, params, ajustes);

  const incidencia = municipioIncidencia({
    codigo,
    localPrestacao: local,
    municipioTomador: request.tomador?.endereco?.municipio,
    municipioPrestador: company.municipio,
  });
  const paramsIncidencia = incidencia ? params(incidencia) : null;
  const convenio: Convenio = paramsIncidencia?.convenio ?? 'desconhecido';

  const im = inscricaoEfetiva(request.prestador?.inscricao_municipal ?? null, company, params, ajustes);

  // ISS rate (Anexo I presence rules), then the sources in order: request, company default, official parameter.
  const sit = situacaoAliquota({
    regime: company.regime_tributario,
    regimeApuracaoSimples: company.regime_apuracao_simples,
    issRetido,
    convenio,
  });
  const aliquota = aliquotaEfetiva(
    { sit, enviada: s.aliquota_iss ?? null, padroes, codigo, competencia, paramsIncidencia },
    ajustes,
  );

  return {
    ajustes,
    resolved: {
      competencia,
      codigo_nacional: codigo,
      nbs,
      iss_retido: issRetido,
      aliquota_iss: aliquota,
      aliquota_iss_situacao: sit.situacao,
      municipio_prestacao: local,
      municipio_incidencia: incidencia,
      convenio_incidencia: convenio,
      inscricao_municipal: im,
      ibs_cbs: ibsCbs?.valor ?? null,
      ibs_cbs_origem: ibsCbs?.origem ?? null,
    },
  };
}

/**
 * cClassTrib and cIndOp member by member from the request, then the company defaults; the CST goes with the
 * cClassTrib it came with (request, or the default's own), else it is the table's for that code (each cClassTrib
 * belongs to one CST). Without a cClassTrib there is no IBS/CBS group.
 */
function classificacaoEfetiva(
  enviado: IbsCbsServico | undefined,
  padrao: IbsCbsServico | undefined,
  ajustes: Ajuste[],
): { valor: IbsCbsEfetivo; origem: 'requisicao' | 'padrao' } | null {
  let origem: 'requisicao' | 'padrao' = 'requisicao';
  let cClassTrib = enviado?.c_class_trib;
  let cst = enviado?.cst;
  if (!cClassTrib && padrao?.c_class_trib) {
    cClassTrib = padrao.c_class_trib;
    cst = cst ?? padrao.cst;
    origem = 'padrao';
    ajustes.push(
      ajuste(
        'padrao.ibs_cbs.c_class_trib',
        `Classificação do IBS/CBS não informada: usado o cClassTrib padrão da empresa (${cClassTrib}).`,
      ),
    );
  }
  if (!cClassTrib) return null;
  let indicador = enviado?.indicador_operacao;
  if (!indicador && padrao?.indicador_operacao) {
    indicador = padrao.indicador_operacao;
    ajustes.push(
      ajuste(
        'padrao.ibs_cbs.indicador_operacao',
        `Indicador da operação do IBS/CBS não informado: usado o padrão da empresa (${indicador}).`,
      ),
    );
  }
  const tabela = classificacaoIbsCbs(cClassTrib);
  if (!cst && tabela) {
    cst = tabela.cst;
    ajustes.push(
      ajuste(
        'dps.IBSCBS.CST.derivado',
        `CST do IBS/CBS não informado: usado o CST ${cst} (${tabela.cstDescricao}) do cClassTrib ${cClassTrib} na tabela oficial.`,
      ),
    );
  }
  return { valor: { c_class_trib: cClassTrib, cst: cst ?? null, indicador_operacao: indicador ?? null }, origem };
}

function regraTexto(id: string): string {
  switch (id) {
    case 'dps.pAliq.omitido.mei':
      return 'Prestador MEI não informa alíquota do ISS.';
    case 'dps.pAliq.omitido.convenio_ativo':
      return 'No município de incidência, com convênio ativo no Sistema Nacional, a alíquota é a parametrizada pelo município.';
    case 'dps.pAliq.omitido.simples_sem_retencao':
      return 'Optante do Simples Nacional sem retenção do ISS não informa alíquota.';
    case 'dps.pAliq.exigido.simples_retido':
      return 'Optante do Simples Nacional com ISS retido deve informar a alíquota';
    case 'dps.pAliq.exigido.convenio_inativo':
      return 'O município de incidência não tem convênio ativo no Sistema Nacional: a alíquota é obrigatória';
    default:
      return '';
  }
}

/** Whether the ISS is withheld: as sent, else the company default, else not withheld. */
function issRetidoEfetivo(enviado: boolean | undefined, padroes: Padroes, ajustes: Ajuste[]): boolean {
  let issRetido = enviado;
  if (issRetido === undefined) {
    if (typeof padroes.iss_retido === 'boolean') {
      issRetido = padroes.iss_retido;
      ajustes.push(
        ajuste(
          'padrao.iss_retido',
          `Retenção do ISS não informada: usado o padrão da empresa (${issRetido ? 'retido' : 'não retido'}).`,
        ),
      );
    } else {
      issRetido = false;
      ajustes.push(ajuste('dps.tpRetISSQN.nao_retido'));
    }
  }
  return issRetido;
}

/** Place of service: the obra municipality wins; otherwise as sent; otherwise the provider's. */
function localEfetivo(
  s: EntradaAjustes['servico'],
  company: EmpresaContexto,
  params: (ibge: string) => ParametrosMunicipio,
  ajustes: Ajuste[],
): string | null {
  let local: string | null = s.municipio_prestacao ?? null;
  if (s.obra) {
    local = s.obra.municipio ?? null;
    if (local) {
      ajustes.push(
        ajuste(
          'dps.locPrest.derivado.obra',
          `Local da prestação = município da obra (${nomeMunicipio(params(local))}).`,
        ),
      );
    }
  } else if (!local) {
    local = company.municipio;
    ajustes.push(
      ajuste(
        'dps.locPrest.derivado.estabelecimento',
        `Local da prestação não informado: usado o município do prestador (${nomeMunicipio(params(local))}).`,
      ),
    );
  }
  return local;
}

/** Provider's municipal registration: the emitting municipality is the company's (cLocEmi). */
function inscricaoEfetiva(
  enviada: string | null,
  company: EmpresaContexto,
  params: (ibge: string) => ParametrosMunicipio,
  ajustes: Ajuste[],
): string | null {
  const paramsEmissor = params(company.municipio);
  let im = enviada;
  if (paramsEmissor.inscricaoMunicipal === 'omitir') {
    if (im)
      ajustes.push(
        ajuste(
          'dps.prest.IM.omitido',
          `${nomeMunicipio(paramsEmissor)} não aceita a inscrição municipal do prestador na DPS; ela foi omitida.`,
        ),
      );
    im = null;
  } else if (!im && company.inscricao_municipal) {
    im = company.inscricao_municipal;
    ajustes.push(
      ajuste(
        'cadastro.inscricao_municipal',
        `Inscrição municipal não informada: usada a do cadastro da empresa (${im}).`,
      ),
    );
  }
  return im;
}

interface FontesAliquota {
  sit: ReturnType<typeof situacaoAliquota>;
  enviada: string | null;
  padroes: Padroes;
  codigo: string | null;
  competencia: string;
  paramsIncidencia: ParametrosMunicipio | null;
}

/** The ISS rate the presence rules allow, from the request, the company default or the official parameter. */
function aliquotaEfetiva(
  { sit, enviada, padroes, codigo, competencia, paramsIncidencia }: FontesAliquota,
  ajustes: Ajuste[],
): string | null {
  let aliquota: string | null = enviada;
  if (sit.situacao === 'proibida') {
    if (aliquota)
      ajustes.push(
        ajuste(
          sit.regra,
          `${regraTexto(sit.regra)} A alíquota informada (${aliquota}%) foi omitida (${sit.codigos.join('/')}).`,
        ),
      );
    aliquota = null;
  } else {
    if (sit.situacao === 'exigida')
      ajustes.push(ajuste(sit.regra, `${regraTexto(sit.regra)} (${sit.codigos.join('/')}).`));
    if (!aliquota && padroes.aliquota_iss) {
      aliquota = padroes.aliquota_iss;
      ajustes.push(
        ajuste(
          'padrao.aliquota_iss',
          `Alíquota do ISS não informada: usada a alíquota padrão da empresa (${aliquota}%).`,
        ),
      );
    }
    if (!aliquota && sit.situacao === 'exigida' && codigo && paramsIncidencia) {
      const oficial = paramsIncidencia.aliquotaOficial(codigo, competencia);
      if (oficial) {
        aliquota = oficial;
        ajustes.push(
          ajuste(
            'param.aliquota_iss',
            `Alíquota obrigatória não informada: usada a alíquota oficial de ${nomeMunicipio(paramsIncidencia)} para ${formatarCodigo(codigo)} na competência ${competencia} (${oficial}%).`,
          ),
        );
      }
    }
  }
  return aliquota;
}

type Padroes = NonNullable<EmpresaContexto['padroes']>;
