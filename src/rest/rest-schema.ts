import { GraphQLObjectType, GraphQLSchema, type GraphQLFieldResolver } from 'graphql';
import type { SentBody } from '../engine/nucleo/read-body.js';
import type { GraphContext } from '../graph/graph-context.js';

/** The context of a REST call: a body the typed input cannot carry travels here, in the declared shape. */
export interface RestContext extends GraphContext {
  sentBody?: { argument: string; body: SentBody };
}

const made = new WeakMap<GraphQLSchema, GraphQLSchema>();

/**
 * The schema the REST facade executes: the same types and resolvers, except that a mutation given a body the
 * typed input cannot carry (RestContext.sentBody) receives that body as the argument instead. Each field's own
 * resolver still runs whole, so scope checks and the engine's permission checks come before the engine judges
 * the body with its declaration, exactly as for a body that fits.
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
      const withSentBody: GraphQLFieldResolver<unknown, RestContext> = (source, args, ctx, info) =>
        resolve(source, ctx.sentBody ? { ...args, [ctx.sentBody.argument]: ctx.sentBody.body } : args, ctx, info);
      return [name, { ...field, resolve: withSentBody }];
    }),
  );
  const restMutation = new GraphQLObjectType({ ...config, fields });
  const whole = schema.toConfig();
  const rest = new GraphQLSchema({ ...whole, mutation: restMutation, types: whole.types.map((t) => (t === mutation ? restMutation : t)) });
  made.set(schema, rest);
  return rest;
}
