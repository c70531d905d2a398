import { createProduto } from '../../engine/produtos/create-produto.js';
import { deleteProduto } from '../../engine/produtos/delete-produto.js';
import { findProduto } from '../../engine/produtos/find-produto.js';
import { countProdutos, listProdutos, produtoCursor, type ProdutoFilter } from '../../engine/produtos/list-produtos.js';
import { presentProduto, type ProdutoView } from '../../engine/produtos/present-produto.js';
import type {
  IbsCbsPadrao,
  IcmsPadrao,
  ImpostoSeletivoPadrao,
  IpiPadrao,
  Tributacao,
  TributoPadrao,
} from '../../engine/produtos/produto-fields.js';
import { updateProduto } from '../../engine/produtos/update-produto.js';
import { builder } from '../builder.js';
import { AmbienteRef, type Ambiente } from './ambiente.js';
import type { GraphContext } from '../graph-context.js';
import { CompanyRef } from './empresas.js';
import { assertForward, forwardConnection, pageCost, restShaped, type ConnectionArgs } from './forward-connection.js';
import { principalOf } from './principal-of.js';

const TributoPadraoRef = builder.objectRef<TributoPadrao>('ProdutoTributo').implement({
  description: 'Default of one tax group: CST (or CSOSN for ICMS under the Simples Nacional) and rate in percent.',
  fields: (t) => ({
    cst: t.string({ nullable: true, resolve: (g) => g.cst ?? null }),
    csosn: t.string({ nullable: true, resolve: (g) => g.csosn ?? null }),
    aliquota: t.field({
      type: 'Decimal',
      nullable: true,
      description: 'Percent ("18.00").',
      resolve: (g) => g.aliquota ?? null,
    }),
  }),
});

/** The ICMS profile's members besides CST, CSOSN and rate, each a percent but the codes (TEXTO); GraphQL name → description. */
const ICMS_EXTRA = {
  reducaoBc: 'Base reduction, percent (pRedBC): CST 20, 70, 90, CSOSN 900.',
  mva: 'ICMS-ST margin, percent (pMVAST); without it the official table of the destination UF is read.',
  aliquotaSt: "ICMS-ST rate, percent (pICMSST); the destination UF's internal rate by default.",
  reducaoBcSt: 'ICMS-ST base reduction, percent (pRedBCST).',
  fcp: 'FCP of the product, percent (pFCP); the UF general FCP by default.',
  fcpSt: 'FCP-ST, percent (pFCPST); the table or the UF general FCP by default.',
  diferimento: 'Deferred share of the ICMS, percent (pDif): CST 51.',
  cBenef: 'Tax-benefit code of the UF (cBenef, 8 or 10 characters, or "SEM CBENEF").',
  metodoDifal:
    'DIFAL of a sale to a non-contributor of another UF: "base_unica" (national rule) or "base_dupla"; required where the sources on the destination UF disagree.',
  motivoDesoneracao:
    'Reason of the ICMS relief (motDesICMS of the layout); vICMSDeson is not calculated (its formula is not in the official data), so calcular refuses the item.',
  deduzDesoneracao: 'The relieved ICMS is deducted from the item (indDeduzDeson 1).',
} as const satisfies Record<Exclude<keyof IcmsPadrao, keyof TributoPadrao>, string>;
/** The ICMS members that are codes, not percentages. */
const TEXTO: readonly string[] = ['cBenef', 'metodoDifal', 'motivoDesoneracao'];

const IcmsPadraoRef = builder.objectRef<IcmsPadrao>('ProdutoIcms').implement({
  description: 'ICMS default: CST or CSOSN, rate, and the members of its layout group (reductions, ST, FCP, deferral).',
  fields: (t) => ({
    cst: t.string({ nullable: true, resolve: (g) => g.cst ?? null }),
    csosn: t.string({ nullable: true, resolve: (g) => g.csosn ?? null }),
    aliquota: t.field({ type: 'Decimal', nullable: true, resolve: (g) => g.aliquota ?? null }),
    ...Object.fromEntries(
      (Object.keys(ICMS_EXTRA) as (keyof typeof ICMS_EXTRA)[]).map((k) => [
        k,
        k === 'deduzDesoneracao'
          ? t.boolean({ nullable: true, description: ICMS_EXTRA[k], resolve: (g) => g[k] ?? null })
          : TEXTO.includes(k)
            ? t.string({
                nullable: true,
                description: ICMS_EXTRA[k],
                resolve: (g) => (g[k] as string | undefined) ?? null,
              })
            : t.field({ type: 'Decimal', nullable: true, description: ICMS_EXTRA[k], resolve: (g) => g[k] ?? null }),
      ]),
    ),
  }),
});

const IpiPadraoRef = builder.objectRef<IpiPadrao>('ProdutoIpi').implement({
  description: 'IPI default: CST, rate, legal framing code (cEnq) and the TIPI Ex-tarifário.',
  fields: (t) => ({
    cst: t.string({ nullable: true, resolve: (g) => g.cst ?? null }),
    aliquota: t.field({ type: 'Decimal', nullable: true, resolve: (g) => g.aliquota ?? null }),
    cEnq: t.string({ nullable: true, resolve: (g) => g.cEnq ?? null }),
    ex: t.string({ nullable: true, resolve: (g) => g.ex ?? null }),
  }),
});

const IbsCbsPadraoRef = builder.objectRef<IbsCbsPadrao>('ProdutoIbsCbs').implement({
  description: 'IBS/CBS classification of the product: CST (3 digits) and cClassTrib (6 digits).',
  fields: (t) => ({
    cst: t.string({ nullable: true, resolve: (g) => g.cst ?? null }),
    cClassTrib: t.string({ nullable: true, resolve: (g) => g.cClassTrib ?? null }),
    pDif: t.field({
      type: 'Decimal',
      nullable: true,
      description: 'Deferral percentage of a CST 510/515 code.',
      resolve: (g) => g.pDif ?? null,
    }),
    cClassTribReg: t.string({
      nullable: true,
      description: 'cClassTrib of the regular taxation (gTribRegular) a suspended code reports.',
      resolve: (g) => g.cClassTribReg ?? null,
    }),
  }),
});

const ImpostoSeletivoPadraoRef = builder.objectRef<ImpostoSeletivoPadrao>('ProdutoImpostoSeletivo').implement({
  description: 'Imposto Seletivo of the product (from 2027): CST, cClassTribIS and the rate, percent.',
  fields: (t) => ({
    cst: t.string({ nullable: true, resolve: (g) => g.cst ?? null }),
    cClassTrib: t.string({ nullable: true, resolve: (g) => g.cClassTrib ?? null }),
    aliquota: t.field({ type: 'Decimal', nullable: true, resolve: (g) => g.aliquota ?? null }),
  }),
});

export const TributacaoRef = builder.objectRef<Tributacao>('ProdutoTributacao').implement({
  description: 'Default tax data for NF-e items of the product; groups as in the NF-e 4.00 layout.',
  fields: (t) => ({
    cfop: t.string({ nullable: true, resolve: (g) => g.cfop ?? null }),
    icms: t.field({ type: IcmsPadraoRef, nullable: true, resolve: (g) => g.icms ?? null }),
    ipi: t.field({ type: IpiPadraoRef, nullable: true, resolve: (g) => g.ipi ?? null }),
    pis: t.field({ type: TributoPadraoRef, nullable: true, resolve: (g) => g.pis ?? null }),
    cofins: t.field({ type: TributoPadraoRef, nullable: true, resolve: (g) => g.cofins ?? null }),
    ibsCbs: t.field({ type: IbsCbsPadraoRef, nullable: true, resolve: (g) => g.ibsCbs ?? null }),
    is: t.field({ type: ImpostoSeletivoPadraoRef, nullable: true, resolve: (g) => g.is ?? null }),
  }),
});

const ProdutoRef = builder.objectRef<ProdutoView>('Produto').implement({
  description: "A company's product, identified by its SKU in the company and environment.",
  fields: (t) => ({
    id: t.exposeID('id'),
    empresaId: t.exposeID('empresa_id'),
    sku: t.exposeString('sku'),
    descricao: t.exposeString('descricao'),
    ncm: t.exposeString('ncm'),
    cest: t.exposeString('cest', { nullable: true }),
    gtin: t.exposeString('gtin', { nullable: true }),
    cean: t.exposeString('cean', { description: 'cEAN/cEANTrib of the NF-e item: the GTIN or "SEM GTIN".' }),
    unidade: t.exposeString('unidade'),
    origem: t.exposeString('origem', { description: 'Origin of the goods, "0" to "8" (ICMS origin table).' }),
    tributacao: t.expose('tributacao', { type: TributacaoRef, nullable: true }),
    ambiente: t.field({ type: AmbienteRef, resolve: (p) => p.ambiente as Ambiente }),
    criadoEm: t.exposeString('criado_em'),
    atualizadoEm: t.exposeString('atualizado_em'),
  }),
});

const ProdutoRemovedRef = builder
  .objectRef<{ id: string; sku: string; removido: boolean }>('ProdutoRemoved')
  .implement({
    fields: (t) => ({ id: t.exposeID('id'), sku: t.exposeString('sku'), removido: t.exposeBoolean('removido') }),
  });

const TributoInput = builder.inputType('ProdutoTributoInput', {
  fields: (t) => ({
    cst: t.string(),
    csosn: t.string({ description: 'ICMS only, instead of cst (Simples Nacional).' }),
    aliquota: t.field({ type: 'Decimal', description: 'Percent, 0 to 100, up to 4 decimals.' }),
  }),
});

const IcmsInput = builder.inputType('ProdutoIcmsInput', {
  fields: (t) => ({
    cst: t.string(),
    csosn: t.string({ description: 'Instead of cst (Simples Nacional).' }),
    aliquota: t.field({ type: 'Decimal', description: 'Percent, 0 to 100, up to 4 decimals.' }),
    ...Object.fromEntries(
      (Object.keys(ICMS_EXTRA) as (keyof typeof ICMS_EXTRA)[]).map((k) => [
        k,
        k === 'deduzDesoneracao'
          ? t.boolean({ description: ICMS_EXTRA[k] })
          : TEXTO.includes(k)
            ? t.string({ description: ICMS_EXTRA[k] })
            : t.field({ type: 'Decimal', description: ICMS_EXTRA[k] }),
      ]),
    ),
  }),
});

const IpiInput = builder.inputType('ProdutoIpiInput', {
  fields: (t) => ({
    cst: t.string(),
    aliquota: t.field({ type: 'Decimal', description: 'Percent, 0 to 100, up to 4 decimals.' }),
    cEnq: t.string({ description: 'Legal framing code (cEnq), 3 digits; 999 by default.' }),
    ex: t.string({ description: 'Ex-tarifário of the TIPI, 2 digits.' }),
  }),
});

const IbsCbsInput = builder.inputType('ProdutoIbsCbsInput', {
  fields: (t) => ({
    cst: t.string({ description: '3 digits.' }),
    cClassTrib: t.string({ description: '6 digits, of the IBS/CBS classification table.' }),
    pDif: t.field({
      type: 'Decimal',
      description: 'Deferral percentage (gDif) of a CST 510/515 code; the table has none.',
    }),
    cClassTribReg: t.string({
      description: 'Regular taxation (gTribRegular) of a 550xxx/200022/200024 code; 000001 by default.',
    }),
  }),
});

const IsInput = builder.inputType('ProdutoIsInput', {
  fields: (t) => ({
    cst: t.string({ description: '3 digits, of the Imposto Seletivo table.' }),
    cClassTrib: t.string({ description: '6 digits, cClassTribIS of the Imposto Seletivo table.' }),
    aliquota: t.field({ type: 'Decimal', description: 'Ad valorem rate, percent; the table has none.' }),
  }),
});

export const TributacaoInput = builder.inputType('ProdutoTributacaoInput', {
  fields: (t) => ({
    cfop: t.string(),
    icms: t.field({ type: IcmsInput }),
    ipi: t.field({ type: IpiInput }),
    pis: t.field({ type: TributoInput }),
    cofins: t.field({ type: TributoInput }),
    ibsCbs: t.field({ type: IbsCbsInput }),
    is: t.field({ type: IsInput, description: 'Imposto Seletivo, used from 2027.' }),
  }),
});

const CreateProdutoInput = builder.inputType('CreateProdutoInput', {
  description:
    "Body of POST /v1/produtos; members are optional here because the engine's validator judges them all at once (sku, descricao, ncm, unidade and origem are required). NCM (8 digits), CEST (7) and GTIN are checked against the official tables.",
  fields: (t) => ({
    empresaId: t.id({ description: 'Waived for a key restricted to one company.' }),
    sku: t.string(),
    descricao: t.string(),
    ncm: t.string(),
    cest: t.string(),
    gtin: t.string({ description: 'GTIN-8/12/13/14, or "SEM GTIN" (same as omitting it).' }),
    unidade: t.string(),
    origem: t.string({ description: 'Origin of the goods, "0" to "8" (ICMS origin table); codes are texts.' }),
    tributacao: t.field({ type: TributacaoInput }),
  }),
});

const UpdateProdutoInput = builder.inputType('UpdateProdutoInput', {
  description: 'Members to change; null clears cest, gtin or tributacao. SKU and company do not change.',
  fields: (t) => ({
    descricao: t.string(),
    ncm: t.string(),
    cest: t.string(),
    gtin: t.string(),
    unidade: t.string(),
    origem: t.string(),
    tributacao: t.field({ type: TributacaoInput }),
  }),
});

/** One page of products as a Relay connection (GET /v1/produtos executes it too). */
async function produtosConnection(ctx: GraphContext, args: ConnectionArgs, filter: ProdutoFilter) {
  assertForward(args);
  const principal = principalOf(ctx);
  const page = await listProdutos(ctx.engine, principal, { cursor: args.after, limite: args.first, filter });
  return forwardConnection(args, restShaped(page), produtoCursor, () => countProdutos(ctx.engine, principal, filter));
}

const produtosCost = pageCost(200, 50);

builder.objectField(CompanyRef, 'produtos', (t) =>
  t.connection({
    type: ProdutoRef,
    description: "The company's products by SKU (same paging and filters as Query.produtos).",
    authScopes: { authenticated: true },
    args: { ncm: t.arg.string(), skuPrefixo: t.arg.string() },
    complexity: produtosCost,
    resolve: (company, args, ctx) =>
      produtosConnection(ctx, args, { empresaId: company.id, ncm: args.ncm, skuPrefixo: args.skuPrefixo }),
  }),
);

builder.queryFields((t) => ({
  produtos: t.connection({
    type: ProdutoRef,
    description:
      "Products of the key's environment by company and SKU: `first` 1..200 (default 50; out of range is an error, as " +
      "GET /v1/produtos's limite) / `after`, filters, `totalCount`. A key restricted to one company sees its products only.",
    authScopes: { authenticated: true },
    args: { empresaId: t.arg.id(), ncm: t.arg.string({ description: '8 digits.' }), skuPrefixo: t.arg.string() },
    complexity: produtosCost,
    resolve: (_r, args, ctx) =>
      produtosConnection(ctx, args, {
        empresaId: args.empresaId == null ? null : String(args.empresaId),
        ncm: args.ncm,
        skuPrefixo: args.skuPrefixo,
      }),
  }),
  produto: t.field({
    type: ProdutoRef,
    authScopes: { authenticated: true },
    args: { sku: t.arg.string({ required: true }), empresaId: t.arg.id() },
    errors: {},
    resolve: async (_r, { sku, empresaId }, ctx) =>
      presentProduto(
        await findProduto(ctx.engine, principalOf(ctx), {
          sku,
          empresaId: empresaId == null ? null : String(empresaId),
        }),
      ),
  }),
}));

builder.mutationFields((t) => ({
  createProduto: t.field({
    type: ProdutoRef,
    authScopes: { authenticated: true },
    args: { input: t.arg({ type: CreateProdutoInput, required: true }) },
    errors: {},
    resolve: (_r, { input }, ctx) => createProduto(ctx.engine, principalOf(ctx), input),
  }),
  updateProduto: t.field({
    type: ProdutoRef,
    authScopes: { authenticated: true },
    args: {
      sku: t.arg.string({ required: true }),
      empresaId: t.arg.id(),
      input: t.arg({ type: UpdateProdutoInput, required: true }),
    },
    errors: {},
    resolve: (_r, { sku, empresaId, input }, ctx) =>
      updateProduto(ctx.engine, principalOf(ctx), {
        sku,
        empresaId: empresaId == null ? null : String(empresaId),
        body: input,
      }),
  }),
  deleteProduto: t.field({
    type: ProdutoRemovedRef,
    authScopes: { authenticated: true },
    args: { sku: t.arg.string({ required: true }), empresaId: t.arg.id() },
    errors: {},
    resolve: (_r, { sku, empresaId }, ctx) =>
      deleteProduto(ctx.engine, principalOf(ctx), { sku, empresaId: empresaId == null ? null : String(empresaId) }),
  }),
}));
