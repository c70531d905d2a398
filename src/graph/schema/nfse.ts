import { findCompany } from '../../engine/empresas/find-company.js';
import { filterStream } from '../../engine/nucleo/filter-stream.js';
import { startWithCurrent } from '../../engine/nucleo/start-with-current.js';
import { confirmNfse } from '../../engine/nfse/confirm-nfse.js';
import { discardNfse } from '../../engine/nfse/discard-nfse.js';
import { findNfse } from '../../engine/nfse/find-nfse.js';
import { loadChangedNote } from '../../engine/nfse/load-changed-note.js';
import { loadNfseResumo, type NfseResumo } from '../../engine/nfse/load-nfse-resumo.js';
import { loadNfseOrigens, NOTA_ORIGENS } from '../../engine/nfse/load-nfse-origens.js';
import { issueNfse } from '../../engine/nfse/issue-nfse.js';
import { countNfse, listNfse, NFSE_STATUSES, nfseCursor } from '../../engine/nfse/list-nfse.js';
import type { NoteFilter } from '../../engine/notas/note-filter.js';
import { nfseAccountTopic, nfseTopic, type NfseChange } from '../../engine/nfse/nfse-topic.js';
import { presentNfse, type NfseView } from '../../engine/nfse/present-nfse.js';
import { validateNfse } from '../../engine/nfse/validate-nfse.js';
import { builder } from '../builder.js';
import { addNoteCompany } from './add-note-company.js';
import { AmbienteRef, type Ambiente } from './ambiente.js';
import type { GraphContext } from '../graph-context.js';
import { ErrorItemRef } from './errors.js';
import { assertForward, forwardConnection, restShaped, pageCost, type ConnectionArgs } from './forward-connection.js';
import { NfseInputRef } from './nfse-input.js';
import { noteFilterOf, notasFiltroInput } from './notas-filtro.js';
import { principalOf } from './principal-of.js';
import { ReadinessRef } from './prontidao.js';
import { CompanyRef } from './empresas.js';
import { FIELD_WORK } from '../field-work.js';

type Rejeicao = NonNullable<NfseView['rejeicao']>;

const RejectionRef = builder.objectRef<Rejeicao>('NfseRejection').implement({
  fields: (t) => ({
    codigoOficial: t.exposeString('codigo_oficial', { nullable: true }),
    mensagem: t.exposeString('mensagem'),
    explicacao: t.exposeString('explicacao', { nullable: true }),
    erros: t.field({ type: 'JSON', resolve: (r) => r.erros }),
  }),
});

const FailureRef = builder.objectRef<NonNullable<NfseView['falha']>>('NfseFailure').implement({
  fields: (t) => ({ dpsEnviada: t.exposeString('dps_enviada'), motivo: t.exposeString('motivo') }),
});

const WarningRef = builder.objectRef<NonNullable<NfseView['aviso']>>('NfseWarning').implement({
  fields: (t) => ({
    codigo: t.exposeString('codigo'),
    mensagem: t.exposeString('mensagem'),
    desde: t.exposeString('desde'),
  }),
});

const TimelineRef = builder.objectRef<NfseView['eventos'][number]>('NfseTimelineStep').implement({
  fields: (t) => ({
    tipo: t.exposeString('tipo'),
    em: t.exposeString('em'),
    detalhe: t.expose('detalhe', { type: 'JSON', nullable: true }),
  }),
});

export const AdjustmentRef = builder.objectRef<NfseView['ajustes'][number]>('Adjustment').implement({
  fields: (t) => ({
    campo: t.exposeString('campo'),
    acao: t.exposeString('acao'),
    motivo: t.exposeString('motivo'),
    regra: t.exposeString('regra'),
  }),
});

/** NFS-e statuses; the values are the wire values REST and webhooks use. */
export const NfseStatusRef = builder.enumType('NfseStatus', { values: NFSE_STATUSES });
export type NfseStatus = (typeof NFSE_STATUSES)[number];

/** The NFS-e record; field names are the camelCase of the REST/webhook names. */
export const NfseRef = builder.objectRef<NfseView>('Nfse').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    referencia: t.exposeString('referencia', { nullable: true }),
    status: t.field({ type: NfseStatusRef, resolve: (n) => n.status as (typeof NFSE_STATUSES)[number] }),
    ambiente: t.field({ type: AmbienteRef, resolve: (n) => n.ambiente as Ambiente }),
    empresaId: t.exposeID('empresa_id'),
    valor: t.expose('valor', { type: 'Decimal' }),
    competencia: t.exposeString('competencia'),
    serieDps: t.exposeString('serie_dps'),
    numeroDps: t.exposeString('numero_dps'),
    dpsId: t.exposeString('dps_id'),
    numero: t.exposeString('numero', { nullable: true }),
    chaveAcesso: t.exposeString('chave_acesso', { nullable: true }),
    rejeicao: t.expose('rejeicao', { type: RejectionRef, nullable: true }),
    cancelamento: t.expose('cancelamento', { type: 'JSON', nullable: true }),
    substitui: t.exposeID('substitui', { nullable: true }),
    substituidaPor: t.exposeID('substituida_por', { nullable: true }),
    falha: t.expose('falha', { type: FailureRef, nullable: true }),
    aviso: t.expose('aviso', { type: WarningRef, nullable: true }),
    eventos: t.expose('eventos', { type: [TimelineRef] }),
    ajustes: t.expose('ajustes', { type: [AdjustmentRef] }),
    regrasVersao: t.exposeString('regras_versao'),
    criadaEm: t.expose('criada_em', { type: 'DateTime' }),
    atualizadaEm: t.expose('atualizada_em', { type: 'DateTime' }),
    autorizadaEm: t.expose('autorizada_em', { type: 'DateTime', nullable: true }),
  }),
});

addNoteCompany(NfseRef);

/** Where a note came from, as the operator panel shows it (the spec's origin API, batch, panel). */
export const NotaOrigemRef = builder.enumType('NotaOrigem', {
  description:
    'Where a note came from: api (a call with an API key), lote (a line of a batch), painel (issued in the operator panel; the panel issues no notes yet).',
  values: NOTA_ORIGENS,
});

builder.objectField(NfseRef, 'origem', (t) =>
  t.loadable({
    type: NotaOrigemRef,
    description: 'api, or lote for a line of a batch. One statement for a whole page of notes.',
    // Batched within a tick but never cached, like `empresa`: a subscription's context lives across events.
    loaderOptions: { cache: false },
    load: (ids: string[], ctx: GraphContext) => loadNfseOrigens(ctx.engine, principalOf(ctx), ids),
    resolve: (note) => note.id,
  }),
);

const ValidationRef = builder.objectRef<Awaited<ReturnType<typeof validateNfse>>>('NfseValidation').implement({
  fields: (t) => ({
    valida: t.exposeBoolean('valida'),
    erros: t.field({
      type: [ErrorItemRef],
      resolve: (v) => v.erros.map((e) => ({ ...e, campo: e.campo, correcao: e.correcao })),
    }),
    ajustes: t.expose('ajustes', { type: [AdjustmentRef] }),
    regrasVersao: t.exposeString('regras_versao'),
    prontidao: t.expose('prontidao', { type: ReadinessRef, nullable: true }),
  }),
});

builder.queryFields((t) => ({
  nfse: t.field({
    type: NfseRef,
    description: 'One note by id, referencia or chave_acesso (empresaId disambiguates a referencia).',
    authScopes: { authenticated: true },
    args: { id: t.arg.string({ required: true }), empresaId: t.arg.id() },
    errors: {},
    resolve: async (_r, args, ctx) =>
      presentNfse(
        await findNfse(ctx.engine, principalOf(ctx), {
          id: args.id,
          empresaId: args.empresaId ? String(args.empresaId) : null,
        }),
      ),
  }),
}));

builder.mutationFields((t) => ({
  issueNfse: t.field({
    complexity: FIELD_WORK.authority,
    type: NfseRef,
    description: 'Issues an NFS-e. Waits up to waitSeconds for the outcome.',
    authScopes: { authenticated: true },
    args: { input: t.arg({ type: NfseInputRef, required: true }), simular: t.arg.string(), waitSeconds: t.arg.float() },
    errors: {},
    resolve: (_r, args, ctx) =>
      issueNfse(ctx.engine, principalOf(ctx), {
        body: args.input,
        simular: args.simular ?? null,
        waitSeconds: args.waitSeconds ?? undefined,
      }),
  }),
  validateNfse: t.field({
    type: ValidationRef,
    description: 'Validates an issuance body without creating anything.',
    authScopes: { authenticated: true },
    args: { input: t.arg({ type: NfseInputRef, required: true }) },
    errors: {},
    resolve: (_r, args, ctx) => validateNfse(ctx.engine, principalOf(ctx), args.input),
  }),
  confirmNfse: t.field({
    complexity: FIELD_WORK.authority,
    type: NfseRef,
    authScopes: { authenticated: true },
    args: { id: t.arg.string({ required: true }), competencia: t.arg.string() },
    errors: {},
    resolve: (_r, args, ctx) =>
      confirmNfse(ctx.engine, principalOf(ctx), { id: args.id, competencia: args.competencia ?? null }),
  }),
  discardNfse: t.field({
    type: NfseRef,
    description:
      'Discards a note in falha_transmissao (the dashboard\'s "descartar"): it becomes descartada, with no event and no webhook. ' +
      'When falha.dpsEnviada is not nao the DPS is first queried at the national system: DomainError nfse_dps_no_sistema_nacional ' +
      '(409) when a note exists there, nfse_dps_nao_verificada (409, retentavel) when the query cannot tell; nfse_nao_descartavel ' +
      '(409) for any other status. `id` is the note id, referencia or chave de acesso.',
    authScopes: { authenticated: true },
    args: { id: t.arg.string({ required: true }), empresaId: t.arg.id() },
    errors: {},
    resolve: (_r, args, ctx) =>
      discardNfse(ctx.engine, principalOf(ctx), {
        id: args.id,
        empresaId: args.empresaId == null ? null : String(args.empresaId),
      }),
  }),
}));

builder.subscriptionFields((t) => ({
  nfseAtualizada: t.field({
    type: NfseRef,
    description:
      'Emits a note, as committed, each time it changes: one note (`id`: first as it is once the subscription is open, ' +
      'so a change made while it was opening is not missed), every note of a company (`empresaId`), or every note ' +
      "the key can read (neither). The key's environment and company restriction apply.",
    authScopes: { authenticated: true },
    args: { id: t.arg.id(), empresaId: t.arg.id() },
    // Authorised on subscribe (a foreign note or company fails before any event). The bus iterator is returned
    // without a generator around it, so an unsubscribe releases it at once.
    subscribe: async (_r, args, ctx) => {
      const principal = principalOf(ctx);
      if (args.id) {
        const note = await findNfse(ctx.engine, principal, { id: String(args.id) });
        return startWithCurrent(ctx.engine.pubsub.subscribe(nfseTopic(note.id)), { id: note.id });
      }
      const empresaId = args.empresaId
        ? (await findCompany(ctx.engine, principal, String(args.empresaId))).id
        : principal.companyId;
      const changes = ctx.engine.pubsub.subscribe(nfseAccountTopic(principal.accountId, principal.environment));
      return empresaId ? filterStream(changes, (m) => (m as Partial<NfseChange>).empresaId === empresaId) : changes;
    },
    // The committed row, read once per change for all this process's subscribers, checked against each key's scope.
    resolve: async (message, _args, ctx) =>
      presentNfse(await loadChangedNote(ctx.engine, principalOf(ctx), String(message.id))),
  }),
}));

const NotasFiltroRef = notasFiltroInput('NotasFiltro', NfseStatusRef, true);

/** One page of notes as a Relay connection (GET /v1/nfse executes it too), over the engine's keyset paging. */
async function notesConnection(ctx: GraphContext, args: ConnectionArgs, filter: NoteFilter) {
  assertForward(args);
  const principal = principalOf(ctx);
  const page = await listNfse(ctx.engine, principal, { cursor: args.after, limite: args.first, filter });
  return forwardConnection(args, restShaped(page), nfseCursor, () => countNfse(ctx.engine, principal, filter));
}

// The page size (`first`, 1..100, default 50) multiplies the cost of what each note selects.
const notesCost = pageCost(100, 50);

builder.queryFields((t) => ({
  notas: t.connection({
    type: NfseRef,
    description:
      'Notes issued by the service, newest first: `first` (default 50, clamped to 1..100 as GET /v1/nfse clamps limite) ' +
      '/ `after`, filters, `totalCount`. GET /v1/nfse executes this field.',
    authScopes: { authenticated: true },
    args: { filtro: t.arg({ type: NotasFiltroRef }) },
    complexity: notesCost,
    resolve: (_r, args, ctx) => notesConnection(ctx, args, noteFilterOf(args.filtro)),
  }),
}));

builder.objectField(CompanyRef, 'notas', (t) =>
  t.connection({
    type: NfseRef,
    description: "The company's notes, newest first (same paging and filters as Query.notas).",
    authScopes: { authenticated: true },
    args: { filtro: t.arg({ type: NotasFiltroRef }) },
    complexity: notesCost,
    resolve: (company, args, ctx) =>
      notesConnection(ctx, args, { ...noteFilterOf(args.filtro), empresaId: company.id }),
  }),
);

export const NfseResumoRef = builder.objectRef<NfseResumo>('NfseResumo').implement({
  description:
    "A note's taker, service and amounts as the NFS-e export's row gives them: the authorised document's values; " +
    'for a note without one only the declared ones (valorServicos, aliquotaIss, issRetido), the computed ones null. ' +
    'Amounts are decimal strings.',
  fields: (t) => ({
    tomadorDocumento: t.exposeString('tomador_documento', { nullable: true }),
    tomadorNome: t.exposeString('tomador_nome', { nullable: true }),
    codigoServico: t.exposeString('codigo_servico', { nullable: true }),
    descricaoServico: t.exposeString('descricao_servico', { nullable: true }),
    valorServicos: t.exposeString('valor_servicos', { nullable: true }),
    descontoIncondicionado: t.exposeString('desconto_incondicionado', { nullable: true }),
    descontoCondicionado: t.exposeString('desconto_condicionado', { nullable: true }),
    baseCalculo: t.exposeString('base_calculo', { nullable: true }),
    aliquotaIss: t.exposeString('aliquota_iss', { nullable: true }),
    valorIss: t.exposeString('valor_iss', { nullable: true }),
    issRetido: t.boolean({ nullable: true, resolve: (r) => (r.iss_retido == null ? null : r.iss_retido === 'sim') }),
    valorRetido: t.exposeString('valor_retido', { nullable: true }),
    valorLiquido: t.exposeString('valor_liquido', { nullable: true }),
    motivoCancelamento: t.exposeString('motivo_cancelamento', { nullable: true }),
  }),
});

builder.objectField(NfseRef, 'resumo', (t) =>
  t.field({
    type: NfseResumoRef,
    nullable: true,
    description: "The note's taker, service and amounts (one note at a time: reads its document).",
    resolve: (note, _args, ctx) => loadNfseResumo(ctx.engine, principalOf(ctx), note.id),
  }),
);
