import { getReadiness, type Readiness } from '../../engine/prontidao/get-readiness.js';
import { builder } from '../builder.js';
import { principalOf } from './principal-of.js';

export const ReadinessItemRef = builder.objectRef<Readiness['itens'][number]>('ReadinessItem').implement({
  fields: (t) => ({
    item: t.exposeString('item'),
    situacao: t.exposeString('situacao'),
    mensagem: t.exposeString('mensagem'),
    correcao: t.exposeString('correcao', { nullable: true }),
    fonte: t.string({
      nullable: true,
      description:
        'Municipal items: where the fact came from (an act, the national API, the official list, our table).',
      resolve: (i) => i.fonte ?? null,
    }),
    versao: t.string({
      nullable: true,
      description: 'Municipal items: the version of the data that answered.',
      resolve: (i) => i.versao ?? null,
    }),
  }),
});

export const ReadinessRef = builder.objectRef<Readiness>('Readiness').implement({
  description: 'Whether a company can issue: situacao is the worst of its items.',
  fields: (t) => ({
    empresaId: t.exposeID('empresa_id'),
    situacao: t.exposeString('situacao'),
    itens: t.expose('itens', { type: [ReadinessItemRef] }),
  }),
});

builder.queryFields((t) => ({
  readiness: t.field({
    type: ReadinessRef,
    authScopes: { authenticated: true },
    args: { companyId: t.arg.id({ required: true }) },
    errors: {},
    resolve: (_root, { companyId }, ctx) => getReadiness(ctx.engine, principalOf(ctx), { id: String(companyId) }),
  }),
}));
