import { Decimal } from 'decimal.js';
import { el, group } from '../../xml/el.js';
import { municipio } from '../../tabelas/index.js';
import type { DpsInput, Tomador } from '../nacional/dps-input.js';
import {
  cpfCnpjXml,
  declaracaoXml,
  documentoPrestador,
  EXIGIBILIDADE,
  identificacaoRps,
  infRpsXml,
  issRetidoXml,
  money,
  regimeEspecial,
  responsavelRetencaoXml,
  valoresXml,
  type AbrasfRpsInput,
} from './build-abrasf-rps.js';

/** CodigoPais (tsCodigoPaisBacen) of Brazil in the Central Bank's country table, where every national taker lives. */
const PAIS_BRASIL = '1058';

/**
 * `<Rps>` of a layout whose Servico lists its items (`modeloRps: 'itens'`: EloTech 2.03): the template's
 * Servico children in that schema's order, then one ItemServico for the whole service (the DPS describes one
 * service: quantity 1 at its value, the company's CNAE); the taker with its address, which that schema requires; no
 * OptanteSimplesNacional nor InformacoesComplementares, which it does not have. Unsigned, nothing computed here.
 */
export function buildAbrasfRpsItens({ leiaute, dps, campos, rpsSubstituido }: AbrasfRpsInput): string {
  const trib = dps.valores.trib.tribMun;
  const local = dps.serv.locPrest.cLocPrestacao;
  const servico = dps.valores.vServPrest.vServ;
  const desconto = dps.valores.vDescCondIncond?.vDescIncond;
  const item = group(
    'ItemServico',
    el('ItemListaServico', campos.itemListaServico),
    el('CodigoCnae', campos.cnae),
    el('Descricao', dps.serv.cServ.xDescServ),
    el('Tributavel', trib.tribISSQN === '1' ? '1' : '2'),
    el('Quantidade', '1.00000'),
    el('ValorUnitario', new Decimal(servico).toFixed(5)),
    el('ValorDesconto', desconto === undefined ? undefined : money(desconto)),
    el('ValorLiquido', new Decimal(servico).minus(desconto ?? '0').toFixed(2)),
  );
  const servicoXml = group(
    'Servico',
    valoresXml(dps),
    issRetidoXml(dps),
    responsavelRetencaoXml(dps),
    el('Discriminacao', dps.serv.cServ.xDescServ),
    el('CodigoTributacaoMunicipio', campos.codigoTributacaoMunicipio),
    leiaute.elementos.codigoNbs ? el('CodigoNbs', dps.serv.cServ.cNBS) : '',
    el('CodigoMunicipio', local),
    el('ExigibilidadeISS', EXIGIBILIDADE[trib.tribISSQN]),
    // Required in this schema whatever the exigibility: the place of the service, as the template writes it.
    el('MunicipioIncidencia', local),
    `<ListaItensServico>${item}</ListaItensServico>`,
  );
  const inf =
    infRpsXml('', dps, rpsSubstituido) +
    el('Competencia', dps.dCompet) +
    servicoXml +
    group('Prestador', cpfCnpjXml(dps.prest), el('InscricaoMunicipal', campos.inscricaoMunicipal)) +
    (dps.toma ? tomadorXml(dps.toma) : '') +
    el('RegimeEspecialTributacao', regimeEspecial(dps)) +
    el('IncentivoFiscal', '2');
  return declaracaoXml(leiaute, documentoPrestador(dps), identificacaoRps(dps), inf);
}

/** `<Tomador>` (tcDadosTomador) with its address; abrasfServiceFields refuses a taker without one first. */
function tomadorXml(toma: Tomador): string {
  const end = toma.end!;
  return group(
    'Tomador',
    group('IdentificacaoTomador', cpfCnpjXml(toma), el('InscricaoMunicipal', toma.IM)),
    el('RazaoSocial', toma.xNome),
    group(
      'Endereco',
      el('Endereco', end.xLgr),
      el('Numero', end.nro),
      el('Complemento', end.xCpl),
      el('Bairro', end.xBairro),
      el('CodigoMunicipio', end.endNac.cMun),
      el('Uf', municipio(end.endNac.cMun)?.uf),
      el('CodigoPais', PAIS_BRASIL),
      el('Cep', end.endNac.CEP),
    ),
    group('Contato', el('Telefone', toma.fone), el('Email', toma.email)),
  );
}

/** Whether the layout's RPS can name this DPS's taker: one with a national address, or none at all. */
export const tomadorComEndereco = (dps: Pick<DpsInput, 'toma'>): boolean =>
  !dps.toma || Boolean(dps.toma.end && municipio(dps.toma.end.endNac.cMun));
