import { Decimal } from 'decimal.js';
import { checkCbenef } from './check-cbenef.js';
import { computeDifal } from './compute-difal.js';
import { computeIcmsDiferido } from './compute-icms-diferido.js';
import { computeIcmsProprio, type IcmsProprio } from './compute-icms-proprio.js';
import { computeIcmsSimples } from './compute-icms-simples.js';
import { computeIcmsSt } from './compute-icms-st.js';
import { aliquotaOperacao } from './aliquota-operacao.js';
import { ForaDeCobertura } from './fora-de-cobertura.js';
import type { IcmsCalculado, IcmsDoItem } from './icms-do-item.js';
import type { ItemTributavel, OperacaoTributavel, PerfilIcms } from './item-tributavel.js';
import { GRUPO_DESONERACAO, MOTIVOS_DESONERACAO } from './motivos-desoneracao.js';
import type { RegraTributaria } from './regra-tributaria.js';
import { TributoRecusado } from './tributo-recusado.js';
import type { ValoresDaLinha } from './valores-da-linha.js';

export type { IcmsCalculado } from './icms-do-item.js';

const SEM_VALORES_CST = ['40', '41', '50', '60'];
const COBERTOS = '00, 10, 20, 30, 40, 41, 50, 51, 60, 70 e 90';
const ZERO = new Decimal(0);
const SEM_VALORES = { vIcms: ZERO, vFcp: ZERO, vIcmsUfDest: ZERO, vFcpUfDest: ZERO };
const COM_ST =
  'tem ICMS-ST: a ST e o DIFAL na mesma venda a consumidor final não contribuinte de outra UF não são calculados';
const SEM_ICMS_PROPRIO =
  'não tem ICMS próprio na origem (isenção, não incidência ou suspensão): se a UF de destino cobra o DIFAL dessa operação é regra dela, fora das tabelas';
/** Why the DIFAL of a CST other than 00, 20 and 90 with its own ICMS is not computed. */
const DIFAL_NAO_CALCULADO: Readonly<Record<string, string>> = {
  '10': COM_ST,
  '30': COM_ST,
  '70': COM_ST,
  '40': SEM_ICMS_PROPRIO,
  '41': SEM_ICMS_PROPRIO,
  '50': SEM_ICMS_PROPRIO,
  '51': 'é de diferimento: o DIFAL de uma operação diferida vendida a não contribuinte de outra UF é regra das UFs, fora das tabelas',
  '60': 'teve o ICMS retido antes por ST: o DIFAL dessa saída é regra da UF de destino, fora das tabelas',
};

/**
 * The item's ICMS. Regime normal (CST): the own ICMS at the UF's internal rate (or the product's) inside the UF and
 * at the interstate rate between UFs (4 % for imported goods), with the FCP inside the UF: 00 whole, 20 with the
 * base reduction, 51 deferred (computeIcmsDiferido); 10 and 70 add the ICMS-ST, 30 is exempt with ICMS-ST; 90
 * carries what the profile gives; 40, 41, 50 and 60 carry no amount. An interstate sale to a non-contributor adds
 * ICMSUFDest (DIFAL, computeDifal) on the own ICMS's base: CST 00, 20 (reduced base) and 90 with its own ICMS; the
 * other CSTs name why they are not computed (DIFAL_NAO_CALCULADO). Simples Nacional (CSOSN): computeIcmsSimples.
 * The profile's cBenef is checked as the UF's authoriser would (checkCbenef).
 */
export function computeIcms(
  item: ItemTributavel,
  op: OperacaoTributavel,
  linha: ValoresDaLinha,
  vIpi: Decimal,
  regras: RegraTributaria[],
): IcmsCalculado {
  const simples = op.regime === 'simples_nacional' || op.regime === 'mei';
  const perfil = item.perfil.icms ?? {};
  const codigo = simples ? perfil.csosn : perfil.cst;
  if (!codigo)
    throw new ForaDeCobertura('/icms', `O perfil tributário do produto não tem ${simples ? 'CSOSN' : 'CST'} de ICMS.`);
  desoneracaoDoPerfil(codigo, simples, perfil);
  const icms: IcmsDoItem = { item, op, linha, vIpi, regras, codigo, interna: op.ufEmitente === op.ufDestinatario };
  const calculado = simples ? computeIcmsSimples(icms) : computeIcmsRegimeNormal(icms);
  const rejeicao = checkCbenef({
    uf: op.ufEmitente,
    dia: op.dia,
    codigo,
    csosn: simples,
    cBenef: perfil.cBenef,
    interna: icms.interna,
    semReducao: !perfil.reducaoBc && !perfil.reducaoBcSt,
    diferimentoCompleto: true,
    // The relieved ICMS (vICMSDeson) is not computed: a UF that requires it is outside the coverage (934 below).
    desonerado: false,
  });
  if (rejeicao?.cStat === '934') throw new ForaDeCobertura('/icms', rejeicao.mensagem);
  if (rejeicao)
    throw new TributoRecusado('/produto', rejeicao.mensagem, rejeicao.correcao, rejeicao.codigo, rejeicao.cStat);
  return perfil.cBenef ? { ...calculado, cBenef: perfil.cBenef } : calculado;
}

/**
 * The profile's relief (motivo_desoneracao, deduz_desoneracao). A CST whose group has none, or a reason its group
 * does not take (MOTIVOS_DESONERACAO), is refused on the product's profile. Otherwise vICMSDeson is not computed:
 * the official data the service reads have no formula of it (the NT 2023.004 one is not among them), so the item is
 * outside the coverage, named; in modo informado the members are accepted, summed into vICMSDeson and deducted from
 * vNF with ind_deduz_deson 1.
 */
function desoneracaoDoPerfil(codigo: string, simples: boolean, perfil: PerfilIcms): void {
  const { motivoDesoneracao: motivo, deduzDesoneracao: deduz } = perfil;
  if (motivo === undefined && deduz === undefined) return;
  const grupo = simples ? undefined : GRUPO_DESONERACAO[codigo];
  if (!grupo)
    throw new TributoRecusado(
      '/produto',
      `O perfil tributário tem desoneração (motivo_desoneracao, deduz_desoneracao), mas o ${simples ? 'CSOSN' : 'CST'} ${codigo} do ICMS não tem o grupo de desoneração.`,
      'Use o CST 20, 30, 40, 41, 50, 70 ou 90, ou remova motivo_desoneracao e deduz_desoneracao do perfil ou da regra da empresa.',
    );
  const aceitos: readonly string[] = MOTIVOS_DESONERACAO[grupo];
  if (motivo === undefined || !aceitos.includes(motivo))
    throw new TributoRecusado(
      '/produto',
      motivo === undefined
        ? 'O perfil tributário diz se a desoneração deduz (deduz_desoneracao), mas não o motivo (motivo_desoneracao).'
        : `O motivo de desoneração ${motivo} não é aceito pelo grupo ${grupo} (CST ${codigo}) do leiaute da NF-e.`,
      `Informe motivo_desoneracao, um de: ${aceitos.join(', ')}.`,
    );
  throw new ForaDeCobertura(
    '/icms/v_icms_deson',
    `O ICMS desonerado (motivo ${motivo}) não é calculado: a fórmula oficial do vICMSDeson não está nos dados oficiais que o serviço lê. Envie o item em modo informado com v_icms_deson, mot_des_icms ${motivo}${deduz === undefined ? '' : ` e ind_deduz_deson ${deduz ? '1' : '0'}`}.`,
  );
}

/** CST of regime normal. */
function computeIcmsRegimeNormal(icms: IcmsDoItem): IcmsCalculado {
  const { codigo } = icms;
  const semDifal = DIFAL_NAO_CALCULADO[codigo];
  if (semDifal && difalDevido(icms)) throw difalForaDeCobertura(codigo, semDifal);
  if (SEM_VALORES_CST.includes(codigo)) return { grupo: { cst: codigo }, ...SEM_VALORES };
  if (codigo === '51') return computeIcmsDiferido(icms);
  if (codigo === '30') {
    // Exempt: the seller owes no ICMS of its own, so the ST deducts nothing (Conv. ICMS 142/2018, cl. 14ª, I).
    const aliquota = aliquotaOperacao(icms.item, icms.op, icms.interna).aliquota;
    return { grupo: { cst: codigo, ...icmsStDoItem(icms, ZERO, aliquota) }, ...SEM_VALORES };
  }
  if (codigo === '90') return cst90(icms);
  if (!['00', '10', '20', '70'].includes(codigo))
    throw new ForaDeCobertura('/icms', `CST ${codigo} do ICMS não é calculado: cobertos ${COBERTOS}.`);
  if ((codigo === '20' || codigo === '70') && !icms.item.perfil.icms?.reducaoBc)
    throw new ForaDeCobertura(
      '/icms',
      `CST ${codigo} do ICMS é de base reduzida e o perfil não tem o percentual de redução: informe tributacao.icms.reducao_bc no produto ou numa regra tributária da empresa.`,
    );
  const proprio = computeIcmsProprio(icms);
  const grupo = { cst: codigo, ...proprio.grupo };
  if (codigo === '10' || codigo === '70') Object.assign(grupo, icmsStDoItem(icms, proprio.vIcms, proprio.aliquota));
  return { grupo, ...comDifal(icms, proprio) };
}

/** CST 90 (others): the own ICMS when the profile gives a rate, reduction or deferral; the ST when it gives an ST member. */
function cst90(icms: IcmsDoItem): IcmsCalculado {
  const perfil = icms.item.perfil.icms ?? {};
  const comSt = [perfil.mva, perfil.aliquotaSt, perfil.reducaoBcSt, perfil.fcpSt].some((m) => m !== undefined);
  const comProprio = [perfil.aliquota, perfil.reducaoBc, perfil.diferimento].some((m) => m !== undefined);
  const grupo: Record<string, string> = { cst: '90' };
  if (difalDevido(icms) && (comSt || !comProprio || perfil.diferimento))
    throw difalForaDeCobertura(
      '90',
      comSt ? COM_ST : perfil.diferimento ? DIFAL_NAO_CALCULADO['51']! : SEM_ICMS_PROPRIO,
    );
  let calculado: Omit<IcmsCalculado, 'grupo'> = SEM_VALORES;
  let proprio: { vIcms: Decimal; aliquota: string } | null = null;
  if (comProprio) {
    const parte = perfil.diferimento ? computeIcmsDiferido(icms) : null;
    const inteiro = parte ? null : computeIcmsProprio(icms);
    Object.assign(grupo, parte?.grupo ?? inteiro!.grupo, { cst: '90' });
    calculado = parte ?? comDifal(icms, inteiro!);
    proprio = { vIcms: calculado.vIcms, aliquota: grupo.p_icms! };
  }
  if (comSt) {
    const aliquota = proprio?.aliquota ?? aliquotaOperacao(icms.item, icms.op, icms.interna).aliquota;
    Object.assign(grupo, icmsStDoItem(icms, proprio?.vIcms ?? ZERO, aliquota));
  }
  return { grupo, ...calculado };
}

/** An interstate sale to a non-contributor (indIEDest 9, so indFinal 1): the destination UF's DIFAL is due. */
const difalDevido = (icms: IcmsDoItem) => !icms.interna && icms.op.contribuinte === 'nao_contribuinte';

function difalForaDeCobertura(codigo: string, motivo: string): ForaDeCobertura {
  return new ForaDeCobertura(
    '/icms_uf_dest',
    `DIFAL da venda a não contribuinte de outra UF: o CST ${codigo} ${motivo}. Envie o item em modo informado (com icms_uf_dest onde a UF de destino o exigir, rejeição 694).`,
  );
}

/** The amounts of an item with own ICMS; sold to a non-contributor in another UF it adds the DIFAL on its base. */
function comDifal(icms: IcmsDoItem, proprio: IcmsProprio): Omit<IcmsCalculado, 'grupo'> {
  const { vIcms, vFcp } = proprio;
  if (!difalDevido(icms)) return { vIcms, vFcp, vIcmsUfDest: ZERO, vFcpUfDest: ZERO };
  const icmsUfDest = computeDifal(icms, proprio);
  return {
    icmsUfDest,
    vIcms,
    vFcp,
    vIcmsUfDest: new Decimal(icmsUfDest.v_icms_uf_dest!),
    vFcpUfDest: new Decimal(icmsUfDest.v_fcp_uf_dest ?? 0),
  };
}

/** The item's ICMS-ST members on the operation with its IPI, less `icmsProprio`; the MVA is adjusted between UFs. */
function icmsStDoItem(icms: IcmsDoItem, icmsProprio: Decimal, aliquota: string): Record<string, string> {
  const operacao = {
    operacaoComIpi: icms.linha.operacao.plus(icms.vIpi),
    icmsProprio,
    aliquotaInter: icms.interna ? null : aliquota,
  };
  return computeIcmsSt(icms.item, icms.op, operacao, icms.regras).grupo;
}
