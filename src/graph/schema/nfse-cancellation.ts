import { cancelNfse } from '../../engine/nfse/cancel-nfse.js';
import { builder } from '../builder.js';
import { NfseRef } from './nfse.js';
import { principalOf } from './principal-of.js';
import { FIELD_WORK } from '../field-work.js';

const CancelamentoInput = builder.inputType('NfseCancelamentoInput', {
  fields: (t) => ({
    codigoMotivo: t.string({ description: 'The national cMotivo: "1", "2" or "9".' }),
    motivo: t.string({ description: '15 to 255 characters.' }),
  }),
});

builder.mutationFields((t) => ({
  cancelNfse: t.field({
    complexity: FIELD_WORK.authority,
    type: NfseRef,
    description:
      'Cancels an authorised NFS-e at the national system (event 101101). ' +
      'simular: X-Service-Simular for this call (test keys).',
    authScopes: { authenticated: true },
    args: {
      id: t.arg.string({ required: true }),
      input: t.arg({ type: CancelamentoInput, required: true }),
      simular: t.arg.string(),
    },
    errors: {},
    resolve: (_r, args, ctx) =>
      cancelNfse(ctx.engine, principalOf(ctx), {
        id: args.id,
        body: args.input,
        simular: args.simular ?? null,
      }),
  }),
}));
