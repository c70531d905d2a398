import { cancelNfse } from '../../engine/nfse/cancel-nfse.js';
import type { TransmissionDeps } from '../../engine/transmissao/transmission-deps.js';
import { builder } from '../builder.js';
import { NfseRef } from './nfse.js';
import { principalOf } from './principal-of.js';

builder.mutationFields((t) => ({
  cancelNfse: t.field({
    type: NfseRef,
    description:
      'Cancels an authorised NFS-e at the national system (event 101101). input is the body of POST /v1/nfse/{id}/cancelamento: ' +
      '{codigo_motivo: "1" | "2" | "9", motivo: 15-255 characters}. simular: X-Service-Simular for this call (test keys).',
    authScopes: { authenticated: true },
    args: { id: t.arg.string({ required: true }), input: t.arg({ type: 'JSON', required: true }), simular: t.arg.string() },
    errors: {},
    resolve: (_r, args, ctx) => cancelNfse(ctx.engine as TransmissionDeps, principalOf(ctx), { id: args.id, body: args.input, simular: args.simular ?? null }),
  }),
}));
