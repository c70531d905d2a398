import {
  coerceInputValue,
  execute,
  isInputObjectType,
  getNullableType,
  parse,
  typeFromAST,
  validate,
  type DocumentNode,
  type GraphQLInputType,
  type GraphQLSchema,
} from 'graphql';
import { EngineError, isEngineError, type ErrorCode } from '../engine/errors.js';
import type { GraphContext } from '../graph/graph-context.js';
import { snakeKeys } from '../graph/snake-keys.js';
import { inputOfBody } from './input-of-body.js';
import type { BodyDeclaration } from '../engine/nucleo/read-body.js';
import { restSchema, type RestContext } from './rest-schema.js';
import { UploadedFile } from './uploaded-file.js';

const DOMAIN_ERROR_FRAGMENT = `
fragment DomainErrorFields on DomainError { codigo mensagem campo correcao codigoOficial extra }`;

export interface PreparedDocument {
  document: DocumentNode;
  rootField: string;
  /** The variable that carries the JSON body as a typed input object, if the operation takes one. */
  bodyInput: { name: string; type: GraphQLInputType; declaration?: BodyDeclaration; argument?: string } | null;
  /** The root field's argument each variable is bound to. */
  argumentOf: Record<string, string>;
}

/**
 * Parsed and validated once at start, so a broken document fails the boot (and the drift test), not a request;
 * against the schema REST executes, which has the REST-only fields.
 */
export function prepareDocument(
  publicSchema: GraphQLSchema,
  source: string,
  declaration?: BodyDeclaration,
): PreparedDocument {
  const schema = restSchema(publicSchema);
  const document = parse(source.includes('...DomainErrorFields') ? source + DOMAIN_ERROR_FRAGMENT : source);
  const errors = validate(schema, document);
  if (errors.length) throw new Error(`invalid REST document:\n${source}\n${errors.map((e) => e.message).join('\n')}`);
  const op = document.definitions.find((d) => d.kind === 'OperationDefinition');
  const field = op && 'selectionSet' in op ? op.selectionSet.selections[0] : undefined;
  if (!field || field.kind !== 'Field') throw new Error('a REST document selects exactly one root field');
  const inputs = (op?.kind === 'OperationDefinition' ? (op.variableDefinitions ?? []) : [])
    .map((d) => ({ name: d.variable.name.value, type: typeFromAST(schema, d.type as never) as GraphQLInputType }))
    .filter((v) => isInputObjectType(getNullableType(v.type)));
  if (inputs.length > 1) throw new Error(`a REST document takes at most one input object:\n${source}`);
  if (declaration && !inputs[0])
    throw new Error(`a REST document with a body declaration takes an input object:\n${source}`);
  const argumentOf = Object.fromEntries(
    (field.arguments ?? []).flatMap((a) => (a.value.kind === 'Variable' ? [[a.value.name.value, a.name.value]] : [])),
  );
  // The root field's argument that receives the body, where a body the input type cannot carry is given instead.
  const argument = inputs[0] && argumentOf[inputs[0].name];
  if (inputs[0]) {
    let emptyFits = true;
    coerceInputValue({}, inputs[0].type, () => (emptyFits = false));
    // The typed input stands empty beside a body it cannot carry, so every member of a body's input is optional.
    if (!emptyFits || !argument)
      throw new Error(
        `a REST document with a body passes it as one argument whose type's members are all optional:\n${source}`,
      );
  }
  return {
    document,
    rootField: field.alias?.value ?? field.name.value,
    bodyInput: inputs[0] ? { ...inputs[0], declaration, argument } : null,
    argumentOf,
  };
}

/**
 * Executes in-process (no HTTP hop). Returns the root field's data snake_cased, or throws the EngineError the
 * field returned as a DomainError (or threw). Anything else is unexpected and becomes a 500.
 */
export async function executePrepared(
  schema: GraphQLSchema,
  prepared: PreparedDocument,
  variables: Record<string, unknown>,
  context: GraphContext,
): Promise<Record<string, unknown>> {
  const variableValues = { ...variables };
  const sentArgs: NonNullable<RestContext['sentArgs']> = {};
  if (prepared.bodyInput) {
    const { name, type, argument } = prepared.bodyInput;
    const { input, sent } = inputOfBody(type, variables[name]);
    variableValues[name] = input;
    if (sent) sentArgs[argument!] = sent;
  }
  // An uploaded file is no GraphQL value: its variable stays null and the resolver gets the file.
  for (const [name, value] of Object.entries(variables)) {
    if (!(value instanceof UploadedFile)) continue;
    variableValues[name] = null;
    sentArgs[prepared.argumentOf[name]!] = value;
  }
  const contextValue: RestContext = Object.keys(sentArgs).length ? { ...context, sentArgs } : context;
  const result = await execute({
    schema: restSchema(schema),
    document: prepared.document,
    variableValues,
    contextValue,
  });
  if (result.errors?.length) {
    const original = result.errors[0]!.originalError;
    if (isEngineError(original)) throw original;
    // No data at all: the variables did not fit the document's types (a body member missing or of another
    // type), so no resolver ran. The caller's request is malformed; it is not a service failure.
    if (result.data === undefined) {
      throw new EngineError('requisicao_invalida', 'O corpo ou os parâmetros não têm a forma esperada pela rota.', {
        correcao: 'Confira os campos obrigatórios e seus tipos na documentação da rota.',
      });
    }
    throw new Error(`GraphQL execution failed: ${result.errors.map((e) => e.message).join('; ')}`, { cause: original });
  }
  const data = (result.data as Record<string, unknown>)[prepared.rootField] as Record<string, unknown>;
  if (data && data.__typename === 'DomainError') {
    throw new EngineError(data.codigo as ErrorCode, data.mensagem as string, {
      campo: data.campo as string | null,
      correcao: data.correcao as string | null,
      codigoOficial: data.codigoOficial as string | null,
      extra: (data.extra as Record<string, unknown>) ?? {},
    });
  }
  return snakeKeys(data) as Record<string, unknown>;
}
