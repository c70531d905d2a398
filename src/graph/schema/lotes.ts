import { findCompany } from '../../engine/empresas/find-company.js';
import { filterStream } from '../../engine/nucleo/filter-stream.js';
import { startWithCurrent } from '../../engine/nucleo/start-with-current.js';
import { createLote } from '../../engine/lotes/create-lote.js';
import { emitLote } from '../../engine/lotes/emit-lote.js';
import { getLote } from '../../engine/lotes/get-lote.js';
import {
  countLoteItens,
  listLoteItens,
  loteItemCursor,
  type LoteItemView,
} from '../../engine/lotes/list-lote-itens.js';
import { findLote } from '../../engine/lotes/find-lote.js';
import type { PlanilhaBytes } from '../../engine/lotes/planilha-bytes.js';
import { countLotes, listLotes, loteCursor, type LoteFilter } from '../../engine/lotes/list-lotes.js';
import { loadChangedLote } from '../../engine/lotes/load-changed-lote.js';
import { loteAccountTopic, loteTopic, type LoteChange } from '../../engine/eventos/lote-topic.js';
import { ITEM_STATUSES, type ItemStatus, type LoteCounts, type LoteView } from '../../engine/lotes/present-lote.js';
import { reprocessLote } from '../../engine/lotes/reprocess-lote.js';
import { base64Bytes } from '../base64-bytes.js';
import { builder } from '../builder.js';
import { AmbienteRef, type Ambiente } from './ambiente.js';
import type { GraphContext } from '../graph-context.js';
import { ErrorItemRef } from './errors.js';
import { CompanyRef } from './empresas.js';
import { assertForward, forwardConnection, restShaped, pageCost, type ConnectionArgs } from './forward-connection.js';
import { LoteLinhaInputRef, NfseInputRef } from './nfse-input.js';
import { principalOf } from './principal-of.js';
import { FIELD_WORK } from '../field-work.js';

/** `contagens`: one integer per status a line can show. */
const LoteCountsRef = builder.objectRef<LoteCounts>('LoteCounts').implement({
  fields: (t) => ({
    comErroValidacao: t.exposeInt('com_erro_validacao'),
    jaExistente: t.exposeInt('ja_existente'),
    aguardandoEmissao: t.exposeInt('aguardando_emissao'),
    descartada: t.exposeInt('descartada'),
    transmitindo: t.exposeInt('transmitindo'),
    autorizada: t.exposeInt('autorizada'),
    rejeitada: t.exposeInt('rejeitada'),
    cancelada: t.exposeInt('cancelada'),
    aguardandoConfirmacao: t.exposeInt('aguardando_confirmacao'),
    falhaTransmissao: t.exposeInt('falha_transmissao'),
  }),
});

const LoteErrorRef = builder.objectRef<NonNullable<LoteView['erro']>>('LoteError').implement({
  fields: (t) => ({ codigo: t.exposeString('codigo'), mensagem: t.exposeString('mensagem') }),
});

const AoValidarRef = builder.enumType('AoValidar', {
  description: 'What a batch does once validated: issue its valid lines, or wait for emitLote.',
  values: ['emitir_validas', 'aguardar'] as const,
});

/** Batch statuses (wire values). */
const LOTE_STATUSES = ['validando', 'aguardando_emissao', 'processando', 'concluido', 'erro'] as const;
const LoteStatusRef = builder.enumType('LoteStatus', { values: LOTE_STATUSES });

/** The status a line shows: its own before a note exists, then the note's. */
export const LoteItemStatusRef = builder.enumType('LoteItemStatus', { values: ITEM_STATUSES });

/** The batch; field names are the camelCase of the REST/webhook names. */
export const LoteRef = builder.objectRef<LoteView>('Lote').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    empresaId: t.exposeID('empresa_id'),
    ambiente: t.field({ type: AmbienteRef, resolve: (l) => l.ambiente as Ambiente }),
    status: t.field({ type: LoteStatusRef, resolve: (l) => l.status as (typeof LOTE_STATUSES)[number] }),
    aoValidar: t.field({ type: AoValidarRef, resolve: (l) => l.ao_validar as 'emitir_validas' | 'aguardar' }),
    origem: t.exposeString('origem'),
    total: t.exposeInt('total'),
    contagens: t.expose('contagens', { type: LoteCountsRef }),
    criadoEm: t.expose('criado_em', { type: 'DateTime' }),
    atualizadoEm: t.expose('atualizado_em', { type: 'DateTime' }),
    concluidoEm: t.expose('concluido_em', { type: 'DateTime', nullable: true }),
    erro: t.expose('erro', { type: LoteErrorRef, nullable: true, description: 'Why the batch is `erro`.' }),
  }),
});

const ItemRejectionRef = builder.objectRef<NonNullable<LoteItemView['rejeicao']>>('LoteItemRejection').implement({
  fields: (t) => ({
    codigoOficial: t.exposeString('codigo_oficial', { nullable: true }),
    mensagem: t.exposeString('mensagem'),
  }),
});
const ItemFailureRef = builder.objectRef<NonNullable<LoteItemView['falha']>>('LoteItemFailure').implement({
  fields: (t) => ({ dpsEnviada: t.exposeString('dps_enviada'), motivo: t.exposeString('motivo') }),
});

export const LoteItemRef = builder.objectRef<LoteItemView>('LoteItem').implement({
  fields: (t) => ({
    linha: t.exposeInt('linha'),
    referencia: t.exposeString('referencia', { nullable: true }),
    status: t.field({ type: LoteItemStatusRef, resolve: (i) => i.status as ItemStatus }),
    nfseId: t.exposeID('nfse_id', { nullable: true }),
    numero: t.exposeString('numero', { nullable: true }),
    chaveAcesso: t.exposeString('chave_acesso', { nullable: true }),
    erros: t.field({ type: [ErrorItemRef], resolve: (i) => i.erros as never }),
    rejeicao: t.expose('rejeicao', { type: ItemRejectionRef, nullable: true }),
    falha: t.expose('falha', { type: ItemFailureRef, nullable: true }),
  }),
});

builder.queryFields((t) => ({
  lote: t.field({
    type: LoteRef,
    authScopes: { authenticated: true },
    args: { id: t.arg.string({ required: true }) },
    errors: {},
    resolve: (_r, args, ctx) => getLote(ctx.engine, principalOf(ctx), args.id),
  }),
}));

const LoteInput = builder.inputType('LoteInput', {
  fields: (t) => ({
    empresaId: t.id(),
    aoValidar: t.field({ type: AoValidarRef, description: 'Default emitir_validas.' }),
    itens: t.field({ type: [NfseInputRef], description: 'One note request per line; none when planilha is sent.' }),
  }),
});

const LoteEmissaoInput = builder.inputType('LoteEmissaoInput', {
  description: 'Exactly one of todas: true or a non-empty linhas.',
  fields: (t) => ({ todas: t.boolean(), linhas: t.intList() }),
});

const LoteReprocessamentoInput = builder.inputType('LoteReprocessamentoInput', {
  fields: (t) => ({ itens: t.field({ type: [LoteLinhaInputRef] }) }),
});

builder.mutationFields((t) => ({
  createLote: t.field({
    complexity: FIELD_WORK.file,
    type: LoteRef,
    description: 'Creates a batch from its lines (input.itens), or from a spreadsheet: planilha = the .xlsx as base64.',
    authScopes: { authenticated: true },
    args: { input: t.arg({ type: LoteInput, required: true }), planilha: t.arg.string(), simular: t.arg.string() },
    errors: {},
    resolve: (_r, args, ctx) =>
      createLote(ctx.engine, principalOf(ctx), {
        body: args.input,
        planilha: planilhaOf(args.planilha),
        simular: args.simular ?? null,
      }),
  }),
  emitLote: t.field({
    complexity: FIELD_WORK.authority,
    type: LoteRef,
    description: 'Issues a batch waiting for it (ao_validar aguardar): every valid line, or the lines listed.',
    authScopes: { authenticated: true },
    args: { id: t.arg.string({ required: true }), input: t.arg({ type: LoteEmissaoInput, required: true }) },
    errors: {},
    resolve: (_r, args, ctx) => emitLote(ctx.engine, principalOf(ctx), { id: args.id, body: args.input }),
  }),
  reprocessLote: t.field({
    complexity: FIELD_WORK.authority,
    type: LoteRef,
    description: 'Replaces failed lines with corrected ones.',
    authScopes: { authenticated: true },
    args: { id: t.arg.string({ required: true }), input: t.arg({ type: LoteReprocessamentoInput, required: true }) },
    errors: {},
    resolve: (_r, args, ctx) => reprocessLote(ctx.engine, principalOf(ctx), { id: args.id, body: args.input }),
  }),
}));

builder.subscriptionFields((t) => ({
  loteAtualizado: t.field({
    type: LoteRef,
    description:
      'Emits a batch, as committed, each time its status or `contagens` change: one batch (`id`: first as it is once ' +
      'the subscription is open), every batch of a company (`empresaId`), or every batch the key can read (neither). ' +
      "The key's environment and company restriction apply.",
    authScopes: { authenticated: true },
    args: { id: t.arg.id(), empresaId: t.arg.id() },
    // Authorised on subscribe, like nfseAtualizada: a foreign batch or company fails before any event.
    subscribe: async (_r, args, ctx) => {
      const principal = principalOf(ctx);
      if (args.id) {
        const lote = await findLote(ctx.engine, principal, String(args.id));
        return startWithCurrent(ctx.engine.pubsub.subscribe(loteTopic(lote.id)), { id: lote.id });
      }
      const empresaId = args.empresaId
        ? (await findCompany(ctx.engine, principal, String(args.empresaId))).id
        : principal.companyId;
      const changes = ctx.engine.pubsub.subscribe(loteAccountTopic(principal.accountId, principal.environment));
      return empresaId ? filterStream(changes, (m) => (m as Partial<LoteChange>).empresaId === empresaId) : changes;
    },
    // The committed batch with its counts, read once per change for all this process's subscribers, checked against each key's scope.
    resolve: (message, _args, ctx) => loadChangedLote(ctx.engine, principalOf(ctx), String(message.id)),
  }),
}));

const LotesFiltroRef = builder.inputType('LotesFiltro', {
  description: 'What a dashboard filters batches on; every member given must hold.',
  fields: (t) => ({
    status: t.field({ type: [LoteStatusRef], description: 'Any of these statuses.' }),
    empresaId: t.id(),
    criadoDesde: t.field({ type: 'DateTime', description: 'Created at or after.' }),
    criadoAte: t.field({ type: 'DateTime', description: 'Created before.' }),
  }),
});

type LotesFiltro = {
  status?: readonly string[] | null;
  empresaId?: string | number | null;
  criadoDesde?: Date | null;
  criadoAte?: Date | null;
};

const loteFilterOf = (f: LotesFiltro | null | undefined): LoteFilter => ({
  status: f?.status ?? null,
  empresaId: f?.empresaId == null ? null : String(f.empresaId),
  criadoDesde: f?.criadoDesde ?? null,
  criadoAte: f?.criadoAte ?? null,
});

/** Batches newest first as a Relay connection (GET /v1/lotes executes it too); `first` 1..100, default 20, else 400 as REST's limite. */
async function lotesConnection(ctx: GraphContext, args: ConnectionArgs, filter: LoteFilter) {
  assertForward(args);
  const principal = principalOf(ctx);
  const page = await listLotes(ctx.engine, principal, { cursor: args.after, limite: args.first, filter });
  return forwardConnection(args, restShaped(page), loteCursor, () => countLotes(ctx.engine, principal, filter));
}

builder.queryFields((t) => ({
  lotes: t.connection({
    type: LoteRef,
    description:
      'Batches, newest first: `first` (1..100, default 20; out of range is an error) / `after`, filters, `totalCount`.',
    authScopes: { authenticated: true },
    args: { filtro: t.arg({ type: LotesFiltroRef }) },
    complexity: pageCost(100, 20),
    resolve: (_r, args, ctx) => lotesConnection(ctx, args, loteFilterOf(args.filtro)),
  }),
}));

builder.objectField(CompanyRef, 'lotes', (t) =>
  t.connection({
    type: LoteRef,
    description: "The company's batches, newest first (same paging and filters as Query.lotes).",
    authScopes: { authenticated: true },
    args: { filtro: t.arg({ type: LotesFiltroRef }) },
    complexity: pageCost(100, 20),
    resolve: (company, args, ctx) =>
      lotesConnection(ctx, args, { ...loteFilterOf(args.filtro), empresaId: company.id }),
  }),
);

builder.objectField(LoteRef, 'itens', (t) =>
  t.connection({
    type: LoteItemRef,
    description:
      'The lines of the batch in line order (`first` 1..500, default 100; out of range is an error), optionally only ' +
      'those showing `status`. GET /v1/lotes/{id}/itens executes this field.',
    authScopes: { authenticated: true },
    args: { status: t.arg({ type: LoteItemStatusRef }) },
    complexity: pageCost(500, 100),
    resolve: async (lote, args, ctx) => {
      assertForward(args);
      const page = await listLoteItens(ctx.engine, principalOf(ctx), {
        id: lote.id,
        cursor: args.after,
        limite: args.first,
        status: args.status,
      });
      return forwardConnection(args, restShaped(page), loteItemCursor, () =>
        countLoteItens(ctx.engine.db, lote.id, args.status),
      );
    },
  }),
);

/** The sheet's bytes: the base64 text a GraphQL client sends, or the file of a REST upload (restSchema). */
function planilhaOf(arg: string | PlanilhaBytes | null | undefined): PlanilhaBytes | null {
  if (arg === null || arg === undefined) return null;
  return typeof arg === 'string' ? base64Bytes(arg) : arg;
}
