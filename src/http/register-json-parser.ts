import type { FastifyBodyParser, FastifyInstance, FastifyRequest } from 'fastify';
import { EngineError } from '../engine/errors.js';
import { BODY_LIMITS } from '../engine/nucleo/body-limits.js';
import { ptr } from '../engine/nucleo/coletor.js';
import { depthIssue } from '../engine/nucleo/limit-issues.js';

const invalidJson = () =>
  new EngineError('requisicao_invalida', 'O corpo não é um JSON válido.', {
    correcao: 'Envie um JSON bem formado com Content-Type: application/json.',
  });
// Well-formed JSON, refused on purpose: a `__proto__` or `constructor.prototype` member could poison objects
// built from the body, and no request of the API has such a member.
const prototypeKey = () =>
  new EngineError(
    'requisicao_invalida',
    'O JSON do corpo contém a chave __proto__ ou constructor.prototype, que não é aceita.',
    {
      correcao: 'Remova a chave __proto__ (ou constructor.prototype) do corpo.',
    },
  );

function parsesAsJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const OPEN = new Set([0x7b, 0x5b]);
const CLOSE = new Set([0x7d, 0x5d]);

/**
 * The JSON Pointer of the first object or list of `text` nested `max` levels deep, or null: one pass over the
 * characters, before JSON.parse builds (and the readers walk) a structure of any depth. Member names are taken
 * as written; malformed JSON is left for the parser to refuse.
 */
function tooDeepAt(text: string, max: number): string | null {
  const path: Array<string | number> = [];
  let expectKey = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      const start = i + 1;
      for (i++; i < text.length && text.charCodeAt(i) !== QUOTE; i++) if (text.charCodeAt(i) === BACKSLASH) i++;
      if (expectKey) path[path.length - 1] = text.slice(start, i);
      expectKey = false;
    } else if (OPEN.has(c)) {
      if (path.length >= max) return path.reduce<string>((campo, key) => ptr(campo, key), '');
      expectKey = c === 0x7b;
      path.push(expectKey ? '' : 0);
    } else if (CLOSE.has(c)) {
      path.pop();
      expectKey = false;
    } else if (c === COMMA) {
      const top = path.length - 1;
      if (typeof path[top] === 'number') path[top]++;
      else expectKey = true;
    }
  }
  return null;
}

const tooDeep = (campo: string) =>
  new EngineError('validacao', 'A requisição tem campos inválidos.', {
    correcao: 'Corrija cada item de erros e envie de novo.',
    extra: { erros: [depthIssue(campo)] },
  });

/**
 * A Fastify body parser's answer as a promise. Its type admits both forms: Fastify's default JSON parser answers
 * through the callback, a parser of the promise form by what it returns.
 */
export function runBodyParser(parser: FastifyBodyParser<string>, req: FastifyRequest, text: string): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const returned = parser(req, text, (err, value) => (err ? reject(err) : resolve(value)));
    if (returned instanceof Promise) returned.then(resolve, reject);
  });
}

/**
 * Malformed JSON is the caller's error (400 requisicao_invalida), never a 500; JSON nested past
 * `BODY_LIMITS.depth` is 422 `validacao` (profundidade_excedida at its pointer), refused before it is parsed. Fastify's own parser is kept for its
 * __proto__/constructor poisoning checks, but its string registration for application/json would win over a
 * pattern, so it is replaced by one parser for application/json and every +json type.
 */
export function registerJsonParser(app: FastifyInstance): void {
  const secureJson = app.getDefaultJsonParser('error', 'error');
  // No route takes text/plain: without its default parser such a body is 415, not a JSON parse error.
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser(/^application\/(.+\+)?json/, { parseAs: 'string' }, (req, body, done) => {
    if (String(body).trim() === '') return done(null, undefined);
    const deep = tooDeepAt(String(body), BODY_LIMITS.depth);
    if (deep !== null) return done(tooDeep(deep), undefined);
    runBodyParser(secureJson, req, String(body)).then(
      (value) => done(null, value),
      // Fastify reports both failures alike; JSON that plain JSON.parse reads was refused for a forbidden key.
      () => done(parsesAsJson(String(body)) ? prototypeKey() : invalidJson(), undefined),
    );
  });
}
