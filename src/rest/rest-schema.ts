import { GraphQLObjectType, GraphQLSchema, type GraphQLFieldResolver } from 'graphql';
import type { SentBody } from '../engine/nucleo/read-body.js';
import type { GraphContext } from '../graph/graph-context.js';
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
 * The schema the REST facade executes: the same types and resolvers, except that a mutation given arguments no
 * GraphQL value carries (RestContext.sentArgs: a body the typed input cannot carry, an uploaded file) receives
 * them in place of the arguments the variables bound. Each field's own resolver still runs whole, so scope checks
 * and the engine's permission checks come before the engine judges the body with its declaration, exactly as for
 * a body that fits.
 */
export function restSchema(schema: GraphQLSchema): GraphQLSchema {
  const known = made.get(schema);
  if (known) return known;
  const mutation = schema.getMutationType();
  if (!mutation) return schema;
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
  const whole = schema.toConfig();
  const rest = new GraphQLSchema({
    ...whole,
    mutation: restMutation,
    types: whole.types.map((t) => (t === mutation ? restMutation : t)),
  });
  made.set(schema, rest);
  return rest;
}
