import type { FastifyBodyParser, FastifyInstance, FastifyRequest } from 'fastify';
import { EngineError } from '../engine/errors.js';

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
 * Malformed JSON is the caller's error (400 requisicao_invalida), never a 500. Fastify's own parser is kept for its
 * __proto__/constructor poisoning checks, but its string registration for application/json would win over a
 * pattern, so it is replaced by one parser for application/json and every +json type.
 */
export function registerJsonParser(app: FastifyInstance): void {
  const secureJson = app.getDefaultJsonParser('error', 'error');
  // No route takes text/plain: without its default parser such a body is 415, not a JSON parse error.
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser(/^application\/(.+\+)?json/, { parseAs: 'string' }, (req, body, done) => {
    if (String(body).trim() === '') return done(null, undefined);
    runBodyParser(secureJson, req, String(body)).then(
      (value) => done(null, value),
      // Fastify reports both failures alike; JSON that plain JSON.parse reads was refused for a forbidden key.
      () => done(parsesAsJson(String(body)) ? prototypeKey() : invalidJson(), undefined),
    );
  });
}
