import { assertPanelPrincipal } from '../../engine/chaves/assert-panel-principal.js';
import type { Principal } from '../../engine/chaves/principal.js';
import { EngineError } from '../../engine/errors.js';
import { countDeadJobs, listDeadJobs, type DeadJobView } from '../../engine/fila/list-dead-jobs.js';
import { retryDeadNfe } from '../../engine/nfe/retry-dead-nfe.js';
import { retryDeadNfse } from '../../engine/nfse/transmissao/retry-dead-nfse.js';
import { decodeKeyset, encodeKeyset } from '../../engine/nucleo/keyset.js';
import { isUuid } from '../../engine/nucleo/new-id.js';
import { builder } from '../builder.js';
import { FIELD_WORK } from '../field-work.js';
import type { GraphContext } from '../graph-context.js';
import { assertForward, forwardConnection, pageCost, pageSize } from './forward-connection.js';
import { principalOf } from './principal-of.js';

const DocumentoTransmitidoRef = builder.enumType('DocumentoTransmitido', {
  description: 'The kind of document a transmission job sends.',
  values: ['nfse', 'nfe'] as const,
});

const TransmissaoDesistidaRef = builder.objectRef<DeadJobView>('TransmissaoDesistida').implement({
  description:
    'A transmission job that gave up (attempts spent, or the NFS-e 7-day recovery limit): an NFS-e in falha_transmissao, or an NF-e whose aviso says transmissao_esgotada.',
  fields: (t) => ({
    id: t.exposeID('id', { description: 'The job: what retryTransmissao takes.' }),
    documento: t.field({ type: DocumentoTransmitidoRef, resolve: (j) => j.documento }),
    documentoId: t.exposeID('documento_id', { description: 'The NFS-e or NF-e the job transmits.' }),
    referencia: t.exposeString('referencia', { nullable: true, description: "The document's referencia." }),
    tentativas: t.exposeInt('tentativas', { description: 'Attempts made before giving up.' }),
    motivo: t.exposeString('motivo', { description: 'Why the job gave up.' }),
    desistiuEm: t.expose('desistiu_em', { type: 'DateTime' }),
  }),
});

const TransmissaoRetomadaRef = builder
  .objectRef<{ id: string; documento: 'nfse' | 'nfe'; documentoId: string; status: string }>('TransmissaoRetomada')
  .implement({
    description: 'A dead job due again: its document back in transmission (an NFS-e is transmitindo again).',
    fields: (t) => ({
      id: t.exposeID('id'),
      documento: t.field({ type: DocumentoTransmitidoRef, resolve: (j) => j.documento }),
      documentoId: t.exposeID('documentoId'),
      status: t.exposeString('status', { description: "The document's status after the retry." }),
    }),
  });

const CORRECAO = 'Veja e repita as transmissões desistidas pelo painel do operador (/painel) ou pela CLI (jobs dead).';
const DEAD_TAG = 'dead1';

/** Operators' work: a call with an API key gets acesso_negado; the panel's account and environment scope it. */
const panelPrincipal = (ctx: GraphContext): Principal => {
  const principal = principalOf(ctx);
  assertPanelPrincipal(principal, CORRECAO);
  return principal;
};

const deadJobCursor = (job: DeadJobView) =>
  encodeKeyset(DEAD_TAG, { createdAt: new Date(job.desistiu_em), id: job.id });

builder.queryFields((t) => ({
  transmissoesDesistidas: t.connection({
    type: TransmissaoDesistidaRef,
    description:
      'Transmission jobs of the account that gave up, latest first: `first` (default 20, 1..100) / `after`, `totalCount`. Operator panel only (an API key gets the error acesso_negado).',
    authScopes: { authenticated: true },
    complexity: pageCost(100, 20),
    resolve: async (_r, args, ctx) => {
      assertForward(args);
      const principal = panelPrincipal(ctx);
      const scope = { accountId: principal.accountId, environment: principal.environment };
      const limit = pageSize(args, 20, 100);
      const after = args.after ? decodeKeyset(DEAD_TAG, args.after) : null;
      const rows = await listDeadJobs(ctx.engine, { ...scope, after, limit: limit + 1 });
      return forwardConnection(
        args,
        { nodes: rows.slice(0, limit), hasNextPage: rows.length > limit },
        deadJobCursor,
        () => countDeadJobs(ctx.engine, scope),
      );
    },
  }),
}));

builder.mutationFields((t) => ({
  retryTransmissao: t.field({
    type: TransmissaoRetomadaRef,
    description:
      'Retries a dead transmission job of the account: due now, with fresh attempts (an NFS-e goes back to transmitindo; the DPS is queried before any resend). Operator panel only. DomainErrors: nao_encontrado (no dead job of the account with this id), acesso_negado.',
    authScopes: { authenticated: true },
    complexity: FIELD_WORK.authority,
    args: { id: t.arg.id({ required: true }) },
    errors: {},
    resolve: async (_r, args, ctx) => {
      const principal = panelPrincipal(ctx);
      const id = String(args.id);
      const [job] = isUuid(id)
        ? await listDeadJobs(ctx.engine, { id, accountId: principal.accountId, environment: principal.environment })
        : [];
      if (!job)
        throw new EngineError('nao_encontrado', `Nenhuma transmissão desistida desta conta com o id ${id}.`, {
          correcao: 'Liste as transmissões desistidas (transmissoesDesistidas) e use o id de uma delas.',
        });
      const note =
        job.documento === 'nfe' ? await retryDeadNfe(ctx.engine, job.id) : await retryDeadNfse(ctx.engine, job.id);
      return { id: job.id, documento: job.documento, documentoId: note.id, status: note.status };
    },
  }),
}));
