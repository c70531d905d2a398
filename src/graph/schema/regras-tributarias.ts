import { createRegraTributaria } from '../../engine/regras-tributarias/create-regra-tributaria.js';
import type { Criterios } from '../../engine/regras-tributarias/criterios-fields.js';
import { deleteRegraTributaria } from '../../engine/regras-tributarias/delete-regra-tributaria.js';
import { findRegraTributaria } from '../../engine/regras-tributarias/find-regra-tributaria.js';
import {
  countRegrasTributarias,
  listRegrasTributarias,
  regraCursor,
} from '../../engine/regras-tributarias/list-regras-tributarias.js';
import {
  presentRegraTributaria,
  type RegraTributariaView,
} from '../../engine/regras-tributarias/present-regra-tributaria.js';
import { updateRegraTributaria } from '../../engine/regras-tributarias/update-regra-tributaria.js';
import type { RegraEmpresaDoAjuste } from '../../engine/nfe/nfe-ajuste.js';
import { builder } from '../builder.js';
import { AmbienteRef, type Ambiente } from './ambiente.js';
import { CompanyRef } from './empresas.js';
import { assertForward, forwardConnection, pageCost, restShaped } from './forward-connection.js';
import { NfeAdjustmentRef } from './nfe.js';
import { principalOf } from './principal-of.js';
import { TributacaoInput, TributacaoRef } from './produtos.js';

const CriteriosRef = builder.objectRef<Criterios>('RegraTributariaCriterios').implement({
  description: 'What an NF-e item must match for the rule to apply; a null criterion matches every item.',
  fields: (t) => ({
    ncmPrefixo: t.string({ nullable: true, description: '2 to 8 digits.', resolve: (c) => c.ncmPrefixo ?? null }),
    cest: t.string({ nullable: true, resolve: (c) => c.cest ?? null }),
    produto: t.string({ nullable: true, description: "The product's SKU.", resolve: (c) => c.produto ?? null }),
    operacao: t.string({ nullable: true, resolve: (c) => c.operacao ?? null }),
    ufOrigem: t.string({ nullable: true, description: "The issuer's UF.", resolve: (c) => c.ufOrigem ?? null }),
    ufDestino: t.string({ nullable: true, description: "The recipient's UF.", resolve: (c) => c.ufDestino ?? null }),
    contribuinte: t.string({ nullable: true, resolve: (c) => c.contribuinte ?? null }),
  }),
});

const RegraTributariaRef = builder.objectRef<RegraTributariaView>('RegraTributaria').implement({
  description:
    "A company's tax rule: NF-e items its criteria match are computed with its tributacao members over the product's.",
  fields: (t) => ({
    id: t.exposeID('id'),
    empresaId: t.exposeID('empresa_id'),
    descricao: t.exposeString('descricao'),
    criterios: t.expose('criterios', { type: CriteriosRef }),
    tributacao: t.expose('tributacao', { type: TributacaoRef }),
    ativa: t.exposeBoolean('ativa'),
    ambiente: t.field({ type: AmbienteRef, resolve: (r) => r.ambiente as Ambiente }),
    criadoEm: t.exposeString('criado_em'),
    atualizadoEm: t.exposeString('atualizado_em'),
  }),
});

const RegraEmpresaRef = builder.objectRef<RegraEmpresaDoAjuste>('RegraEmpresaDoAjuste').implement({
  description: 'The company rule an adjustment took an input from.',
  fields: (t) => ({ id: t.exposeID('id'), descricao: t.exposeString('descricao') }),
});

builder.objectField(NfeAdjustmentRef, 'regrasEmpresa', (t) =>
  t.field({
    type: [RegraEmpresaRef],
    nullable: true,
    description: "The company's tax rules that supplied an input of this value; null when none did.",
    resolve: (a) => a.regras_empresa ?? null,
  }),
);

const RegraTributariaRemovedRef = builder
  .objectRef<{ id: string; removida: boolean }>('RegraTributariaRemoved')
  .implement({ fields: (t) => ({ id: t.exposeID('id'), removida: t.exposeBoolean('removida') }) });

const CriteriosInput = builder.inputType('RegraTributariaCriteriosInput', {
  fields: (t) => ({
    ncmPrefixo: t.string({ description: 'The start of the NCM, 2 to 8 digits, dots allowed.' }),
    cest: t.string({ description: '7 digits, of the CEST table.' }),
    produto: t.string({ description: "A product's SKU in the company." }),
    operacao: t.string({ description: 'venda, venda_consumidor_final or bonificacao.' }),
    ufOrigem: t.string(),
    ufDestino: t.string(),
    contribuinte: t.string({ description: 'contribuinte, isento or nao_contribuinte.' }),
  }),
});

const regraInput = (name: string, description: string) =>
  builder.inputType(name, {
    description,
    fields: (t) => ({
      descricao: t.string(),
      criterios: t.field({ type: CriteriosInput, description: 'Replaced as a whole when sent.' }),
      tributacao: t.field({
        type: TributacaoInput,
        description: "Members of the product's tributacao the rule sets; replaced as a whole when sent.",
      }),
      ativa: t.boolean(),
    }),
  });
const CreateRegraTributariaInput = regraInput(
  'CreateRegraTributariaInput',
  "Body of POST /v1/companies/{id}/regras-tributarias; members are optional here because the engine's validator judges them all at once (descricao and tributacao are required).",
);
const UpdateRegraTributariaInput = regraInput(
  'UpdateRegraTributariaInput',
  'Members to change (PATCH /v1/companies/{id}/regras-tributarias/{regraId}).',
);

const regrasCost = pageCost(200, 50);

builder.queryFields((t) => ({
  regrasTributarias: t.connection({
    type: RegraTributariaRef,
    description:
      "The company's tax rules in the key's environment, oldest first: `first` 1..200 (default 50; out of range is an error), `after`, `totalCount`.",
    authScopes: { authenticated: true },
    args: { empresaId: t.arg.id({ required: true }) },
    complexity: regrasCost,
    resolve: async (_r, args, ctx) => {
      assertForward(args);
      const principal = principalOf(ctx);
      const empresaId = String(args.empresaId);
      const page = await listRegrasTributarias(ctx.engine, principal, {
        empresaId,
        cursor: args.after,
        limite: args.first,
      });
      return forwardConnection(args, restShaped(page), regraCursor, () =>
        countRegrasTributarias(ctx.engine, principal, empresaId),
      );
    },
  }),
  regraTributaria: t.field({
    type: RegraTributariaRef,
    authScopes: { authenticated: true },
    args: { empresaId: t.arg.id({ required: true }), id: t.arg.id({ required: true }) },
    errors: {},
    resolve: async (_r, args, ctx) =>
      presentRegraTributaria(
        await findRegraTributaria(ctx.engine, principalOf(ctx), {
          empresaId: String(args.empresaId),
          id: String(args.id),
        }),
      ),
  }),
}));

builder.objectField(CompanyRef, 'regrasTributarias', (t) =>
  t.connection({
    type: RegraTributariaRef,
    description: "The company's tax rules (same paging as Query.regrasTributarias).",
    authScopes: { authenticated: true },
    complexity: regrasCost,
    resolve: async (company, args, ctx) => {
      assertForward(args);
      const principal = principalOf(ctx);
      const page = await listRegrasTributarias(ctx.engine, principal, {
        empresaId: company.id,
        cursor: args.after,
        limite: args.first,
      });
      return forwardConnection(args, restShaped(page), regraCursor, () =>
        countRegrasTributarias(ctx.engine, principal, company.id),
      );
    },
  }),
);

builder.mutationFields((t) => ({
  createRegraTributaria: t.field({
    type: RegraTributariaRef,
    authScopes: { authenticated: true },
    args: {
      empresaId: t.arg.id({ required: true }),
      input: t.arg({ type: CreateRegraTributariaInput, required: true }),
    },
    errors: {},
    resolve: (_r, args, ctx) =>
      createRegraTributaria(ctx.engine, principalOf(ctx), { empresaId: String(args.empresaId), body: args.input }),
  }),
  updateRegraTributaria: t.field({
    type: RegraTributariaRef,
    authScopes: { authenticated: true },
    args: {
      empresaId: t.arg.id({ required: true }),
      id: t.arg.id({ required: true }),
      input: t.arg({ type: UpdateRegraTributariaInput, required: true }),
    },
    errors: {},
    resolve: (_r, args, ctx) =>
      updateRegraTributaria(ctx.engine, principalOf(ctx), {
        empresaId: String(args.empresaId),
        id: String(args.id),
        body: args.input,
      }),
  }),
  deleteRegraTributaria: t.field({
    type: RegraTributariaRemovedRef,
    authScopes: { authenticated: true },
    args: { empresaId: t.arg.id({ required: true }), id: t.arg.id({ required: true }) },
    errors: {},
    resolve: (_r, args, ctx) =>
      deleteRegraTributaria(ctx.engine, principalOf(ctx), { empresaId: String(args.empresaId), id: String(args.id) }),
  }),
}));
