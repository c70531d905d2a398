import type { NfeAjuste } from '../../engine/nfe/nfe-ajuste.js';
import { previewNfe, type NfePreview } from '../../engine/nfe/preview-nfe.js';
import { builder } from '../builder.js';
import { NfeAdjustmentRef } from './nfe.js';
import { NfeInputRef } from './nfe-input.js';
import { principalOf } from './principal-of.js';
import { FIELD_WORK } from '../field-work.js';

const NfePreviewRef = builder.objectRef<NfePreview>('NfePreview').implement({
  description:
    'The NF-e an issuance request would produce, not sent and not stored: the signed XML (no protocol) and its DANFE stamped ' +
    'as a preview. numero is what the series would take now (not reserved); chaveAcesso follows it.',
  fields: (t) => ({
    serie: t.exposeString('serie'),
    numero: t.exposeString('numero'),
    chaveAcesso: t.exposeString('chaveAcesso'),
    valorTotal: t.expose('valorTotal', { type: 'Decimal' }),
    ajustes: t.field({ type: [NfeAdjustmentRef], resolve: (p) => p.ajustes as NfeAjuste[] }),
    xml: t.exposeString('xml'),
    danfePdfBase64: t.string({ resolve: (p) => p.danfe.toString('base64') }),
  }),
});

builder.mutationFields((t) => ({
  previewNfe: t.field({
    complexity: FIELD_WORK.preview,
    type: NfePreviewRef,
    description:
      'Previews an NF-e: validated exactly as issueNfe (the same DomainErrors: validacao, empresa_nao_pronta, referencia_duplicada…), ' +
      'nothing stored, no number taken, nothing sent to the authority.',
    authScopes: { authenticated: true },
    args: { input: t.arg({ type: NfeInputRef, required: true }) },
    errors: {},
    resolve: (_r, args, ctx) => previewNfe(ctx.engine, principalOf(ctx), { body: args.input }),
  }),
}));
