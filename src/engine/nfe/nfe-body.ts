import * as v from 'valibot';
import { camelName as camel, snakeName } from '../nucleo/validation-issues-of.js';
import { EngineError } from '../errors.js';
import { documentoFederal } from '../nucleo/documento-federal.js';
import { issueMessage } from '../nucleo/issue-message.js';
import { boundedIssues } from '../nucleo/bounded-issues.js';
import { declareBody, type BodyOf, type BodyReport } from '../nucleo/read-body.js';
import type { ValidationIssue } from '../nucleo/validation-issue.js';
import { objectMember, textMember, typeMember } from '../nfse/validacao/member-schemas.js';
import { municipio } from '../tabelas/index.js';
import { isValidNfeKey, NFE_KEY_SHAPE } from './nfe-access-key.js';
import { VALOR } from './nfe-decimal.js';
import { decimalMember, enumMember, requireMember, requireSentMember } from './nfe-member.js';
import { nfeItemBody, nfeItemBodyCalcular, nfeItemBodyMembers } from './nfe-item-body.js';
import {
  FORMAS_PAGAMENTO,
  MODALIDADES_FRETE,
  PRESENCA_IND,
  type Contribuinte,
  type Finalidade,
  type FormaPagamento,
  type ModalidadeFrete,
  type Presenca,
} from './nfe-request.js';
import { refineNfeItem } from './refine-nfe-item.js';
import { TOTAIS_INFORMADOS } from './sum-totais.js';
import { isMembers, type Members } from './is-members.js';

/** `operacao` of `calcular` and `conferir`: the first three are calculated, the others informed. */
export const OPERACOES = [
  'venda',
  'venda_consumidor_final',
  'bonificacao',
  'remessa',
  'transferencia',
  'devolucao',
] as const;
export type Operacao = (typeof OPERACOES)[number];
export const OPERACOES_CALCULADAS: readonly Operacao[] = ['venda', 'venda_consumidor_final', 'bonificacao'];
export const SUBTIPOS: Partial<Record<Operacao, readonly string[]>> = {
  remessa: ['conserto', 'demonstracao', 'industrializacao', 'outras'],
  devolucao: ['comercializacao', 'industrializacao'],
};

const TOP = [
  'modo',
  'empresa_id',
  'data_emissao',
  'referencia',
  'natureza_operacao',
  'presenca',
  'destinatario',
  'itens',
  'pagamentos',
  'totais',
  'transporte',
  'serie',
  'tipo_operacao',
  'finalidade',
  'chave_referenciada',
  'item_referenciado',
  'informacoes_adicionais',
] as const;
const PRESENCAS = Object.keys(PRESENCA_IND) as Presenca[];
const FINALIDADES: Finalidade[] = ['normal', 'complementar', 'ajuste', 'devolucao'];
const CONTRIBUINTES: Contribuinte[] = ['contribuinte', 'isento', 'nao_contribuinte'];
const nullish = <S extends v.GenericSchema>(s: S) => v.nullish(s);

const chaveReferenciada = v.pipe(
  textMember('A chave referenciada'),
  v.transform((s) => s.replace(/\s/g, '').toUpperCase()),
  v.check(
    (s) => s === '' || s.length === 44,
    (i) =>
      issueMessage(
        `A chave referenciada tem ${i.input.length} caracteres; deve ter 44.`,
        'Copie a chave de acesso completa da nota original.',
      ),
  ),
  v.check(
    (s) => s === '' || NFE_KEY_SHAPE.test(s),
    issueMessage(
      'A chave referenciada só aceita letras nas posições 7 a 18 (o CNPJ alfanumérico do emitente); as demais são dígitos.',
      'Copie a chave de acesso completa da nota original.',
    ),
  ),
  v.check(
    (s) => s === '' || isValidNfeKey(s),
    issueMessage(
      'O dígito verificador da chave referenciada não confere.',
      'Confira a chave de acesso: um caractere foi digitado errado.',
    ),
  ),
);

const itemReferenciado = v.pipe(
  v.number(
    issueMessage(
      'item_referenciado deve ser o número do item da nota de origem (1 a 990).',
      'Envie um inteiro, por exemplo 1.',
      'formato_invalido',
    ),
  ),
  v.check(
    (n) => Number.isInteger(n) && n >= 1 && n <= 990,
    issueMessage(
      'item_referenciado deve ser o número do item da nota de origem (1 a 990).',
      'Envie um inteiro, por exemplo 1.',
    ),
  ),
);

const endereco = objectMember({
  logradouro: nullish(textMember('O campo logradouro', { required: true, min: 2, max: 60 })),
  numero: nullish(textMember('O campo numero', { required: true, max: 60 })),
  complemento: nullish(textMember('O campo complemento', { max: 60 })),
  bairro: nullish(textMember('O campo bairro', { required: true, min: 2, max: 60 })),
  municipio: nullish(
    v.pipe(
      textMember('O campo municipio', { required: true }),
      v.check(
        (s) => s === '' || Boolean(municipio(s)),
        (i) => issueMessage(`Município IBGE desconhecido: "${i.input}".`, 'Informe o código IBGE de 7 dígitos.'),
      ),
    ),
  ),
  cep: nullish(
    v.pipe(
      textMember('O campo cep'),
      v.transform((s) => s.replace(/[.\-\s]/g, '')),
      v.check((s) => /^\d{8}$/.test(s), issueMessage('CEP com 8 dígitos.', 'Informe o CEP, por exemplo "01310100".')),
    ),
  ),
});

const destinatario = objectMember({
  documento: nullish(
    v.pipe(
      textMember('O campo documento', { required: true }),
      v.check(
        (s) => s === '' || documentoFederal(s) !== null,
        issueMessage(
          'CPF ou CNPJ do destinatário inválido.',
          'Confira os dígitos verificadores do documento.',
          'documento_invalido',
        ),
      ),
    ),
  ),
  nome: nullish(textMember('O nome do destinatário', { required: true, min: 2, max: 60 })),
  contribuinte: nullish(enumMember('contribuinte', CONTRIBUINTES)),
  inscricaoEstadual: nullish(
    v.pipe(
      textMember('A inscrição estadual'),
      v.check(
        (s) => /^\d{2,14}$/.test(s),
        issueMessage('Inscrição estadual com 2 a 14 dígitos.', 'Informe só os dígitos.'),
      ),
    ),
  ),
  email: nullish(textMember('O e-mail do destinatário', { max: 60 })),
  endereco: nullish(endereco),
});

const pagamento = objectMember({
  forma: nullish(enumMember('forma', Object.keys(FORMAS_PAGAMENTO) as FormaPagamento[], true)),
  valor: nullish(decimalMember('valor', VALOR)),
  descricao: nullish(textMember('A descrição do pagamento', { min: 2, max: 60 })),
});

/**
 * A list of 1 to `max` items. Its length is checked before any item is read: a list far over the maximum is
 * refused for its length alone, at the cost of counting it.
 */
const lista = <S extends v.GenericSchema>(item: S, max: number, mensagem: string, correcao: string) =>
  v.pipe(
    v.unknown(),
    v.check((a) => !Array.isArray(a) || a.length <= max, issueMessage(mensagem, correcao)),
    v.array(item, issueMessage(mensagem, correcao, 'formato_invalido')),
    v.check((a) => a.length >= 1, issueMessage(mensagem, correcao)),
  );

/** The most items and payments a note has (the layout's 990 `det` and 100 `detPag`). */
export const MAX_ITENS = 990;
export const MAX_PAGAMENTOS = 100;

/** The items of a list the rules between members read: none when the list is over its maximum (already refused). */
export const listaLida = (x: unknown, max: number): unknown[] => (Array.isArray(x) && x.length <= max ? x : []);

const itensInformados = lista(
  nfeItemBody,
  MAX_ITENS,
  'itens deve ser uma lista de 1 a 990 itens.',
  'Envie ao menos um item.',
);
const itensCalcular = lista(
  nfeItemBodyCalcular,
  MAX_ITENS,
  'itens deve ser uma lista de 1 a 990 itens.',
  'Envie ao menos um item com produto, quantidade e valor_unitario.',
);

/** The preview's taxable-event date: a real day of the years the IBS/CBS reference rates cover. */
export const DATAS_PREVIA = { inicio: '2026-01-01', fim: '2033-12-31' } as const;
const dataEmissao = v.pipe(
  textMember('A data_emissao'),
  v.check(
    (s) =>
      /^\d{4}-\d{2}-\d{2}$/.test(s) &&
      new Date(`${s}T00:00:00Z`).toISOString().slice(0, 10) === s &&
      s >= DATAS_PREVIA.inicio &&
      s <= DATAS_PREVIA.fim,
    (i) =>
      issueMessage(
        `data_emissao "${i.input}" não é uma data AAAA-MM-DD de ${DATAS_PREVIA.inicio} a ${DATAS_PREVIA.fim}.`,
        'Informe a data do fato gerador no formato AAAA-MM-DD, entre 2026 e 2033 (anos das alíquotas de referência do IBS/CBS).',
      ),
  ),
);

const fields = {
  modo: nullish(enumMember('modo', ['informado', 'calcular', 'conferir'] as const)),
  empresaId: nullish(textMember('O empresa_id', { required: true })),
  referencia: nullish(
    v.pipe(
      textMember('A referência'),
      v.check(
        (s) => [...s].length <= 60,
        (i) =>
          issueMessage(
            `A referência tem ${[...i.input].length} caracteres; o máximo é 60.`,
            'Use uma referência de até 60 caracteres.',
            'referencia_muito_longa',
          ),
      ),
    ),
  ),
  dataEmissao: nullish(dataEmissao),
  naturezaOperacao: nullish(textMember('A natureza da operação', { required: true, max: 60 })),
  presenca: nullish(enumMember('presenca', PRESENCAS, true)),
  destinatario: nullish(destinatario),
  itens: nullish(itensInformados),
  pagamentos: nullish(
    lista(
      pagamento,
      MAX_PAGAMENTOS,
      'pagamentos deve ser uma lista de 1 a 100 pagamentos.',
      'Envie ao menos um pagamento com forma e valor.',
    ),
  ),
  totais: nullish(
    objectMember(
      Object.fromEntries(Object.keys(TOTAIS_INFORMADOS).map((k) => [camel(k), nullish(decimalMember(k, VALOR))])) as {
        [K in keyof typeof TOTAIS_INFORMADOS as Camel<K>]: v.NullishSchema<ReturnType<typeof decimalMember>, undefined>;
      },
    ),
  ),
  transporte: nullish(
    objectMember({
      modalidade: nullish(enumMember('modalidade', Object.keys(MODALIDADES_FRETE) as ModalidadeFrete[], true)),
    }),
  ),
  serie: nullish(
    v.pipe(
      textMember('A série'),
      v.check(
        (s) => /^(0|[1-9]\d{0,2})$/.test(s) && Number(s) < 890,
        (i) => issueMessage(`Série inválida: "${i.input}".`, 'Informe a série de 0 a 889, sem zeros à esquerda.'),
      ),
    ),
  ),
  tipoOperacao: nullish(enumMember('tipo_operacao', ['entrada', 'saida'] as const)),
  finalidade: nullish(enumMember('finalidade', FINALIDADES)),
  chaveReferenciada: nullish(chaveReferenciada),
  itemReferenciado: nullish(itemReferenciado),
  informacoesAdicionais: nullish(textMember('As informações adicionais', { max: 5000 })),
};

/** Members only `calcular` and `conferir` read; the note itself is judged without them. */
const motor = {
  operacao: nullish(enumMember('operacao', OPERACOES)),
  subtipo: nullish(textMember('O campo subtipo')),
  pararEmDivergencia: nullish(v.boolean(typeMember('booleano'))),
};

type Camel<S extends string> = S extends `${infer A}_${infer B}${infer R}` ? `${A}${Uppercase<B>}${Camel<R>}` : S;

// Every mode names the informado members as the accepted ones: the others are the engine's instructions.
const wording = (key: string) => ({
  mensagem: `Campo desconhecido: "${key}".`,
  correcao: `Remova o campo ou corrija o nome. Campos aceitos aqui: ${TOP.join(', ')}.`,
});
const informado = objectMember(fields, wording);
const conferir = objectMember({ ...fields, ...motor }, wording);
const calcular = objectMember({ ...fields, ...motor, itens: nullish(itensCalcular) }, wording);
/** Every member of every mode: the typed shape the engine reads (GraphQL `NfeInput`). */
const members = objectMember({ ...fields, ...motor, itens: nullish(v.array(nfeItemBodyMembers)) });

const sent = (o: Members, key: string) => o[key] !== undefined && o[key] !== null;
const texto = (x: unknown) => (typeof x === 'string' ? x.trim() : undefined);

/**
 * How `itens` is read: `calcular` of a calculated operation takes lines {produto, quantidade, valor_unitario…};
 * a `calcular` devolução with the origin's key takes {produto, quantidade} (the rest comes from the origin note);
 * every other body takes the items with their taxes.
 */
export function nfeItensShape(body: unknown): 'linhas' | 'devolucao' | 'informados' {
  if (!isMembers(body) || texto(body.modo) !== 'calcular') return 'informados';
  const operacao = (OPERACOES as readonly string[]).includes(texto(body.operacao) ?? '')
    ? (texto(body.operacao) as Operacao)
    : 'venda';
  if (operacao === 'devolucao' && typeof body.chaveReferenciada === 'string') return 'devolucao';
  return OPERACOES_CALCULADAS.includes(operacao) ? 'linhas' : 'informados';
}

const schemaOf = (body: unknown) => {
  const modo = isMembers(body) ? texto(body.modo) : undefined;
  if (modo === 'conferir') return conferir;
  // calcular of an informed operation (remessa, transferência) takes the items with their taxes, as conferir.
  if (modo === 'calcular') return nfeItensShape(body) === 'informados' ? conferir : calcular;
  return informado;
};
type Run = (typeof members)['~run'];
const run: Run = (dataset, config) => schemaOf(dataset.value)['~run'](dataset, config) as ReturnType<Run>;

/**
 * The rules between members that need nothing but the body: what must be sent (by mode), the recipient's state
 * registration against its contributor status, the referenced note, the tax groups by their CST.
 */
function refineNfeBody(body: Members, report: BodyReport): void {
  if (!isMembers(body)) return;
  const modo = texto(body.modo);
  const itens = nfeItensShape(body);
  const operacao =
    (OPERACOES as readonly string[]).includes(texto(body.operacao) ?? '') && report.valid('/operacao')
      ? (texto(body.operacao) as Operacao)
      : 'venda';
  if (modo === 'calcular' || modo === 'conferir') {
    const subtipos = SUBTIPOS[operacao];
    if (subtipos) {
      if (operacao === 'remessa') requireMember(body, 'subtipo', '/subtipo', report, 'O campo subtipo');
      const subtipo = texto(body.subtipo);
      if (subtipo && report.valid('/subtipo') && !subtipos.includes(subtipo)) {
        report.add({
          codigo: 'formato_invalido',
          campo: '/subtipo',
          mensagem: `Valor inválido para subtipo: "${subtipo}".`,
          correcao: `Use um de: ${subtipos.join(', ')}.`,
        });
      }
    } else if (body.subtipo !== undefined) {
      report.add({
        codigo: 'formato_invalido',
        campo: '/subtipo',
        mensagem: `A operação ${operacao} não tem subtipo.`,
        correcao: 'Remova subtipo.',
      });
    }
  }
  // calcular names the operation when the caller does not.
  if (modo !== 'calcular')
    requireMember(body, 'naturezaOperacao', '/natureza_operacao', report, 'A natureza da operação');
  requireMember(body, 'presenca', '/presenca', report, 'O campo presenca');
  refineReferencia(body, modo === 'calcular' && operacao === 'devolucao', report);
  requireMember(body, 'destinatario', '/destinatario', report, 'O destinatário');
  if (isMembers(body.destinatario)) refineDestinatario(body.destinatario, report);
  requireMember(body, 'itens', '/itens', report, 'A lista de itens');
  if (Array.isArray(body.itens)) {
    listaLida(body.itens, MAX_ITENS).forEach((item, i) => {
      if (!isMembers(item)) return;
      const base = `/itens/${i}`;
      if (itens === 'informados') refineNfeItem(item, base, report);
      else refineLinha(item, base, itens === 'devolucao', report);
    });
  }
  requireMember(body, 'pagamentos', '/pagamentos', report, 'A lista de pagamentos');
  if (Array.isArray(body.pagamentos)) {
    const unico = body.pagamentos.length === 1;
    listaLida(body.pagamentos, MAX_PAGAMENTOS).forEach((p, i) => {
      if (!isMembers(p)) return;
      const base = `/pagamentos/${i}`;
      requireMember(p, 'forma', `${base}/forma`, report, 'O campo forma');
      // A single payment may omit `valor`: it pays the whole note (nfe_pagamento_valor_da_nota).
      if (!unico) requireSentMember(p, 'valor', `${base}/valor`, report, 'O valor do pagamento');
      if (
        texto(p.forma) === 'outros' &&
        report.valid(`${base}/forma`) &&
        !texto(p.descricao) &&
        report.valid(`${base}/descricao`)
      ) {
        requireMember(p, 'descricao', `${base}/descricao`, report, 'A descrição do pagamento "outros"');
      }
    });
  }
  if (isMembers(body.transporte))
    requireMember(body.transporte, 'modalidade', '/transporte/modalidade', report, 'O campo modalidade');
}

function refineReferencia(body: Members, devolucao: boolean, report: BodyReport): void {
  const finalidade =
    report.valid('/finalidade') && texto(body.finalidade) ? texto(body.finalidade) : devolucao ? 'devolucao' : 'normal';
  // Devolução and complementar always reference the original note.
  if (!sent(body, 'chaveReferenciada') && (finalidade === 'devolucao' || finalidade === 'complementar')) {
    report.add({
      codigo: 'chave_referenciada_obrigatoria',
      campo: '/chave_referenciada',
      mensagem: `A finalidade ${finalidade} exige a chave da NF-e de origem.`,
      correcao: 'Informe chave_referenciada com os 44 caracteres da chave de acesso da nota original.',
    });
  }
  if (
    sent(body, 'itemReferenciado') &&
    report.valid('/item_referenciado') &&
    !texto(body.chaveReferenciada) &&
    report.valid('/chave_referenciada')
  ) {
    report.add({
      codigo: 'formato_invalido',
      campo: '/item_referenciado',
      mensagem: 'item_referenciado só tem sentido com chave_referenciada.',
      correcao: 'Informe chave_referenciada ou remova item_referenciado.',
    });
  }
}

function refineDestinatario(d: Members, report: BodyReport): void {
  requireMember(d, 'documento', '/destinatario/documento', report, 'O documento do destinatário');
  requireMember(d, 'nome', '/destinatario/nome', report, 'O nome do destinatário');
  const contribuinte = report.valid('/destinatario/contribuinte')
    ? texto(d.contribuinte) || 'nao_contribuinte'
    : 'nao_contribuinte';
  const ie =
    typeof d.inscricaoEstadual === 'string' && d.inscricaoEstadual.trim() !== '' ? d.inscricaoEstadual : undefined;
  if (contribuinte === 'contribuinte' && ie === undefined && report.valid('/destinatario/inscricao_estadual')) {
    report.add({
      codigo: 'campo_obrigatorio',
      campo: '/destinatario/inscricao_estadual',
      mensagem: 'A inscrição estadual do destinatário contribuinte é obrigatório.',
      correcao: 'Informe a inscrição estadual do destinatário contribuinte.',
    });
  }
  if (contribuinte !== 'contribuinte' && ie !== undefined) {
    report.add({
      codigo: 'formato_invalido',
      campo: '/destinatario/inscricao_estadual',
      mensagem: 'Inscrição estadual só é aceita com contribuinte = contribuinte.',
      correcao: 'Remova a inscrição estadual ou informe contribuinte.',
    });
  }
  const e = d.endereco;
  if (isMembers(e)) {
    requireMember(e, 'logradouro', '/destinatario/endereco/logradouro', report, 'O logradouro');
    requireMember(e, 'numero', '/destinatario/endereco/numero', report, 'O número');
    requireMember(e, 'bairro', '/destinatario/endereco/bairro', report, 'O bairro');
    requireMember(e, 'municipio', '/destinatario/endereco/municipio', report, 'O município (código IBGE)');
  }
}

const LINHA_DEVOLUCAO = ['produto', 'quantidade'];

/** A line of `calcular`: the product and its amounts (a devolução: the product and the quantity returned). */
function refineLinha(linha: Members, base: string, devolucao: boolean, report: BodyReport): void {
  if (devolucao) {
    for (const key of Object.keys(linha).filter((k) => !LINHA_DEVOLUCAO.includes(k))) {
      const nome = snakeName(key);
      report.add({
        codigo: 'campo_desconhecido',
        campo: `${base}/${nome}`,
        mensagem: `Campo desconhecido: "${nome}".`,
        correcao: `Remova o campo ou corrija o nome. Campos aceitos aqui: ${LINHA_DEVOLUCAO.join(', ')}.`,
      });
    }
  }
  requireMember(linha, 'produto', `${base}/produto`, report, 'O código do produto (SKU do catálogo)');
  requireSentMember(linha, 'quantidade', `${base}/quantidade`, report, 'A quantidade');
  if (!devolucao) requireSentMember(linha, 'valorUnitario', `${base}/valor_unitario`, report, 'O valor unitário');
}

/**
 * The 422 of a request with these problems. A devolução or complementar without the key of the original note has
 * a code of its own, which clients decide on: it is the problem's `codigo`, with every problem still in `erros[]`.
 */
export function invalidNfeRequest(sent: ValidationIssue[]): EngineError {
  const erros = boundedIssues(inReadingOrder(sent));
  const semChave = erros.find((e) => e.codigo === 'chave_referenciada_obrigatoria');
  if (semChave)
    return new EngineError('chave_referenciada_obrigatoria', semChave.mensagem, {
      campo: semChave.campo,
      correcao: semChave.correcao,
      extra: { erros },
    });
  return new EngineError('validacao', 'A requisição tem campos inválidos.', {
    correcao: 'Corrija cada item de erros e envie de novo.',
    extra: { erros },
  });
}

/** The order the request is read in: the note's own members, then the recipient, the items and the payment. */
const READING_ORDER = [
  'modo',
  'operacao',
  'subtipo',
  'parar_em_divergencia',
  'empresa_id',
  'referencia',
  'natureza_operacao',
  'presenca',
  'serie',
  'tipo_operacao',
  'finalidade',
  'chave_referenciada',
  'item_referenciado',
  'informacoes_adicionais',
  'destinatario',
  'itens',
  'transporte',
  'pagamentos',
  'totais',
];

type Declared = { wrapped?: Declared; entries?: Record<string, Declared>; item?: Declared };
const unwrap = (s: Declared | undefined) => {
  while (s?.wrapped) s = s.wrapped;
  return s;
};

/** Rank of each step of a pointer: an undeclared member first, then declaration order. */
function ranks(campo: string): number[] {
  let schema = unwrap(members as Declared);
  return campo
    .split('/')
    .slice(1)
    .map((step, depth) => {
      if (/^\d+$/.test(step) && schema?.item) {
        schema = unwrap(schema.item);
        return Number(step);
      }
      const names = depth === 0 ? READING_ORDER : Object.keys(schema?.entries ?? {}).map(snakeName);
      schema = unwrap(schema?.entries?.[camel(step)]);
      return names.indexOf(step);
    });
}

/**
 * The problems in the order the request is read, whichever step found them (the declaration, its refine step, the
 * rules with the company): clients that show the first problem show the first one of the body.
 */
export function inReadingOrder(erros: ValidationIssue[]): ValidationIssue[] {
  const keyed = erros.map((e, i) => {
    const r = ranks(e.campo ?? '');
    // A member the object (or the tax group its code chose) does not carry is reported on reading the object.
    if (e.codigo === 'campo_desconhecido' && r.length) r[r.length - 1] = -1;
    return { e, i, r };
  });
  keyed.sort((a, b) => {
    for (let k = 0; k < Math.min(a.r.length, b.r.length); k++) if (a.r[k] !== b.r[k]) return a.r[k]! - b.r[k]!;
    return a.r.length - b.r.length || a.i - b.i;
  });
  return keyed.map((k) => k.e);
}

/**
 * The body of `POST /v1/nfe`, `/v1/nfe/previa` and `/v1/nfe/{id}/correcao` (GraphQL `NfeInput`) in its three
 * modes. The rules that need the company or the key (CST or CSOSN by the regime, the ICMS group's members, the
 * taxes against their bases, the totals against the items) are `checkNfeBody`'s.
 */
export const nfeBody = declareBody(
  { ...members, '~run': run },
  (body, report) => refineNfeBody(body as Members, report),
  invalidNfeRequest,
);

export type NfeBody = BodyOf<typeof nfeBody>;
