import type { CompanyLogoView } from '../../engine/empresas/present-company-logo.js';
import { deleteCompanyLogo } from '../../engine/empresas/delete-company-logo.js';
import { setCompanyLogo } from '../../engine/empresas/set-company-logo.js';
import { builder } from '../builder.js';
import { principalOf } from './principal-of.js';
import { FIELD_WORK } from '../field-work.js';

const CompanyLogoRef = builder.objectRef<CompanyLogoView>('CompanyLogo').implement({
  description: 'The logo printed on the company DANFSe and DANFE (the image itself is not returned).',
  fields: (t) => ({
    empresaId: t.exposeID('empresa_id'),
    tipo: t.exposeString('tipo', { description: 'image/png or image/jpeg.' }),
    largura: t.exposeInt('largura', { description: 'Width in pixels.' }),
    altura: t.exposeInt('altura', { description: 'Height in pixels.' }),
    bytes: t.exposeInt('bytes'),
    atualizadoEm: t.expose('atualizado_em', { type: 'DateTime' }),
  }),
});

const CompanyLogoRemoved = builder.objectRef<{ id: string }>('CompanyLogoRemoved').implement({
  fields: (t) => ({ id: t.exposeID('id') }),
});

builder.mutationFields((t) => ({
  setCompanyLogo: t.field({
    complexity: FIELD_WORK.file,
    type: CompanyLogoRef,
    description:
      'Stores the company logo (live key only): PNG or JPEG in base64, at most 200 KB and 1000×1000 pixels. ' +
      'Printed on its DANFSe and DANFE from then on.',
    authScopes: { authenticated: true },
    args: { id: t.arg.id({ required: true }), arquivo: t.arg.string({ required: true }) },
    errors: {},
    resolve: (_root, { id, arquivo }, ctx) => setCompanyLogo(ctx.engine, principalOf(ctx), { id: String(id), arquivo }),
  }),
  deleteCompanyLogo: t.field({
    type: CompanyLogoRemoved,
    description: 'Removes the company logo (live key only); removing none is not an error.',
    authScopes: { authenticated: true },
    args: { id: t.arg.id({ required: true }) },
    errors: {},
    resolve: (_root, { id }, ctx) => deleteCompanyLogo(ctx.engine, principalOf(ctx), { id: String(id) }),
  }),
}));
