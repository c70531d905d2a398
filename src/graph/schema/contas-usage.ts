import { accountLimits } from '../../engine/contas/account-limits.js';
import { getUsage, type PorAmbiente } from '../../engine/contas/get-usage.js';
import { ambienteOf } from '../../engine/chaves/principal.js';
import { builder } from '../builder.js';
import { principalOf } from './principal-of.js';

const AccountLimitsRef = builder.objectRef<ReturnType<typeof accountLimits>>('AccountLimits').implement({
  description: 'Limits in force for the calling key.',
  fields: (t) => ({
    requisicoesPorMinuto: t.exposeInt('requisicoesPorMinuto'),
    itensPorLote: t.exposeInt('itensPorLote'),
    corpoMaximoBytes: t.exposeInt('corpoMaximoBytes'),
    loteJsonMaximoBytes: t.exposeInt('loteJsonMaximoBytes'),
    lotePlanilhaMaximoBytes: t.exposeInt('lotePlanilhaMaximoBytes'),
    referenciaMaximoCaracteres: t.exposeInt('referenciaMaximoCaracteres'),
    retencaoEventosDias: t.exposeInt('retencaoEventosDias'),
    idempotenciaExclusivaHoras: t.exposeInt('idempotenciaExclusivaHoras'),
  }),
});

builder.prismaObjectFields('Account', (t) => ({
  email: t.exposeString('email', { nullable: true, description: "The owner's e-mail (webhook outage notices)." }),
  ambiente: t.string({
    description: 'Environment of the calling key: sandbox or producao.',
    resolve: (_a, _args, ctx) => ambienteOf(principalOf(ctx).environment),
  }),
  limites: t.field({
    type: AccountLimitsRef,
    resolve: (_a, _args, ctx) => accountLimits(principalOf(ctx).environment),
  }),
}));

const PorAmbienteRef = builder.objectRef<PorAmbiente>('UsageByEnvironment').implement({
  fields: (t) => ({ sandbox: t.exposeInt('sandbox'), producao: t.exposeInt('producao') }),
});

const ReceivedCountsRef = builder
  .objectRef<{ nfse: number; nfe: number; cte: number }>('UsageReceivedDocuments')
  .implement({
    fields: (t) => ({ nfse: t.exposeInt('nfse'), nfe: t.exposeInt('nfe'), cte: t.exposeInt('cte') }),
  });

const UsageRef = builder.objectRef<Awaited<ReturnType<typeof getUsage>>>('Usage').implement({
  description: 'Consumption of the account in the current cycle (calendar month, Brasília time).',
  fields: (t) => ({
    ciclo: t.exposeString('ciclo', { description: 'YYYY-MM' }),
    inicio: t.expose('inicio', { type: 'DateTime' }),
    fim: t.expose('fim', { type: 'DateTime' }),
    notasEmitidas: t.expose('notasEmitidas', { type: PorAmbienteRef, description: 'NFS-e authorised in the cycle.' }),
    nfeEmitidas: t.expose('nfeEmitidas', {
      type: PorAmbienteRef,
      description: 'NF-e (model 55) authorised in the cycle, cancelled ones included.',
    }),
    documentosRecebidos: t.expose('documentosRecebidos', {
      type: ReceivedCountsRef,
      description: 'Documents captured in the cycle (production).',
    }),
    requisicoes: t.expose('requisicoes', { type: PorAmbienteRef, description: 'Authenticated /v1 requests.' }),
    lotes: t.expose('lotes', { type: PorAmbienteRef, description: 'Batches with notes created in the cycle.' }),
  }),
});

builder.queryFields((t) => ({
  usage: t.field({
    type: UsageRef,
    description: 'Consumption of the current cycle; test keys may read it.',
    authScopes: { authenticated: true },
    resolve: (_r, _args, ctx) => getUsage(ctx.engine, principalOf(ctx)),
  }),
}));
