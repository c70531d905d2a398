import { builder } from '../builder.js';
import { principalOf } from './principal-of.js';

// Read straight from Prisma through plugin-prisma: a plain row with no domain rules to apply.
builder.prismaObject('Account', {
  name: 'Account',
  fields: (t) => ({
    id: t.exposeID('id'),
    nome: t.exposeString('name'),
    plano: t.exposeString('plan'),
    criadoEm: t.expose('createdAt', { type: 'DateTime' }),
  }),
});

builder.queryFields((t) => ({
  account: t.prismaField({
    type: 'Account',
    description: 'The account of the calling key.',
    authScopes: { authenticated: true },
    resolve: (query, _root, _args, ctx) =>
      ctx.engine.db.account.findUniqueOrThrow({ ...query, where: { id: principalOf(ctx).accountId } }),
  }),
}));
