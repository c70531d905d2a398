import { Decimal } from 'decimal.js';
import { el, group } from '../../xml/el.js';
import { municipio } from '../../tabelas/index.js';
import type { DpsInput, Inscricao } from '../nacional/dps-input.js';
import { identificacaoRps, money, regimeEspecial, type AbrasfRpsInput } from './build-abrasf-rps.js';
import { xmlnsAbrasf } from './perfil-abrasf.js';

/**
 * The RPS's Id in EL's layout (tsCodigoVerificacao, 13 to 32 characters): series and number, unique per provider,
 * which every message names beside its CNPJ.
 */
export const elRpsId = (dps: Pick<DpsInput, 'serie' | 'nDPS'>): string =>
  `${dps.serie.padStart(5, '0')}${dps.nDPS.padStart(15, '0')}`;

/**
 * `<Rps>` of EL's own 1.00 layout (tcRps of el-nfse.xsd), unsigned (the schema has no signature), in its namespace:
 * the RPS's Id, where it is rendered, whether the ISS is withheld, issue instant and identification, then the
 * provider's and the taker's data (name, address, contact), one service line, the note's values and status. The
 * taker, its address and e-mail and the provider's e-mail are required by the schema and checked before the note is
 * built (abrasfServiceFields).
 */
export function buildElRps({ leiaute, dps, campos }: AbrasfRpsInput): string {
  const trib = dps.valores.trib.tribMun;
  const local = dps.serv.locPrest.cLocPrestacao;
  const retido = trib.tpRetISSQN !== '1';
  const valores = valoresEl(dps);
  const inf =
    el('Id', elRpsId(dps)) +
    // 1 in the provider's municipality, 2 elsewhere.
    el('LocalPrestacao', local === dps.cLocEmi ? '1' : '2') +
    // EL writes 1 for an ISS not withheld and 2 for a withheld one, the reverse of the ABRASF template.
    el('IssRetido', retido ? '2' : '1') +
    el('DataEmissao', dps.dhEmi) +
    identificacaoRpsXml(dps) +
    group(
      'DadosPrestador',
      identificacaoXml('IdentificacaoPrestador', dps.prest, campos.inscricaoMunicipal),
      el('RazaoSocial', campos.prestador?.razaoSocial),
      el('IncentivadorCultural', '2'),
      el('OptanteSimplesNacional', dps.prest.regTrib.opSimpNac === '1' ? '2' : '1'),
      el('NaturezaOperacao', naturezaOperacao(dps)),
      el('RegimeEspecialTributacao', regimeEspecial(dps) ?? '0'),
      group('Contato', el('Telefone', dps.prest.fone), el('Email', campos.prestador?.email)),
    ) +
    tomadorXml(dps) +
    group(
      'Servicos',
      group(
        'Servico',
        el('CodigoCnae', campos.cnae),
        el('CodigoServico116', campos.itemListaServico),
        el('CodigoServicoMunicipal', campos.codigoTributacaoMunicipio),
        el('Quantidade', '1.00'),
        el('Unidade', 'UN'),
        el('Descricao', dps.serv.cServ.xDescServ),
        el('Aliquota', valores.aliquota),
        el('ValorServico', valores.servico),
        el('ValorIssqn', valores.iss),
        el('ValorDesconto', valores.descontoIncondicionado),
      ),
    ) +
    group(
      'Valores',
      el('ValorServicos', valores.servico),
      el('ValorIss', valores.iss),
      el('ValorLiquidoNfse', valores.liquido),
      el('ValorIssRetido', retido ? valores.iss : undefined),
      el('OutrosDescontos', valores.descontoIncondicionado),
    ) +
    el('Observacao', dps.serv.infoCompl?.xInfComp?.slice(0, 1000)) +
    el('Status', '1') +
    el('CodigoMunicipioPrestacao', local);
  return `<Rps${xmlnsAbrasf(leiaute)}>${inf}</Rps>`;
}

/** tcIdentificacaoRps: number, series and type 1. */
function identificacaoRpsXml(dps: DpsInput): string {
  const rps = identificacaoRps(dps);
  return group('IdentificacaoRps', el('Numero', rps.numero), el('Serie', rps.serie), el('Tipo', rps.tipo));
}

/** tcIdentificacaoPrestador / tcIdentificacaoTomador: the document, its kind (1 CPF, 2 CNPJ) and the registration. */
function identificacaoXml(name: string, who: Inscricao, inscricaoMunicipal: string | undefined): string {
  return group(
    name,
    el('CpfCnpj', who.CNPJ ?? who.CPF),
    el('IndicacaoCpfCnpj', who.CNPJ ? '2' : '1'),
    el('InscricaoMunicipal', inscricaoMunicipal),
  );
}

/** tcDadosTomador: identification, name, the national address with the municipality's name and UF, the contact. */
function tomadorXml(dps: DpsInput): string {
  const toma = dps.toma;
  const end = toma?.end;
  const lugar = end ? municipio(end.endNac.cMun) : undefined;
  if (!toma || !end || !lugar) return '';
  return group(
    'DadosTomador',
    identificacaoXml('IdentificacaoTomador', toma, toma.IM),
    el('RazaoSocial', toma.xNome),
    group(
      'Endereco',
      el('Logradouro', end.xLgr),
      el('LogradouroNumero', end.nro),
      el('LogradouroComplemento', end.xCpl),
      el('Bairro', end.xBairro),
      el('CodigoMunicipio', end.endNac.cMun),
      el('Municipio', lugar.nome),
      el('Uf', lugar.uf),
      el('Cep', end.endNac.CEP),
    ),
    group('Contato', el('Telefone', toma.fone), el('Email', toma.email)),
  );
}

/**
 * tsNaturezaOperacao: 1 tributação no município, 2 fora do município, 3 isenção, 4 imune. From tribISSQN of the DPS
 * (1 tributável, 2 imunidade, 3 exportação, 4 não incidência) and where the service is taxed.
 */
function naturezaOperacao(dps: DpsInput): string {
  const trib = dps.valores.trib.tribMun.tribISSQN;
  if (trib === '2') return '4';
  if (trib === '3' || trib === '4') return '3';
  return dps.serv.locPrest.cLocPrestacao === dps.cLocEmi ? '1' : '2';
}

/**
 * The service line's and the note's values: base = service − unconditional discount, ISS = base × rate (the rate as
 * a percentage, as the DPS states it), net = service − discount − withheld ISS. EL's lines require a rate and an ISS
 * value: without a rate (a note the city taxes by its own table) both go as zero.
 */
function valoresEl(dps: DpsInput) {
  const servico = new Decimal(dps.valores.vServPrest.vServ);
  const desconto = dps.valores.vDescCondIncond?.vDescIncond;
  const base = servico.minus(desconto ?? 0);
  const aliquota = new Decimal(dps.valores.trib.tribMun.pAliq ?? 0);
  const iss = base.times(aliquota).dividedBy(100).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
  const retido = dps.valores.trib.tribMun.tpRetISSQN !== '1';
  return {
    servico: money(servico.toString()),
    aliquota: aliquota.toFixed(2),
    iss: iss.toFixed(2),
    descontoIncondicionado: desconto === undefined ? undefined : money(desconto),
    liquido: servico
      .minus(desconto ?? 0)
      .minus(retido ? iss : 0)
      .toFixed(2),
  };
}
