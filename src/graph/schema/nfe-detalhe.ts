import { loadNfeDetalhe, type NfeDetalhe } from '../../engine/nfe/load-nfe-detalhe.js';
import { builder } from '../builder.js';
import { NfeRef } from './nfe.js';
import { principalOf } from './principal-of.js';

type Item = NfeDetalhe['itens'][number];
type Totais = NfeDetalhe['totais'];

/** String fields exposed under their camelCase names, all nullable (a note's XML may leave any of them out). */
function strings<T extends Record<string, unknown>>(t: any, nomes: Array<[string, keyof T & string]>) {
  return Object.fromEntries(nomes.map(([campo, chave]) => [campo, t.exposeString(chave, { nullable: true })]));
}

const DestinatarioRef = builder.objectRef<NonNullable<NfeDetalhe['destinatario']>>('NfeDetalheDestinatario').implement({
  description: "The recipient as the note's XML names it; contribuinte is the API's name for indIEDest.",
  fields: (t) => ({
    nome: t.exposeString('nome'),
    ...strings(t, [
      ['documento', 'documento'],
      ['inscricaoEstadual', 'inscricao_estadual'],
      ['contribuinte', 'contribuinte'],
      ['endereco', 'endereco'],
      ['bairro', 'bairro'],
      ['municipio', 'municipio'],
      ['uf', 'uf'],
      ['cep', 'cep'],
    ]),
  }),
});

const ItemRef = builder.objectRef<Item>('NfeDetalheItem').implement({
  description: 'One det of the note: product, quantities and, per item, the taxes as the XML carries them.',
  fields: (t) => ({
    numero: t.exposeInt('numero'),
    codigo: t.exposeString('codigo'),
    descricao: t.exposeString('descricao'),
    ncm: t.exposeString('ncm'),
    cfop: t.exposeString('cfop'),
    cst: t.exposeString('cst', { description: 'The origin followed by the CST or CSOSN of the ICMS group.' }),
    unidade: t.exposeString('unidade'),
    quantidade: t.exposeString('quantidade'),
    valorUnitario: t.exposeString('valor_unitario'),
    valorTotal: t.exposeString('valor_total'),
    ...strings<Item>(t, [
      ['desconto', 'desconto'],
      ['baseIcms', 'base_icms'],
      ['aliquotaIcms', 'aliquota_icms'],
      ['icms', 'icms'],
      ['icmsSt', 'icms_st'],
      ['ipi', 'ipi'],
      ['pis', 'pis'],
      ['cofins', 'cofins'],
      ['ibs', 'ibs'],
      ['cbs', 'cbs'],
    ]),
  }),
});

const TotaisRef = builder.objectRef<Totais>('NfeDetalheTotais').implement({
  description: 'The totals of the note (ICMSTot and IBSCBSTot).',
  fields: (t) =>
    strings<Totais>(t, [
      ['produtos', 'produtos'],
      ['descontos', 'descontos'],
      ['frete', 'frete'],
      ['seguro', 'seguro'],
      ['outros', 'outros'],
      ['baseIcms', 'base_icms'],
      ['icms', 'icms'],
      ['baseIcmsSt', 'base_icms_st'],
      ['icmsSt', 'icms_st'],
      ['ipi', 'ipi'],
      ['pis', 'pis'],
      ['cofins', 'cofins'],
      ['baseIbsCbs', 'base_ibs_cbs'],
      ['ibs', 'ibs'],
      ['cbs', 'cbs'],
      ['tributosAproximados', 'tributos_aproximados'],
      ['total', 'total'],
    ]),
});

const PagamentoRef = builder.objectRef<NfeDetalhe['pagamentos'][number]>('NfeDetalhePagamento').implement({
  fields: (t) => ({
    forma: t.exposeString('forma', {
      description: "The request's name of the form (pix, boleto, …), or the tPag code.",
    }),
    descricao: t.exposeString('descricao', { nullable: true }),
    valor: t.exposeString('valor'),
  }),
});

const DetalheRef = builder.objectRef<NfeDetalhe>('NfeDetalhe').implement({
  description:
    "The note's recipient, items, totals and payments, read from its XML (the nfeProc once answered, the signed NFe " +
    'before). Amounts are decimal strings.',
  fields: (t) => ({
    naturezaOperacao: t.exposeString('natureza_operacao'),
    destinatario: t.expose('destinatario', { type: DestinatarioRef, nullable: true }),
    itens: t.expose('itens', { type: [ItemRef] }),
    totais: t.expose('totais', { type: TotaisRef }),
    pagamentos: t.expose('pagamentos', { type: [PagamentoRef] }),
    troco: t.exposeString('troco', { nullable: true }),
  }),
});

builder.objectField(NfeRef, 'detalhe', (t) =>
  t.field({
    type: DetalheRef,
    nullable: true,
    description:
      "The note's recipient, items with their taxes, totals and payments (one note at a time: reads its XML).",
    resolve: (note, _args, ctx) => loadNfeDetalhe(ctx.engine, principalOf(ctx), note.id),
  }),
);
