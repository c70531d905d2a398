import { extendSchema, GraphQLObjectType, GraphQLSchema, parse, type GraphQLFieldResolver } from 'graphql';
import type { NfeAjuste } from '../engine/nfe/nfe-ajuste.js';
import type { NfeView } from '../engine/nfe/present-nfe.js';
import type { SentBody } from '../engine/nucleo/read-body.js';
import type { GraphContext } from '../graph/graph-context.js';
import { inWireShape } from '../graph/snake-keys.js';
import type { UploadedFile } from './uploaded-file.js';

/**
 * The context of a REST call: arguments no GraphQL value carries travel here, by argument name — a body the
 * typed input cannot carry, in the declared shape (SentBody), and an uploaded file, on disk.
 */
export interface RestContext extends GraphContext {
  sentArgs?: Record<string, SentBody | UploadedFile>;
}

const made = new WeakMap<GraphQLSchema, GraphQLSchema>();

/**
 * Fields only the REST documents select, not in the public schema: a member of a resource already in its REST
 * shape, where GraphQL's completion of it object by object (and the snake-casing after) would cost more than the
 * rest of the answer. `Nfe.ajustesRest` is `Nfe.ajustes` as the REST documents select it (NFE_FIELDS): a
 * calculated note carries about 200 adjustments.
 */
const REST_FIELDS = parse('extend type Nfe { ajustesRest: JSON! }');

/** Each adjustment with the members, order and nulls of `ajustes { campo … regrasEmpresa { id descricao } }`. */
function ajustesRest(note: NfeView): unknown[] {
  return inWireShape(
    (note.ajustes as NfeAjuste[]).map((a) => ({
      campo: a.campo,
      acao: a.acao,
      motivo: a.motivo,
      regra: a.regra,
      versao: a.versao,
      fonte: a.fonte,
      valor: a.valor ?? null,
      enviado: a.enviado ?? null,
      regras_empresa: a.regras_empresa?.map((r) => ({ id: r.id, descricao: r.descricao })) ?? null,
    })),
  );
}

/**
 * The schema the REST facade executes: the same types and resolvers with the REST_FIELDS beside them, except that
 * a mutation given arguments no GraphQL value carries (RestContext.sentArgs: a body the typed input cannot carry,
 * an uploaded file) receives them in place of the arguments the variables bound. Each field's own resolver still
 * runs whole, so scope checks and the engine's permission checks come before the engine judges the body with its
 * declaration, exactly as for a body that fits.
 */
export function restSchema(schema: GraphQLSchema): GraphQLSchema {
  const known = made.get(schema);
  if (known) return known;
  const extended = withRestFields(schema);
  const mutation = extended.getMutationType();
  if (!mutation) return extended;
  const config = mutation.toConfig();
  const fields = Object.fromEntries(
    Object.entries(config.fields).map(([name, field]) => {
      const resolve = field.resolve as GraphQLFieldResolver<unknown, RestContext> | undefined;
      if (!resolve) return [name, field];
      const withSentArgs: GraphQLFieldResolver<unknown, RestContext> = (source, args, ctx, info) =>
        resolve(source, ctx.sentArgs ? { ...args, ...ctx.sentArgs } : args, ctx, info);
      return [name, { ...field, resolve: withSentArgs }];
    }),
  );
  const restMutation = new GraphQLObjectType({ ...config, fields });
  const whole = extended.toConfig();
  const rest = new GraphQLSchema({
    ...whole,
    mutation: restMutation,
    types: whole.types.map((t) => (t === mutation ? restMutation : t)),
  });
  made.set(schema, rest);
  return rest;
}

/** extendSchema keeps every type's resolvers and extensions; the new fields get theirs here. */
function withRestFields(schema: GraphQLSchema): GraphQLSchema {
  if (!schema.getType('Nfe')) return schema;
  const extended = extendSchema(schema, REST_FIELDS, { assumeValidSDL: true });
  const nfe = extended.getType('Nfe') as GraphQLObjectType<NfeView>;
  nfe.getFields().ajustesRest!.resolve = ajustesRest;
  return extended;
}
