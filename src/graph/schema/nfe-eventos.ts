import { cancelNfe } from '../../engine/nfe/cancel-nfe.js';
import { correctNfe } from '../../engine/nfe/correct-nfe.js';
import { getNfeEventoXml, loadNfeEventos } from '../../engine/nfe/nfe-eventos.js';
import type { NfeEventoView } from '../../engine/nfe/present-nfe-evento.js';
import { registerCartaCorrecao, type CartaCorrecaoResult } from '../../engine/nfe/register-carta-correcao.js';
import { builder } from '../builder.js';
import type { GraphContext } from '../graph-context.js';
import { NfeRef } from './nfe.js';
import { NfeInputRef } from './nfe-input.js';
import { principalOf } from './principal-of.js';
import { FIELD_WORK } from '../field-work.js';

const NfeEventoTipoRef = builder.enumType('NfeEventoTipo', { values: ['cancelamento', 'carta_correcao'] as const });

/** An event the authority registered for the note: cancelamento (110111) or carta de correção (110110). */
const NfeEventoRef = builder.objectRef<NfeEventoView>('NfeEvento').implement({
  fields: (t) => ({
    id: t.exposeID('id', { description: 'evento_id of GET /v1/nfe/{id}/eventos/{evento_id}/xml' }),
    tipo: t.field({ type: NfeEventoTipoRef, resolve: (e) => e.tipo as 'cancelamento' | 'carta_correcao' }),
    tpEvento: t.exposeString('tp_evento'),
    nSeqEvento: t.exposeInt('n_seq_evento'),
    texto: t.exposeString('texto', { description: 'xJust of a cancellation, xCorrecao of a CC-e' }),
    cStat: t.exposeString('c_stat', { nullable: true }),
    protocolo: t.exposeString('protocolo', { nullable: true }),
    registradoEm: t.expose('registrado_em', { type: 'DateTime', nullable: true }),
  }),
});

builder.objectField(NfeRef, 'eventos', (t) =>
  t.loadableList({
    type: NfeEventoRef,
    description: 'Events registered at the authority, oldest first. One statement for a whole page of notes.',
    // Batched within a tick but never cached: a subscription's context lives across events.
    loaderOptions: { cache: false },
    load: (ids: string[], ctx: GraphContext) => loadNfeEventos(ctx.engine, principalOf(ctx), ids),
    resolve: (note) => note.id,
  }),
);

const AvisoRef = builder.objectRef<CartaCorrecaoResult['aviso']>('NfeCartaCorrecaoAviso').implement({
  fields: (t) => ({ codigo: t.exposeString('codigo'), mensagem: t.exposeString('mensagem') }),
});

const CartaCorrecaoPayloadRef = builder.objectRef<CartaCorrecaoResult>('NfeCartaCorrecaoPayload').implement({
  description: 'The registered CC-e, the note, and the CC-e warning (returned every time, never blocking).',
  fields: (t) => ({
    nfe: t.expose('nfe', { type: NfeRef }),
    cartaCorrecao: t.expose('carta_correcao', { type: NfeEventoRef }),
    aviso: t.expose('aviso', { type: AvisoRef }),
  }),
});

const NfeEventoXmlRef = builder.objectRef<Awaited<ReturnType<typeof getNfeEventoXml>>>('NfeEventoXml').implement({
  description: 'The procEventoNFe (signed evento + retEvento) of a registered event.',
  fields: (t) => ({
    nfeId: t.exposeID('nfeId'),
    eventoId: t.exposeID('eventoId'),
    tpEvento: t.exposeString('tpEvento'),
    xml: t.exposeString('xml'),
  }),
});

const CancelamentoInput = builder.inputType('NfeCancelamentoInput', {
  fields: (t) => ({ justificativa: t.string({ description: 'xJust: 15 to 255 characters.' }) }),
});

const CartaCorrecaoInput = builder.inputType('NfeCartaCorrecaoInput', {
  fields: (t) => ({
    correcao: t.string({ description: 'xCorrecao: 15 to 1000 characters; the service does not read it.' }),
  }),
});

builder.queryFields((t) => ({
  nfeEventoXml: t.field({
    complexity: FIELD_WORK.xml,
    type: NfeEventoXmlRef,
    description: 'The procEventoNFe of one registered event of a note.',
    authScopes: { authenticated: true },
    args: { id: t.arg.string({ required: true }), eventoId: t.arg.string({ required: true }) },
    errors: {},
    resolve: (_r, args, ctx) => getNfeEventoXml(ctx.engine, principalOf(ctx), args.id, args.eventoId),
  }),
}));

builder.mutationFields((t) => ({
  cancelNfe: t.field({
    complexity: FIELD_WORK.authority,
    type: NfeRef,
    description: 'Cancels an authorised NF-e within 24 hours (event 110111). simular: X-Service-Simular (test keys).',
    authScopes: { authenticated: true },
    args: {
      id: t.arg.string({ required: true }),
      input: t.arg({ type: CancelamentoInput, required: true }),
      simular: t.arg.string(),
    },
    errors: {},
    resolve: (_r, args, ctx) =>
      cancelNfe(ctx.engine, principalOf(ctx), {
        id: args.id,
        body: args.input,
        simular: args.simular ?? null,
      }),
  }),
  registerNfeCartaCorrecao: t.field({
    complexity: FIELD_WORK.authority,
    type: CartaCorrecaoPayloadRef,
    description: 'Registers a carta de correção (event 110110, at most 20 per note) with the CC-e warning.',
    authScopes: { authenticated: true },
    args: {
      id: t.arg.string({ required: true }),
      input: t.arg({ type: CartaCorrecaoInput, required: true }),
      simular: t.arg.string(),
    },
    errors: {},
    resolve: (_r, args, ctx) =>
      registerCartaCorrecao(ctx.engine, principalOf(ctx), {
        id: args.id,
        body: args.input,
        simular: args.simular ?? null,
      }),
  }),
  correctNfe: t.field({
    complexity: FIELD_WORK.authority,
    type: NfeRef,
    description: 'Corrects a rejected NF-e keeping its series and number (new access key) and transmits it again.',
    authScopes: { authenticated: true },
    args: {
      id: t.arg.string({ required: true }),
      input: t.arg({ type: NfeInputRef, required: true }),
      simular: t.arg.string(),
      waitSeconds: t.arg.float(),
    },
    errors: {},
    resolve: (_r, args, ctx) =>
      correctNfe(ctx.engine, principalOf(ctx), {
        id: args.id,
        body: args.input,
        simular: args.simular ?? null,
        waitSeconds: args.waitSeconds ?? undefined,
      }),
  }),
}));
