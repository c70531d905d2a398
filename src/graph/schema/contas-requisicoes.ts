import {
  countRequisicoes,
  listRequisicoes,
  requisicaoCursor,
  type RequisicaoFilter,
  type RequisicaoView,
} from '../../engine/contas/list-requisicoes.js';
import { builder } from '../builder.js';
import { AmbienteRef } from './ambiente.js';
import { assertForward, forwardConnection, pageCost, restShaped } from './forward-connection.js';
import { principalOf } from './principal-of.js';

/** One line of the 30-day request log; the camelCase of GET /v1/requisicoes' members. */
const RequisicaoRef = builder.objectRef<RequisicaoView>('Requisicao').implement({
  description:
    'An authenticated /v1 or GraphQL call: ids, route template and outcome; never a body, a key or personal data.',
  fields: (t) => ({
    id: t.exposeID('id'),
    requisicaoId: t.exposeString('requisicao_id', { description: 'The X-Request-Id of the answer.' }),
    criadoEm: t.expose('criado_em', { type: 'DateTime', description: 'When the call arrived.' }),
    ambiente: t.expose('ambiente', { type: AmbienteRef }),
    chaveId: t.exposeID('chave_id', { description: 'Id of the API key that made the call.' }),
    metodo: t.exposeString('metodo'),
    rota: t.exposeString('rota', {
      description: 'The route template (`/v1/nfse/{id}`, `/graphql`), never the raw URL.',
    }),
    status: t.exposeInt('status', { description: 'HTTP status of the answer.' }),
    codigo: t.exposeString('codigo', {
      nullable: true,
      description: 'Error code of an error answer (GraphQL: the first error).',
    }),
    duracaoMs: t.exposeFloat('duracao_ms', { description: 'Time to answer, in milliseconds.' }),
    notaId: t.exposeID('nota_id', { nullable: true, description: 'The NFS-e or NF-e the call touched.' }),
    loteId: t.exposeID('lote_id', { nullable: true, description: 'The batch the call touched.' }),
    empresaId: t.exposeID('empresa_id', { nullable: true, description: 'The company the call touched.' }),
  }),
});

const RequisicoesFiltroRef = builder.inputType('RequisicoesFiltro', {
  description: 'What the request log is filtered on; every member given must hold.',
  fields: (t) => ({
    desde: t.string({
      description: 'Calls at or after: ISO 8601 date-time with offset, or a date (from 00:00 Brasília time).',
    }),
    ate: t.string({
      description: 'Calls at or before: date-time, or a date (through the end of that day, Brasília time).',
    }),
    status: t.intList({ description: 'Any of these HTTP statuses.' }),
    rota: t.string({ description: 'The route template exactly as the log shows it.' }),
    requisicaoId: t.string({ description: 'The X-Request-Id of one call.' }),
  }),
});

type RequisicoesFiltro = {
  desde?: string | null;
  ate?: string | null;
  status?: readonly number[] | null;
  rota?: string | null;
  requisicaoId?: string | null;
};

const filterOf = (f: RequisicoesFiltro | null | undefined): RequisicaoFilter => ({
  desde: f?.desde ?? null,
  ate: f?.ate ?? null,
  status: f?.status ?? null,
  rota: f?.rota ?? null,
  requisicaoId: f?.requisicaoId ?? null,
});

builder.queryFields((t) => ({
  requisicoes: t.connection({
    type: RequisicaoRef,
    description:
      "The key's environment's calls of the last 30 days, newest first: `first` (1..200, default 50; out of range is an " +
      'error) / `after`, filters, `totalCount`. A key restricted to one company sees only its own calls.',
    authScopes: { authenticated: true },
    args: { filtro: t.arg({ type: RequisicoesFiltroRef }) },
    complexity: pageCost(200, 50),
    resolve: async (_r, args, ctx) => {
      assertForward(args);
      const principal = principalOf(ctx);
      const filter = filterOf(args.filtro);
      const page = await listRequisicoes(ctx.engine, principal, { cursor: args.after, limite: args.first, filter });
      return forwardConnection(args, restShaped(page), requisicaoCursor, () =>
        countRequisicoes(ctx.engine, principal, filter),
      );
    },
  }),
}));
