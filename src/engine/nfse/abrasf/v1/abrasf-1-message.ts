import { Decimal } from 'decimal.js';
import { municipio } from '../../../tabelas/index.js';
import { el, escapeAttr, group } from '../../../xml/el.js';
import type { DpsInput, Tomador } from '../../nacional/dps-input.js';
import type { IdentificacaoRps } from '../build-abrasf-rps.js';
import type { OperacaoAbrasf1, PerfilAbrasf1 } from './perfil-abrasf-1.js';

// The ABRASF 1.00 messages of one family, unsigned: the caller signs the element each one names
// (signAbrasf1Xml). Every family writes the same elements in its own namespaces: the root in the message's
// namespace (prefix m), the root's children in it only where the message's schema qualifies them, and the elements
// of the shared types (prefix t) in the types' namespace only where that schema qualifies them.

/** The element-name writer of one message of a family. */
interface Nomes {
  /** A child of the message root. */
  m(name: string): string;
  /** An element of the shared types. */
  t(name: string): string;
  /** The root's opening tag with every namespace declaration, and its closing tag. */
  abre(atributos?: string): string;
  fecha: string;
}

function nomes(perfil: PerfilAbrasf1, operacao: OperacaoAbrasf1): Nomes {
  const msg = perfil.mensagens[operacao];
  if (!msg) throw new Error(`${perfil.nome} não tem a mensagem ${operacao}`);
  const declaracoes = `xmlns:m="${msg.namespace}"${perfil.tipos.qualificados ? ` xmlns:t="${perfil.tipos.namespace}"` : ''}`;
  return {
    m: (name) => (msg.filhosQualificados ? `m:${name}` : name),
    t: (name) => (perfil.tipos.qualificados ? `t:${name}` : name),
    abre: (atributos = '') => `<m:${msg.raiz} ${declaracoes}${atributos}>`,
    fecha: `</m:${msg.raiz}>`,
  };
}

/** The provider of a 1.00 message: a CNPJ (tcIdentificacaoPrestador has no CPF) and its municipal registration. */
export interface PrestadorAbrasf1 {
  cnpj: string;
  inscricaoMunicipal?: string;
}

/** The cabecalho (arg0) of every call of a family that has one. */
export function headerMessage(perfil: PerfilAbrasf1): string {
  const c = perfil.mensagens.cabecalho;
  if (!c) throw new Error(`${perfil.nome} não tem cabecalho`);
  return `<ns2:cabecalho versao="${c.versao}" xmlns:ns2="${c.namespace}"><versaoDados>${c.versaoDados}</versaoDados></ns2:cabecalho>`;
}

/** Id of the signed InfRps: letters and digits only, unique per provider and RPS. */
const infRpsId = (cnpj: string, rps: IdentificacaoRps) => `Rps${cnpj}${rps.serie}N${rps.numero}`;

/** What an RPS needs beyond the DPS values (checked before it is built). */
export interface CamposAbrasf1 {
  itemListaServico: string;
  inscricaoMunicipal?: string;
  /** The Reforma Tributária codes of a family whose tcDadosServico carries them (NBS, cClassTrib, INDOP). */
  rtc?: { nbs: string; cClassTrib: string; indOp: string };
}

/**
 * RecepcionarLoteRps: a lot of one RPS (tcLoteRps) whose number is the RPS number; sign InfRps (Id `Rps…`) and
 * then LoteRps (Id `Lote<numero>`), the identifier attribute named as the family's schema names it.
 */
export function lotMessage(
  perfil: PerfilAbrasf1,
  input: { dps: DpsInput; rps: IdentificacaoRps; campos: CamposAbrasf1; cnpj: string },
): string {
  const n = nomes(perfil, 'RecepcionarLoteRps');
  const { t } = n;
  const lote =
    el(t('NumeroLote'), input.rps.numero) +
    el(t('Cnpj'), input.cnpj) +
    el(t('InscricaoMunicipal'), input.campos.inscricaoMunicipal) +
    el(t('QuantidadeRps'), '1') +
    group(t('ListaRps'), rpsXml(t, perfil, input));
  const id = `${perfil.idAtributo}="Lote${escapeAttr(input.rps.numero)}"`;
  return `${n.abre()}<${n.m('LoteRps')} ${id}>${lote}</${n.m('LoteRps')}>${n.fecha}`;
}

/** ConsultarSituacaoLoteRps / ConsultarLoteRps: the lot by its protocol; the root (Id `Cons<protocolo>` where the family has it) is signed. */
export function lotQueryMessage(
  perfil: PerfilAbrasf1,
  operacao: 'ConsultarSituacaoLoteRps' | 'ConsultarLoteRps',
  input: { prestador: PrestadorAbrasf1; protocolo: string },
): string {
  const n = nomes(perfil, operacao);
  const id = perfil.idNasConsultas
    ? ` ${perfil.idAtributo}="Cons${escapeAttr(input.protocolo.replace(/[^A-Za-z0-9]/g, ''))}"`
    : '';
  return n.abre(id) + prestadorXml(n, input.prestador) + el(n.m('Protocolo'), input.protocolo) + n.fecha;
}

/** ConsultarNfsePorRps: the note an RPS became, if any (asked before any resend); the root is signed (URI ""). */
export function rpsQueryMessage(
  perfil: PerfilAbrasf1,
  input: { rps: IdentificacaoRps; prestador: PrestadorAbrasf1 },
): string {
  const n = nomes(perfil, 'ConsultarNfsePorRps');
  return (
    n.abre() + identificacaoXml(n.m('IdentificacaoRps'), n.t, input.rps) + prestadorXml(n, input.prestador) + n.fecha
  );
}

/** CancelarNfse: one note; sign InfPedidoCancelamento (Id `Canc<numero>`). */
export function cancellationMessage(
  perfil: PerfilAbrasf1,
  input: { numeroNfse: string; prestador: PrestadorAbrasf1; codigoMunicipio: string; codigoCancelamento: string },
): string {
  const n = nomes(perfil, 'CancelarNfse');
  const { t } = n;
  return (
    n.abre() +
    `<${n.m('Pedido')}><${t('InfPedidoCancelamento')} Id="Canc${escapeAttr(input.numeroNfse)}">` +
    group(
      t('IdentificacaoNfse'),
      el(t('Numero'), input.numeroNfse),
      el(t('Cnpj'), input.prestador.cnpj),
      el(t('InscricaoMunicipal'), input.prestador.inscricaoMunicipal),
      el(t('CodigoMunicipio'), input.codigoMunicipio),
    ) +
    el(t('CodigoCancelamento'), input.codigoCancelamento) +
    `</${t('InfPedidoCancelamento')}></${n.m('Pedido')}>` +
    n.fecha
  );
}

function prestadorXml(n: Nomes, p: PrestadorAbrasf1): string {
  return group(n.m('Prestador'), el(n.t('Cnpj'), p.cnpj), el(n.t('InscricaoMunicipal'), p.inscricaoMunicipal));
}

function identificacaoXml(name: string, t: Nomes['t'], rps: IdentificacaoRps): string {
  return group(name, el(t('Numero'), rps.numero), el(t('Serie'), rps.serie), el(t('Tipo'), rps.tipo));
}

/**
 * `<Rps>` (tcRps/tcInfRps of ABRASF 1.00) from the DPS the service already built for the note, mapped to the 1.00
 * names; nothing is computed here. The rate is a fraction (5 % is 0.05), as the ABRASF 1.00 manual writes it.
 */
function rpsXml(
  t: Nomes['t'],
  perfil: PerfilAbrasf1,
  { dps, rps, campos, cnpj }: { dps: DpsInput; rps: IdentificacaoRps; campos: CamposAbrasf1; cnpj: string },
): string {
  const trib = dps.valores.trib.tribMun;
  const local = dps.serv.locPrest.cLocPrestacao;
  const inf =
    identificacaoXml(t('IdentificacaoRps'), t, rps) +
    el(t('DataEmissao'), dps.dhEmi.slice(0, 19)) +
    el(t('NaturezaOperacao'), naturezaOperacao(dps)) +
    el(t('RegimeEspecialTributacao'), regimeEspecial(dps)) +
    el(t('OptanteSimplesNacional'), dps.prest.regTrib.opSimpNac === '1' ? '2' : '1') +
    el(t('IncentivadorCultural'), '2') +
    el(t('Status'), '1') +
    group(
      t('Servico'),
      group(
        t('Valores'),
        el(t('ValorServicos'), money(dps.valores.vServPrest.vServ)),
        el(t('IssRetido'), trib.tpRetISSQN !== '1' ? '1' : '2'),
        el(t('Aliquota'), trib.pAliq === undefined ? undefined : new Decimal(trib.pAliq).div(100).toFixed(4)),
        descontos(t, perfil, dps),
      ),
      el(t('ItemListaServico'), campos.itemListaServico),
      el(t('Discriminacao'), dps.serv.cServ.xDescServ),
      el(t('CodigoMunicipio'), local),
      campos.rtc
        ? el(t('NBS'), campos.rtc.nbs) + el(t('cClassTrib'), campos.rtc.cClassTrib) + el(t('INDOP'), campos.rtc.indOp)
        : '',
    ) +
    group(t('Prestador'), el(t('Cnpj'), cnpj), el(t('InscricaoMunicipal'), campos.inscricaoMunicipal)) +
    // tcDadosTomador is required even when every member is absent (a note without an identified taker).
    (dps.toma ? tomadorXml(t, dps.toma) : `<${t('Tomador')}></${t('Tomador')}>`);
  return `<${t('Rps')}><${t('InfRps')} ${perfil.idAtributo}="${escapeAttr(infRpsId(cnpj, rps))}">${inf}</${t('InfRps')}></${t('Rps')}>`;
}

/** The discounts of tcValores, in the order the family's schema lists them. */
function descontos(t: Nomes['t'], perfil: PerfilAbrasf1, dps: DpsInput): string {
  const incondicionado = el(t('DescontoIncondicionado'), optionalMoney(dps.valores.vDescCondIncond?.vDescIncond));
  const condicionado = el(t('DescontoCondicionado'), optionalMoney(dps.valores.vDescCondIncond?.vDescCond));
  return perfil.descontoCondicionadoAntes ? condicionado + incondicionado : incondicionado + condicionado;
}

/**
 * tsNaturezaOperacao: 1 tributação no município, 2 tributação fora do município, 3 isenção, 4 imune,
 * 5/6 exigibilidade suspensa. From tribISSQN of the DPS (1 tributável, 2 imunidade, 3 exportação, 4 não
 * incidência) and where the service is taxed.
 */
function naturezaOperacao(dps: DpsInput): string {
  const trib = dps.valores.trib.tribMun.tribISSQN;
  if (trib === '2') return '4';
  if (trib === '3' || trib === '4') return '3';
  return dps.serv.locPrest.cLocPrestacao === dps.cLocEmi ? '1' : '2';
}

/** regEspTrib of the DPS → tsRegimeEspecialTributacao (1 ME municipal, 2 estimativa, 3 sociedade de profissionais, 4 cooperativa, 5 MEI, 6 ME/EPP). */
function regimeEspecial(dps: DpsInput): string | undefined {
  const byRegime: Partial<Record<string, string>> = { '1': '4', '2': '2', '3': '1', '6': '3' };
  return byRegime[dps.prest.regTrib.regEspTrib] ?? (dps.prest.regTrib.opSimpNac === '2' ? '5' : undefined);
}

function tomadorXml(t: Nomes['t'], toma: Tomador): string {
  const end = toma.end;
  const uf = end ? municipio(end.endNac.cMun)?.uf : undefined;
  const documento = 'CNPJ' in toma && toma.CNPJ ? el(t('Cnpj'), toma.CNPJ) : el(t('Cpf'), toma.CPF);
  return group(
    t('Tomador'),
    group(t('IdentificacaoTomador'), group(t('CpfCnpj'), documento), el(t('InscricaoMunicipal'), toma.IM)),
    el(t('RazaoSocial'), toma.xNome),
    end && uf
      ? group(
          t('Endereco'),
          el(t('Endereco'), end.xLgr),
          el(t('Numero'), end.nro),
          el(t('Complemento'), end.xCpl),
          el(t('Bairro'), end.xBairro),
          el(t('CodigoMunicipio'), end.endNac.cMun),
          el(t('Uf'), uf),
          el(t('Cep'), end.endNac.CEP),
        )
      : '',
    group(t('Contato'), el(t('Telefone'), toma.fone), el(t('Email'), toma.email)),
  );
}

/** tsValor: two decimals. */
const money = (value: string) => new Decimal(value).toFixed(2);
const optionalMoney = (value: string | undefined) => (value === undefined ? undefined : money(value));
