import { Decimal } from 'decimal.js';
import type { CompanyWithCertificate } from '../../empresas/present-company.js';
import type { DpsInput } from '../nacional/dps-input.js';
import { SAO_PAULO_IBGE, type SaoPauloSettings } from '../../autoridades/sao-paulo/sao-paulo-gateway.js';
import type { DocumentoAssinatura, LayoutSaoPaulo } from './signature-string.js';

/** One RPS as São Paulo receives it, read from the note's resolved DPS values. */
export interface RpsInput {
  layout: LayoutSaoPaulo;
  remetenteCnpj: string;
  inscricaoPrestador: string;
  serie: string;
  numero: string;
  dataEmissao: string;
  tributacao: 'T' | 'F';
  valorServicos: string;
  valorDeducoes: string;
  codigoServico: string;
  /** Fraction with up to four decimals ("0.05" for 5 %). */
  aliquota: string;
  issRetido: boolean;
  tomador: DocumentoAssinatura;
  razaoSocialTomador?: string;
  emailTomador?: string;
  discriminacao: string;
  /** Only with tributação F (outside São Paulo; error 1223 otherwise). */
  municipioPrestacao?: string;
  /** IBGE code of the place of service (layout 2 `cLocPrestacao`). */
  localPrestacao: string;
  nbs?: string;
  cIndOp: string;
  cClassTrib: string;
}

/** The layout the city asks for a fact of this date and this regime. */
export function layoutOf(settings: SaoPauloSettings, dataFato: string, simplesNacional: boolean): LayoutSaoPaulo {
  if (simplesNacional) return settings.layout2SimplesDesde !== null && dataFato >= settings.layout2SimplesDesde ? 2 : 1;
  return dataFato >= settings.layout2Desde ? 2 : 1;
}

export interface BuildRpsInputOptions {
  dps: DpsInput;
  company: Pick<CompanyWithCertificate, 'cnpj' | 'inscricaoMunicipal' | 'regimeTributario'>;
  /** The São Paulo service code of the note (servicoSaoPaulo). */
  codigoServico: string;
  settings: SaoPauloSettings;
  /** Forces a layout (the city's answer named the other one); otherwise layoutOf. */
  layout?: LayoutSaoPaulo;
}

export function buildRpsInput({ dps, company, codigoServico, settings, layout }: BuildRpsInputOptions): RpsInput {
  const toma = dps.toma;
  const local = dps.serv.locPrest.cLocPrestacao;
  const aliquota = dps.valores.trib.tribMun.pAliq;
  const simples = company.regimeTributario === 'simples_nacional' || company.regimeTributario === 'mei';
  const chosen = layout ?? layoutOf(settings, dps.dCompet, simples);
  const ccm = (company.inscricaoMunicipal ?? '').replace(/\D/g, '');
  return {
    layout: chosen,
    remetenteCnpj: company.cnpj,
    // Layout 1 has 8-digit CCMs; layout 2 takes up to 12 digits as registered.
    inscricaoPrestador: chosen === 1 ? ccm.padStart(8, '0') : ccm,
    serie: dps.serie,
    numero: dps.nDPS,
    dataEmissao: dps.dhEmi.slice(0, 10),
    tributacao: local === SAO_PAULO_IBGE ? 'T' : 'F',
    valorServicos: dps.valores.vServPrest.vServ,
    valorDeducoes: '0',
    codigoServico,
    aliquota: aliquota ? new Decimal(aliquota).div(100).toDecimalPlaces(4).toFixed() : '0',
    issRetido: dps.valores.trib.tribMun.tpRetISSQN !== '1',
    tomador: toma?.CPF
      ? { tipo: 'cpf', numero: toma.CPF }
      : toma?.CNPJ
        ? { tipo: 'cnpj', numero: toma.CNPJ }
        : { tipo: 'nenhum' },
    ...(toma?.xNome && toma.xNome !== 'NAO INFORMADO' ? { razaoSocialTomador: toma.xNome } : {}),
    ...(toma?.email ? { emailTomador: toma.email } : {}),
    // São Paulo takes "|" as the line break of the description.
    discriminacao: dps.serv.cServ.xDescServ.replace(/\r?\n/g, '|'),
    ...(local !== SAO_PAULO_IBGE ? { municipioPrestacao: local } : {}),
    localPrestacao: local,
    ...(dps.serv.cServ.cNBS ? { nbs: dps.serv.cServ.cNBS } : {}),
    cIndOp: dps.IBSCBS?.cIndOp ?? settings.cIndOp,
    cClassTrib: dps.IBSCBS?.valores.trib.gIBSCBS.cClassTrib ?? settings.cClassTrib,
  };
}
