import { discardNfe } from '../../engine/nfe/discard-nfe.js';
import { findNfe } from '../../engine/nfe/find-nfe.js';
import { issueNfe } from '../../engine/nfe/issue-nfe.js';
import { countNfe, listNfe, NFE_STATUSES, nfeCursor } from '../../engine/nfe/list-nfe.js';
import type { NoteFilter } from '../../engine/notas/note-filter.js';
import type { NfeAjuste } from '../../engine/nfe/nfe-ajuste.js';
import { getNfePdf, getNfeXml } from '../../engine/nfe/nfe-documents.js';
import { presentNfe, type NfeView } from '../../engine/nfe/present-nfe.js';
import { builder } from '../builder.js';
import { addNoteCompany } from './add-note-company.js';
import { AmbienteRef, type Ambiente } from './ambiente.js';
import type { GraphContext } from '../graph-context.js';
import { assertForward, forwardConnection, pageCost, restShaped, type ConnectionArgs } from './forward-connection.js';
import { CompanyRef } from './empresas.js';
import { NfeInputRef } from './nfe-input.js';
import { noteFilterOf, notasFiltroInput } from './notas-filtro.js';
import { NotaOrigemRef } from './nfse.js';
import { principalOf } from './principal-of.js';
import { FIELD_WORK } from '../field-work.js';

const NfeRejectionRef = builder.objectRef<NonNullable<NfeView['rejeicao']>>('NfeRejection').implement({
  description: "The authority's answer (cStat, xMotivo) with a plain-language explanation and fix where known.",
  fields: (t) => ({
    cStat: t.exposeString('c_stat'),
    mensagem: t.exposeString('mensagem'),
    explicacao: t.exposeString('explicacao', { nullable: true }),
    correcao: t.exposeString('correcao', { nullable: true }),
  }),
});

export const NfeAdjustmentRef = builder.objectRef<NfeAjuste>('NfeAdjustment').implement({
  fields: (t) => ({
    campo: t.exposeString('campo'),
    acao: t.exposeString('acao'),
    motivo: t.exposeString('motivo'),
    regra: t.exposeString('regra'),
    versao: t.exposeString('versao'),
    fonte: t.exposeString('fonte'),
    valor: t.string({
      nullable: true,
      description: 'calculado: the calculated value; divergente: the expected one.',
      resolve: (a) => a.valor ?? null,
    }),
    enviado: t.string({
      nullable: true,
      description: 'divergente: the value sent (null when absent).',
      resolve: (a) => a.enviado ?? null,
    }),
  }),
});

const NfeWarningRef = builder.objectRef<NonNullable<NfeView['aviso']>>('NfeWarning').implement({
  description:
    'A condition that does not change the status: confirmacao_esgotada when recovery of a lost answer gave up (7 days).',
  fields: (t) => ({
    codigo: t.exposeString('codigo'),
    mensagem: t.exposeString('mensagem'),
    desde: t.exposeString('desde'),
  }),
});

/** NF-e statuses; the values are the wire values REST and webhooks use. */
export const NfeStatusRef = builder.enumType('NfeStatus', { values: NFE_STATUSES });
type NfeStatus = (typeof NFE_STATUSES)[number];

const NFE_MODOS = ['informado', 'calcular', 'conferir'] as const;
/** Who calculates the taxes. */
export const NfeModoRef = builder.enumType('NfeModo', { values: NFE_MODOS });

/** The NF-e record; field names are the camelCase of the REST/webhook names. */
export const NfeRef = builder.objectRef<NfeView>('Nfe').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    referencia: t.exposeString('referencia', { nullable: true }),
    status: t.field({ type: NfeStatusRef, resolve: (n) => n.status as NfeStatus }),
    ambiente: t.field({ type: AmbienteRef, resolve: (n) => n.ambiente as Ambiente }),
    empresaId: t.exposeID('empresa_id'),
    modo: t.field({ type: NfeModoRef, resolve: (n) => n.modo as (typeof NFE_MODOS)[number] }),
    serie: t.exposeString('serie'),
    numero: t.exposeString('numero'),
    chaveAcesso: t.exposeString('chave_acesso'),
    protocolo: t.exposeString('protocolo', { nullable: true }),
    rejeicao: t.expose('rejeicao', { type: NfeRejectionRef, nullable: true }),
    cancelamento: t.expose('cancelamento', { type: 'JSON', nullable: true }),
    valorTotal: t.expose('valor_total', { type: 'Decimal' }),
    ajustes: t.field({ type: [NfeAdjustmentRef], resolve: (n) => n.ajustes as NfeAjuste[] }),
    criadaEm: t.expose('criada_em', { type: 'DateTime' }),
    atualizadaEm: t.expose('atualizada_em', { type: 'DateTime' }),
    autorizadaEm: t.expose('autorizada_em', { type: 'DateTime', nullable: true }),
    aviso: t.expose('aviso', { type: NfeWarningRef, nullable: true }),
    // Batches carry NFS-e only: every NF-e comes from a call to the API.
    origem: t.field({ type: NotaOrigemRef, resolve: () => 'api' as const }),
  }),
});

addNoteCompany(NfeRef);

const NfeXmlRef = builder
  .objectRef<{ nfeId: string; chaveAcesso: string; status: string; xml: string }>('NfeXml')
  .implement({
    description: 'The procNFe (signed NFe + protNFe) of an authorised note.',
    fields: (t) => ({
      nfeId: t.exposeID('nfeId'),
      chaveAcesso: t.exposeString('chaveAcesso'),
      status: t.field({ type: NfeStatusRef, resolve: (d) => d.status as NfeStatus }),
      xml: t.exposeString('xml'),
    }),
  });

const NfeDanfeRef = builder
  .objectRef<{ nfeId: string; chaveAcesso: string; status: string; pdfBase64: string }>('NfeDanfe')
  .implement({
    description: 'The DANFE (PDF, base64) of an authorised note; a cancelled note is stamped.',
    fields: (t) => ({
      nfeId: t.exposeID('nfeId'),
      chaveAcesso: t.exposeString('chaveAcesso'),
      status: t.field({ type: NfeStatusRef, resolve: (d) => d.status as NfeStatus }),
      pdfBase64: t.exposeString('pdfBase64'),
    }),
  });

const NfeFiltroRef = notasFiltroInput('NfeFiltro', NfeStatusRef, false);

/** One page of NF-e as a Relay connection over the engine's keyset paging. */
async function nfesConnection(ctx: GraphContext, args: ConnectionArgs, filter: NoteFilter) {
  assertForward(args);
  const principal = principalOf(ctx);
  const page = await listNfe(ctx.engine, principal, { cursor: args.after, limite: args.first, filter });
  return forwardConnection(args, restShaped(page), nfeCursor, () => countNfe(ctx.engine, principal, filter));
}

// The page size (`first`, 1..100, default 50) multiplies the cost of what each note selects.
const nfesCost = pageCost(100, 50);

builder.queryFields((t) => ({
  nfe: t.field({
    type: NfeRef,
    description: 'One NF-e by id, referencia or 44-character chave_acesso.',
    authScopes: { authenticated: true },
    args: { id: t.arg.string({ required: true }) },
    errors: {},
    resolve: async (_r, args, ctx) => presentNfe(await findNfe(ctx.engine, principalOf(ctx), args.id)),
  }),
  nfes: t.connection({
    type: NfeRef,
    description:
      "NF-e issued by the service, newest first: `first` (default 50, 1..100; out of range is an error, as GET /v1/nfe's limite) " +
      '/ `after`, filters, `totalCount`. GET /v1/nfe executes this field.',
    authScopes: { authenticated: true },
    args: { filtro: t.arg({ type: NfeFiltroRef }) },
    complexity: nfesCost,
    resolve: (_r, args, ctx) => nfesConnection(ctx, args, noteFilterOf(args.filtro)),
  }),
  nfeXml: t.field({
    complexity: FIELD_WORK.xml,
    type: NfeXmlRef,
    description: 'The procNFe of an authorised note. DomainError nfe_sem_documento before authorisation.',
    authScopes: { authenticated: true },
    args: { id: t.arg.string({ required: true }) },
    errors: {},
    resolve: (_r, args, ctx) => getNfeXml(ctx.engine, principalOf(ctx), args.id),
  }),
  nfeDanfe: t.field({
    complexity: FIELD_WORK.pdf,
    type: NfeDanfeRef,
    description: 'The DANFE PDF of an authorised note. DomainError nfe_sem_documento before authorisation.',
    authScopes: { authenticated: true },
    args: { id: t.arg.string({ required: true }) },
    errors: {},
    resolve: async (_r, args, ctx) => {
      const doc = await getNfePdf(ctx.engine, principalOf(ctx), args.id);
      return {
        nfeId: doc.nfeId,
        chaveAcesso: doc.chaveAcesso,
        status: doc.status,
        pdfBase64: doc.pdf.toString('base64'),
      };
    },
  }),
}));

builder.objectField(CompanyRef, 'nfes', (t) =>
  t.connection({
    type: NfeRef,
    description: "The company's NF-e, newest first (same paging and filters as Query.nfes).",
    authScopes: { authenticated: true },
    args: { filtro: t.arg({ type: NfeFiltroRef }) },
    complexity: nfesCost,
    resolve: (company, args, ctx) => nfesConnection(ctx, args, { ...noteFilterOf(args.filtro), empresaId: company.id }),
  }),
);

builder.mutationFields((t) => ({
  issueNfe: t.field({
    complexity: FIELD_WORK.authority,
    type: NfeRef,
    description: 'Issues an NF-e (modo informado). Waits up to waitSeconds for the authority.',
    authScopes: { authenticated: true },
    args: { input: t.arg({ type: NfeInputRef, required: true }), simular: t.arg.string(), waitSeconds: t.arg.float() },
    errors: {},
    resolve: (_r, args, ctx) =>
      issueNfe(ctx.engine, principalOf(ctx), {
        body: args.input,
        simular: args.simular ?? null,
        waitSeconds: args.waitSeconds ?? undefined,
      }),
  }),
  discardNfe: t.field({
    type: NfeRef,
    description:
      'Gives up a rejected NF-e: its number is voided by inutilização and the note becomes descartada (event NFE_DESCARTADA). DomainError nfe_nao_descartavel (409) for any other status; inutilizacao_recusada (422) when the authority refuses.',
    authScopes: { authenticated: true },
    args: { id: t.arg.string({ required: true }) },
    errors: {},
    resolve: (_r, args, ctx) => discardNfe(ctx.engine, principalOf(ctx), args.id),
  }),
}));
