// runBodyParser (src/http/register-json-parser.ts): a Fastify body parser's answer as one promise, whichever form
// the parser has, so a failed parse is always a handled rejection.
import Fastify, { type FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { runBodyParser } from '../../src/http/register-json-parser.js';

const req = {} as FastifyRequest;

describe('runBodyParser', () => {
  it("reads Fastify's default JSON parser, which answers through its callback", async () => {
    const parser = Fastify().getDefaultJsonParser('error', 'error');
    await expect(runBodyParser(parser, req, '{"a":1}')).resolves.toEqual({ a: 1 });
    await expect(runBodyParser(parser, req, '{"a":')).rejects.toThrow();
    await expect(runBodyParser(parser, req, '{"__proto__":{"x":1}}')).rejects.toThrow();
  });

  it('reads a parser of the promise form by what it returns', async () => {
    await expect(runBodyParser(async (_req: FastifyRequest, text: string) => text.length, req, 'abc')).resolves.toBe(3);
    await expect(
      runBodyParser(
        async () => {
          throw new Error('refused');
        },
        req,
        'abc',
      ),
    ).rejects.toThrow('refused');
  });
});
