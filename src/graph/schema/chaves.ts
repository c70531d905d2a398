import { assertPanelPrincipal } from '../../engine/chaves/assert-panel-principal.js';
import { createApiKey } from '../../engine/chaves/create-api-key.js';
import { listApiKeys, type ApiKeyView } from '../../engine/chaves/list-api-keys.js';
import { revokeApiKey } from '../../engine/chaves/revoke-api-key.js';
import { builder } from '../builder.js';
import type { GraphContext } from '../graph-context.js';
import { AmbienteRef } from './ambiente.js';
import { principalOf } from './principal-of.js';

const ApiKeyRef = builder.objectRef<ApiKeyView>('ApiKey').implement({
  description: 'An API key of the account as the operator panel shows it: never the key itself.',
  fields: (t) => ({
    id: t.exposeID('id'),
    ambiente: t.field({ type: AmbienteRef, resolve: (k) => k.ambiente }),
    prefixo: t.exposeString('prefixo', { description: 'The first characters of the key (svc_live_…).' }),
    empresaId: t.exposeID('empresa_id', { nullable: true, description: 'The one company the key is restricted to.' }),
    criadaEm: t.expose('criada_em', { type: 'DateTime' }),
    revogadaEm: t.expose('revogada_em', { type: 'DateTime', nullable: true }),
  }),
});

const ApiKeyCreatedRef = builder.objectRef<{ chave: string; apiKey: ApiKeyView }>('ApiKeyCreated').implement({
  description: 'A new key: `chave` is shown only in this answer; only its hash is stored.',
  fields: (t) => ({ chave: t.exposeString('chave'), apiKey: t.expose('apiKey', { type: ApiKeyRef }) }),
});

const ApiKeyInput = builder.inputType('ApiKeyInput', {
  fields: (t) => ({
    ambiente: t.field({ type: AmbienteRef, required: true, description: 'producao: svc_live_; sandbox: svc_test_.' }),
    empresaId: t.id({ description: 'Restricts the key to this company of the account.' }),
  }),
});

/** Keys are managed in the operator panel only: a call with an API key gets DomainError acesso_negado. */
const panelPrincipal = (ctx: GraphContext) => {
  const principal = principalOf(ctx);
  assertPanelPrincipal(principal);
  return principal;
};

const oneKey = async (ctx: GraphContext, id: string) =>
  (await listApiKeys(ctx.engine, principalOf(ctx), { ids: [id] }))[0]!;

builder.queryFields((t) => ({
  apiKeys: t.field({
    type: [ApiKeyRef],
    description:
      'Every API key of the account (both environments), newest first. Operator panel only (an API key gets the error acesso_negado).',
    authScopes: { authenticated: true },
    resolve: (_r, _a, ctx) => listApiKeys(ctx.engine, panelPrincipal(ctx)),
  }),
}));

builder.mutationFields((t) => ({
  createApiKey: t.field({
    type: ApiKeyCreatedRef,
    description: 'Creates an API key and returns it once. Operator panel only.',
    authScopes: { authenticated: true },
    args: { input: t.arg({ type: ApiKeyInput, required: true }) },
    errors: {},
    resolve: async (_r, { input }, ctx) => {
      const principal = panelPrincipal(ctx);
      const created = await createApiKey(ctx.engine, {
        accountId: principal.accountId,
        environment: input.ambiente === 'producao' ? 'live' : 'test',
        companyId: input.empresaId == null ? null : String(input.empresaId),
      });
      return { chave: created.key, apiKey: await oneKey(ctx, created.id) };
    },
  }),
  revokeApiKey: t.field({
    type: ApiKeyRef,
    description: 'Revokes a key of the account at once (idempotent). Operator panel only.',
    authScopes: { authenticated: true },
    args: { id: t.arg.id({ required: true }) },
    errors: {},
    resolve: async (_r, { id }, ctx) => {
      const principal = panelPrincipal(ctx);
      const revoked = await revokeApiKey(ctx.engine, { id: String(id), accountId: principal.accountId });
      return oneKey(ctx, revoked.id);
    },
  }),
}));
