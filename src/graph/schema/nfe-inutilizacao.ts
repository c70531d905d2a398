import { inutilizeNfe } from '../../engine/nfe/inutilize-nfe.js';
import { countInutilizacoes, inutilizacaoCursor, listInutilizacoes } from '../../engine/nfe/list-inutilizacoes.js';
import type { InutilizacaoView } from '../../engine/nfe/present-inutilizacao.js';
import { builder } from '../builder.js';
import { AmbienteRef, type Ambiente } from './ambiente.js';
import { assertForward, forwardConnection, pageCost, restShaped } from './forward-connection.js';
import { principalOf } from './principal-of.js';
import { FIELD_WORK } from '../field-work.js';

/** `transmitindo` while the authority's answer is awaited (the range is reserved), `homologada` after cStat 102. */
const InutilizacaoStatusRef = builder.enumType('NfeInutilizacaoStatus', {
  values: ['transmitindo', 'homologada'] as const,
});

/** A voided range of a series (inutilização); field names are the camelCase of the REST/webhook names. */
const NfeInutilizacaoRef = builder.objectRef<InutilizacaoView>('NfeInutilizacao').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    empresaId: t.exposeID('empresa_id'),
    ambiente: t.field({ type: AmbienteRef, resolve: (r) => r.ambiente as Ambiente }),
    serie: t.exposeString('serie'),
    numeroInicial: t.exposeString('numero_inicial'),
    numeroFinal: t.exposeString('numero_final'),
    justificativa: t.exposeString('justificativa', { description: 'Why the numbers are voided (xJust).' }),
    status: t.field({ type: InutilizacaoStatusRef, resolve: (r) => r.status as 'transmitindo' | 'homologada' }),
    protocolo: t.exposeString('protocolo', { nullable: true, description: 'nProt of the homologation.' }),
    nfeId: t.exposeID('nfe_id', {
      nullable: true,
      description: 'The rejected note whose descarte voided this number.',
    }),
    criadaEm: t.expose('criada_em', { type: 'DateTime' }),
    atualizadaEm: t.expose('atualizada_em', { type: 'DateTime' }),
  }),
});

const NfeInutilizacaoInput = builder.inputType('NfeInutilizacaoInput', {
  description:
    "Body of POST /v1/nfe/inutilizacoes; members are optional here because the engine's validator judges them all at once.",
  fields: (t) => ({
    empresaId: t.id({ description: 'Waived for a key restricted to one company.' }),
    serie: t.string({ description: 'The series, "0" to "889", as in issuance.' }),
    numeroInicial: t.int({ description: '1 to 999999999.' }),
    numeroFinal: t.int({ description: 'Equal to numeroInicial for one number.' }),
    justificativa: t.string({ description: '15 to 255 characters (xJust).' }),
  }),
});

builder.queryFields((t) => ({
  nfeInutilizacoes: t.connection({
    type: NfeInutilizacaoRef,
    description:
      'Numbers voided and why, newest first: `first` (default 50, 1..100; out of range is an error, ' +
      "as GET /v1/nfe/inutilizacoes's limite) / `after`, `empresaId` filters, `totalCount`. The REST list executes this field.",
    authScopes: { authenticated: true },
    args: { empresaId: t.arg.id() },
    complexity: pageCost(100, 50),
    resolve: async (_r, args, ctx) => {
      assertForward(args);
      const principal = principalOf(ctx);
      const empresaId = args.empresaId == null ? null : String(args.empresaId);
      const page = await listInutilizacoes(ctx.engine, principal, {
        cursor: args.after,
        limite: args.first,
        empresaId,
      });
      return forwardConnection(args, restShaped(page), inutilizacaoCursor, () =>
        countInutilizacoes(ctx.engine, principal, empresaId),
      );
    },
  }),
}));

builder.mutationFields((t) => ({
  inutilizeNfe: t.field({
    complexity: FIELD_WORK.authority,
    type: NfeInutilizacaoRef,
    description:
      'Voids a range of NF-e numbers at the state authority (NFeInutilizacao4). DomainErrors: validacao, nfe_numeros_em_uso and nfe_numeracao_inutilizada (409), inutilizacao_recusada (422, codigo_oficial = cStat), servico_indisponivel (503: range kept reserved; repeat to resend).',
    authScopes: { authenticated: true },
    args: { input: t.arg({ type: NfeInutilizacaoInput, required: true }) },
    errors: {},
    resolve: (_r, args, ctx) => inutilizeNfe(ctx.engine, principalOf(ctx), args.input),
  }),
}));
