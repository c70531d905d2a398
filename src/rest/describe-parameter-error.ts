/**
 * openapi-backend validates headers, query and path parameters with Ajv, whose messages are English. Clients
 * read Portuguese (common rules), so each Ajv keyword the document uses gets its own sentence here; an unknown
 * keyword falls back to a generic one rather than leaking English.
 */
const KEYWORDS: Record<string, (p: Record<string, unknown>) => string> = {
  maxLength: (p) => `deve ter no máximo ${p.limit} caracteres.`,
  minLength: (p) => `deve ter pelo menos ${p.limit} caracteres.`,
  pattern: () => 'não está no formato esperado.',
  format: (p) => `não está no formato ${p.format}.`,
  enum: (p) => `deve ser um de: ${(p.allowedValues as unknown[]).join(', ')}.`,
  const: (p) => `deve ser ${String(p.allowedValue)}.`,
  type: (p) => `deve ser do tipo ${TYPES[String(p.type)] ?? p.type}.`,
  minimum: (p) => `deve ser no mínimo ${p.limit}.`,
  maximum: (p) => `deve ser no máximo ${p.limit}.`,
  required: () => 'é obrigatório.',
  additionalProperties: () => 'não é aceito nesta rota.',
};

const TYPES: Record<string, string> = {
  string: 'texto',
  integer: 'inteiro',
  number: 'número',
  boolean: 'booleano',
  array: 'lista',
  object: 'objeto',
};

const LOCATIONS: Record<string, 'header' | 'query'> = {
  headers: 'header',
  header: 'header',
  query: 'query',
  path: 'query',
};

export interface ParameterProblem {
  parameter: { header: string } | { query: string };
  detail: string;
}

/**
 * The parameter an Ajv error is about (`/query/limite`, `/headers/x-service-simular`) and what is wrong, in
 * Portuguese. `declared` gives the document's spelling back to header names, which arrive lower-cased.
 */
export function describeParameterError(
  error: { keyword: string; instancePath: string; params?: unknown },
  declared: string[] = [],
): ParameterProblem {
  const [location = '', ...rest] = error.instancePath.split('/').filter(Boolean);
  const params = (error.params ?? {}) as Record<string, unknown>;
  const raw = rest.join('.') || String(params.missingProperty ?? params.additionalProperty ?? 'requisição');
  const name = declared.find((d) => d.toLowerCase() === raw.toLowerCase()) ?? raw;
  const detail = (KEYWORDS[error.keyword] ?? (() => 'tem um valor inválido.'))(params);
  return { parameter: LOCATIONS[location] === 'header' ? { header: name } : { query: name }, detail };
}
