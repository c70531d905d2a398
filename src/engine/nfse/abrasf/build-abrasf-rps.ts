import { Decimal } from 'decimal.js';
import { el, group } from '../../xml/el.js';
import { municipio } from '../../tabelas/index.js';
import type { DpsInput, Inscricao, Tomador } from '../nacional/dps-input.js';
import type { AbrasfServiceFields } from './abrasf-service-fields.js';
import {
  idAbrasf,
  servicoAbrasf,
  xmlnsAbrasf,
  type ElementoServicoAbrasf,
  type LeiauteAbrasf,
} from './perfil-abrasf.js';

/** An RPS as ABRASF identifies it: number, series and type (1 = RPS). */
export interface IdentificacaoRps {
  numero: string;
  serie: string;
  tipo: '1' | '2' | '3';
}

export interface AbrasfRpsInput {
  leiaute: LeiauteAbrasf;
  dps: DpsInput;
  campos: AbrasfServiceFields;
  /** The note this RPS replaces (SubstituirNfse carries it beside the cancellation request). */
  rpsSubstituido?: IdentificacaoRps;
}

/** The RPS of a DPS: its series and number, type 1. */
export function identificacaoRps(dps: Pick<DpsInput, 'serie' | 'nDPS'>): IdentificacaoRps {
  return { numero: dps.nDPS, serie: dps.serie, tipo: '1' };
}

/** Id of the signed InfDeclaracaoPrestacaoServico: letters and digits only, unique per provider and RPS. */
export function rpsId(cnpj: string, rps: IdentificacaoRps): string {
  return `Rps${cnpj}${rps.serie}N${rps.numero}`;
}

/**
 * `<Rps>` (tcDeclaracaoPrestacaoServico) of ABRASF 2.0x, unsigned, carrying its layout's namespace so it can be signed
 * alone and then placed in GerarNfseEnvio, a lot or SubstituirNfseEnvio. The values are the DPS the service already
 * built for the note, mapped to their ABRASF names; nothing is computed here.
 */
export function buildAbrasfRps({ leiaute, dps, campos, rpsSubstituido }: AbrasfRpsInput): string {
  const rps = identificacaoRps(dps);
  const cnpj = documentoPrestador(dps);
  const identificador = leiaute.elementos.identificadorRps ? idAbrasf(leiaute, `Inf${rpsId(cnpj, rps)}`) : '';
  const inf =
    infRpsXml(identificador, dps, rpsSubstituido) +
    el('Competencia', dps.dCompet) +
    servicoXml(leiaute, dps, campos) +
    group('Prestador', cpfCnpjXml(dps.prest), el('InscricaoMunicipal', campos.inscricaoMunicipal)) +
    (dps.toma ? tomadorXml(leiaute.elementos.tomador, dps.toma) : '') +
    el('RegimeEspecialTributacao', regimeEspecial(dps)) +
    el('OptanteSimplesNacional', dps.prest.regTrib.opSimpNac === '1' ? '2' : '1') +
    el('IncentivoFiscal', '2') +
    (leiaute.elementos.regApTribSN ? el('regApTribSN', regApTribSN(dps)) : '') +
    (leiaute.elementos.informacoesComplementares === false
      ? ''
      : el('InformacoesComplementares', dps.serv.infoCompl?.xInfComp));
  return declaracaoXml(leiaute, cnpj, rps, inf);
}

/** The `<Rps>` document around an InfDeclaracaoPrestacaoServico's children, in the layout's namespace. */
export function declaracaoXml(leiaute: LeiauteAbrasf, cnpj: string, rps: IdentificacaoRps, inf: string): string {
  return `<Rps${xmlnsAbrasf(leiaute)}><InfDeclaracaoPrestacaoServico${idAbrasf(leiaute, rpsId(cnpj, rps))}>${inf}</InfDeclaracaoPrestacaoServico></Rps>`;
}

/** `<Rps>` (tcInfRps): the RPS's identification, issue date and status, and the RPS it replaces. */
export function infRpsXml(identificador: string, dps: DpsInput, rpsSubstituido?: IdentificacaoRps): string {
  return (
    `<Rps${identificador}>` +
    identificacaoXml('IdentificacaoRps', identificacaoRps(dps)) +
    el('DataEmissao', dps.dhEmi.slice(0, 10)) +
    el('Status', '1') +
    (rpsSubstituido ? identificacaoXml('RpsSubstituido', rpsSubstituido) : '') +
    '</Rps>'
  );
}

/** The provider's CNPJ, or its CPF. */
export const documentoPrestador = (dps: DpsInput): string =>
  'CNPJ' in dps.prest && dps.prest.CNPJ ? dps.prest.CNPJ : dps.prest.CPF!;

/** `<Valores>` of Servico: the service value, rate and discounts as the DPS states them. */
export function valoresXml(dps: DpsInput): string {
  const trib = dps.valores.trib.tribMun;
  return group(
    'Valores',
    el('ValorServicos', money(dps.valores.vServPrest.vServ)),
    el('Aliquota', trib.pAliq === undefined ? undefined : money(trib.pAliq)),
    el('DescontoIncondicionado', optionalMoney(dps.valores.vDescCondIncond?.vDescIncond)),
    el('DescontoCondicionado', optionalMoney(dps.valores.vDescCondIncond?.vDescCond)),
  );
}

/** `<Servico>` (tcDadosServico): each child the layout has, in its order. */
export function servicoXml(leiaute: LeiauteAbrasf, dps: DpsInput, campos: AbrasfServiceFields): string {
  const trib = dps.valores.trib.tribMun;
  const local = dps.serv.locPrest.cLocPrestacao;
  const exigibilidade = EXIGIBILIDADE[trib.tribISSQN];
  const children: Record<ElementoServicoAbrasf, () => string> = {
    Valores: () => valoresXml(dps),
    IssRetido: () => issRetidoXml(dps),
    ResponsavelRetencao: () => responsavelRetencaoXml(dps),
    ItemListaServico: () => el('ItemListaServico', campos.itemListaServico),
    CodigoTributacaoMunicipio: () => el('CodigoTributacaoMunicipio', campos.codigoTributacaoMunicipio),
    CodigoNbs: () => (leiaute.elementos.codigoNbs ? el('CodigoNbs', dps.serv.cServ.cNBS) : ''),
    Discriminacao: () => el('Discriminacao', dps.serv.cServ.xDescServ),
    CodigoMunicipio: () => el('CodigoMunicipio', local),
    ExigibilidadeISS: () => el('ExigibilidadeISS', exigibilidade),
    MunicipioIncidencia: () => el('MunicipioIncidencia', exigibilidade === '1' ? local : undefined),
    cTribNac: () => el('cTribNac', dps.serv.cServ.cTribNac),
    cNBS: () => el('cNBS', dps.serv.cServ.cNBS),
    Exigibilidade: () => el('Exigibilidade', exigibilidade),
    NumeroNbs: () => el('NumeroNbs', dps.serv.cServ.cNBS),
  };
  return group('Servico', ...servicoAbrasf(leiaute).map((name) => children[name]()));
}

/** IssRetido: 1 when the DPS says the taker or an intermediary withholds the ISS. */
export const issRetidoXml = (dps: DpsInput): string =>
  el('IssRetido', dps.valores.trib.tribMun.tpRetISSQN !== '1' ? '1' : '2');

/** ResponsavelRetencao of a withheld ISS: 1 the taker, 2 the intermediary. */
export function responsavelRetencaoXml(dps: DpsInput): string {
  const tp = dps.valores.trib.tribMun.tpRetISSQN;
  return el('ResponsavelRetencao', tp === '2' ? '1' : tp === '3' ? '2' : undefined);
}

/** tribISSQN of the DPS (1 tributável, 2 imunidade, 3 exportação, 4 não incidência) → ABRASF ExigibilidadeISS. */
export const EXIGIBILIDADE: Record<DpsInput['valores']['trib']['tribMun']['tribISSQN'], string> = {
  '1': '1',
  '2': '5',
  '3': '4',
  '4': '2',
};

/**
 * regEspTrib of the DPS → ABRASF RegimeEspecialTributacao (1 ME municipal, 2 estimativa, 3 sociedade de
 * profissionais, 4 cooperativa, 5 MEI, 6 ME/EPP); regimes ABRASF has no code for are omitted.
 */
export function regimeEspecial(dps: DpsInput): string | undefined {
  const byRegime: Partial<Record<string, string>> = { '1': '4', '2': '2', '3': '1', '6': '3' };
  return byRegime[dps.prest.regTrib.regEspTrib] ?? (dps.prest.regTrib.opSimpNac === '2' ? '5' : undefined);
}

/**
 * regApTribSN of the DPS where a family's schema requires it of every RPS: the Simples company's own; 1 (assessed by
 * the Simples Nacional) otherwise, the schema admitting no value for a company outside the Simples.
 */
const regApTribSN = (dps: DpsInput): string => dps.prest.regTrib.regApTribSN ?? '1';

/** tcIdentificacaoRps: number, series and type; the number alone where the layout's RPS is MegaSoft's. */
export function identificacaoXml(
  name: string,
  rps: IdentificacaoRps,
  leiaute?: Pick<LeiauteAbrasf, 'modeloRps'>,
): string {
  if (leiaute?.modeloRps === 'megasoft') return group(name, el('Numero', rps.numero));
  return group(name, el('Numero', rps.numero), el('Serie', rps.serie), el('Tipo', rps.tipo));
}

export function cpfCnpjXml(who: Inscricao): string {
  return group('CpfCnpj', 'CNPJ' in who && who.CNPJ ? el('Cnpj', who.CNPJ) : el('Cpf', who.CPF));
}

function tomadorXml(name: LeiauteAbrasf['elementos']['tomador'], toma: Tomador): string {
  const end = toma.end;
  const uf = end ? municipio(end.endNac.cMun)?.uf : undefined;
  const contato = toma.fone
    ? group('Contato', el('Telefone', toma.fone), el('Email', toma.email))
    : group('Contato', el('Email', toma.email));
  return group(
    name,
    group('IdentificacaoTomador', cpfCnpjXml(toma), el('InscricaoMunicipal', toma.IM)),
    el('RazaoSocial', toma.xNome),
    end && uf
      ? group(
          'Endereco',
          el('Endereco', end.xLgr),
          el('Numero', end.nro),
          el('Complemento', end.xCpl),
          el('Bairro', end.xBairro),
          el('CodigoMunicipio', end.endNac.cMun),
          el('Uf', uf),
          el('Cep', end.endNac.CEP),
        )
      : '',
    contato,
  );
}

/** tsValor: two decimals. */
export const money = (value: string) => new Decimal(value).toFixed(2);
const optionalMoney = (value: string | undefined) => (value === undefined ? undefined : money(value));
