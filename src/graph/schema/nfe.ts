import { discardNfe } from '../../engine/nfe/discard-nfe.js';
import { findNfe } from '../../engine/nfe/find-nfe.js';
import { issueNfe } from '../../engine/nfe/issue-nfe.js';
import { listNfe } from '../../engine/nfe/list-nfe.js';
import type { NfeAjuste } from '../../engine/nfe/nfe-adjustments.js';
import { getNfePdf, getNfeXml } from '../../engine/nfe/nfe-documents.js';
import { presentNfe, type NfeView } from '../../engine/nfe/present-nfe.js';
import type { TransmissionDeps } from '../../engine/transmissao/transmission-deps.js';
import { builder } from '../builder.js';
import { bodyOf } from './input-body.js';
import { NfeInputRef } from './nfe-input.js';
import { principalOf } from './principal-of.js';

const NfeRejectionRef = builder.objectRef<NonNullable<NfeView['rejeicao']>>('NfeRejection').implement({
  description: "The authority's answer (cStat, xMotivo) with a plain-language explanation and fix where known.",
  fields: (t) => ({
    cStat: t.exposeString('c_stat'),
    mensagem: t.exposeString('mensagem'),
    explicacao: t.exposeString('explicacao', { nullable: true }),
    correcao: t.exposeString('correcao', { nullable: true }),
  }),
});

const NfeAdjustmentRef = builder.objectRef<NfeAjuste>('NfeAdjustment').implement({
  fields: (t) => ({
    campo: t.exposeString('campo'),
    acao: t.exposeString('acao'),
    motivo: t.exposeString('motivo'),
    regra: t.exposeString('regra'),
    versao: t.exposeString('versao'),
    fonte: t.exposeString('fonte'),
  }),
});

const NfeWarningRef = builder.objectRef<NonNullable<NfeView['aviso']>>('NfeWarning').implement({
  description: 'A condition that does not change the status: confirmacao_esgotada when recovery of a lost answer gave up (7 days).',
  fields: (t) => ({ codigo: t.exposeString('codigo'), mensagem: t.exposeString('mensagem'), desde: t.exposeString('desde') }),
});

/** The NF-e record (spec 2.9); field names are the camelCase of the REST/webhook names. */
export const NfeRef = builder.objectRef<NfeView>('Nfe').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    referencia: t.exposeString('referencia', { nullable: true }),
    status: t.exposeString('status', { description: 'transmitindo, autorizada, rejeitada, denegada, aguardando_confirmacao, contingencia_epec, …' }),
    ambiente: t.exposeString('ambiente'),
    empresaId: t.exposeID('empresa_id'),
    modo: t.exposeString('modo'),
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
  }),
});

const NfePageRef = builder.objectRef<{ dados: NfeView[]; proximo_cursor: string | null }>('NfePage').implement({
  fields: (t) => ({
    dados: t.expose('dados', { type: [NfeRef], complexity: { field: 1, multiplier: 1 } }),
    proximoCursor: t.exposeString('proximo_cursor', { nullable: true }),
  }),
});

const NfeXmlRef = builder.objectRef<{ nfeId: string; chaveAcesso: string; status: string; xml: string }>('NfeXml').implement({
  description: 'The procNFe (signed NFe + protNFe) of an authorised note.',
  fields: (t) => ({
    nfeId: t.exposeID('nfeId'),
    chaveAcesso: t.exposeString('chaveAcesso'),
    status: t.exposeString('status'),
    xml: t.exposeString('xml'),
  }),
});

const NfeDanfeRef = builder.objectRef<{ nfeId: string; chaveAcesso: string; status: string; pdfBase64: string }>('NfeDanfe').implement({
  description: 'The DANFE (PDF, base64) of an authorised note; a cancelled note is stamped.',
  fields: (t) => ({
    nfeId: t.exposeID('nfeId'),
    chaveAcesso: t.exposeString('chaveAcesso'),
    status: t.exposeString('status'),
    pdfBase64: t.exposeString('pdfBase64'),
  }),
});

builder.queryFields((t) => ({
  nfe: t.field({
    type: NfeRef,
    description: 'One NF-e by id, referencia or 44-digit chave_acesso.',
    authScopes: { authenticated: true },
    args: { id: t.arg.string({ required: true }) },
    errors: {},
    resolve: async (_r, args, ctx) => presentNfe(await findNfe(ctx.engine, principalOf(ctx), args.id)),
  }),
  nfes: t.field({
    type: NfePageRef,
    description: 'NF-e issued by the service, newest first (limite clamped to 1..100). Filters (all optional, every one given must hold): status (spec 3.3 name), empresaId, desde/ate (creation, inclusive: ISO 8601 date-time with offset, or a date = that whole day in Brasília time), referencia (prefix). A bad value is DomainError parametro_invalido naming the parameter.',
    authScopes: { authenticated: true },
    args: { cursor: t.arg.string(), limite: t.arg.string(), status: t.arg.string(), empresaId: t.arg.string(), desde: t.arg.string(), ate: t.arg.string(), referencia: t.arg.string() },
    complexity: (args) => ({ field: 1, multiplier: Math.min(100, Math.max(1, Math.trunc(Number(args.limite)) || 50)) }),
    errors: {},
    resolve: (_r, args, ctx) => listNfe(ctx.engine, principalOf(ctx), args),
  }),
  nfeXml: t.field({
    type: NfeXmlRef,
    description: 'The procNFe of an authorised note. DomainError nfe_sem_documento before authorisation.',
    authScopes: { authenticated: true },
    args: { id: t.arg.string({ required: true }) },
    errors: {},
    resolve: (_r, args, ctx) => getNfeXml(ctx.engine, principalOf(ctx), args.id),
  }),
  nfeDanfe: t.field({
    type: NfeDanfeRef,
    description: 'The DANFE PDF of an authorised note. DomainError nfe_sem_documento before authorisation.',
    authScopes: { authenticated: true },
    args: { id: t.arg.string({ required: true }) },
    errors: {},
    resolve: async (_r, args, ctx) => {
      const doc = await getNfePdf(ctx.engine, principalOf(ctx), args.id);
      return { nfeId: doc.nfeId, chaveAcesso: doc.chaveAcesso, status: doc.status, pdfBase64: doc.pdf.toString('base64') };
    },
  }),
}));

builder.mutationFields((t) => ({
  issueNfe: t.field({
    type: NfeRef,
    description: 'Issues an NF-e (modo informado). Waits up to waitSeconds for the authority.',
    authScopes: { authenticated: true },
    args: { input: t.arg({ type: NfeInputRef, required: true }), simular: t.arg.string(), waitSeconds: t.arg.float() },
    errors: {},
    resolve: (_r, args, ctx) =>
      issueNfe(ctx.engine as TransmissionDeps, principalOf(ctx), { body: bodyOf(ctx, args.input), simular: args.simular ?? null, waitSeconds: args.waitSeconds ?? undefined }),
  }),
  discardNfe: t.field({
    type: NfeRef,
    description: 'Gives up a rejected NF-e (spec 3.3): its number is voided by inutilização and the note becomes descartada (event NFE_DESCARTADA). DomainError nfe_nao_descartavel (409) for any other status; inutilizacao_recusada (422) when the authority refuses.',
    authScopes: { authenticated: true },
    args: { id: t.arg.string({ required: true }) },
    errors: {},
    resolve: (_r, args, ctx) => discardNfe(ctx.engine as TransmissionDeps, principalOf(ctx), args.id),
  }),
}));
