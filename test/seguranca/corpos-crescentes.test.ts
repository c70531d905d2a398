// Every body reader fed growing hostile bodies (n, 2n, 4n, 8n items, nesting levels, characters): the time to
// judge one grows at most about linearly and the answer (erros[]) stays the same bounded size. Each reader is
// judged as REST judges it: the body in the API's names mapped at the edge (inputOfBody), then its declaration.
import { GraphQLString } from 'graphql';
import { describe, expect, it } from 'vitest';
import { cancelNfeBody } from '../../src/engine/nfe/cancel-nfe-body.js';
import { cartaCorrecaoBody } from '../../src/engine/nfe/carta-correcao-body.js';
import { inutilizeNfeBody } from '../../src/engine/nfe/inutilize-nfe-body.js';
import { nfeBody } from '../../src/engine/nfe/nfe-body.js';
import { companyBody } from '../../src/engine/empresas/company-body.js';
import { updateCompanyBody } from '../../src/engine/empresas/update-company-body.js';
import { createProdutoBody } from '../../src/engine/produtos/create-produto-body.js';
import { updateProdutoBody } from '../../src/engine/produtos/update-produto-body.js';
import { manifestDocumentBody } from '../../src/engine/manifestacao/manifest-document-body.js';
import { createLoteBody } from '../../src/engine/lotes/create-lote-body.js';
import { reprocessLoteBody } from '../../src/engine/lotes/reprocess-lote-body.js';
import { emitLoteBody } from '../../src/engine/lotes/emit-lote-body.js';
import { updateWebhookBody } from '../../src/engine/webhooks/update-webhook-body.js';
import { resendEventsBody } from '../../src/engine/webhooks/resend-events-body.js';
import { createWebhookBody } from '../../src/engine/webhooks/create-webhook-body.js';
import { cancelNfseBody } from '../../src/engine/nfse/cancel-nfse-body.js';
import { nfseBody } from '../../src/engine/nfse/nfse-body.js';
import { checkNfeBody } from '../../src/engine/nfe/check-nfe-body.js';
import { checkNfseBody } from '../../src/engine/nfse/validacao/validate-nfse-request.js';
import { BODY_LIMITS } from '../../src/engine/nucleo/body-limits.js';
import { bodyIssues, invalidBody, type BodyDeclaration } from '../../src/engine/nucleo/read-body.js';
import { snakeName } from '../../src/engine/nucleo/validation-issues-of.js';
import { problemBody } from '../../src/rest/error-response.js';
import { inputOfBody } from '../../src/rest/input-of-body.js';

type Json = Record<string, unknown>;

/** The members each body declares, in the API's names (nfeBody's modes share them). */
function membersOf(declaration: BodyDeclaration): string[] {
  let s = declaration.schema as { entries?: Json; wrapped?: unknown; pipe?: unknown[] };
  for (let i = 0; i < 5 && !s.entries; i++)
    s = (s.wrapped ?? s.pipe?.[0] ?? s) as { entries?: Json; wrapped?: unknown; pipe?: unknown[] };
  const names = Object.keys(s.entries ?? {}).map(snakeName);
  expect(names.length, 'the declaration names its members').toBeGreaterThan(0);
  return names;
}

const READERS: Record<string, BodyDeclaration> = {
  nfeBody,
  cancelNfeBody,
  cartaCorrecaoBody,
  inutilizeNfeBody,
  companyBody,
  updateCompanyBody,
  createProdutoBody,
  updateProdutoBody,
  manifestDocumentBody,
  createLoteBody,
  reprocessLoteBody,
  emitLoteBody,
  createWebhookBody,
  updateWebhookBody,
  resendEventsBody,
  cancelNfseBody,
  nfseBody,
};

/** Each hostile shape of size `n`, for a body with these members. */
const SHAPES: Record<string, { sizes: number[]; body: (members: string[], n: number) => Json }> = {
  // Every member a list of n junk items: each list member reads its items, every other refuses the type.
  'lists of junk items': {
    sizes: [400, 800, 1600, 3200],
    body: (members, n) =>
      Object.fromEntries(members.map((m) => [m, Array.from({ length: n }, () => ({ codigo: 'X' }))])),
  },
  // n unknown members beside the declared ones.
  'unknown members': {
    sizes: [1000, 2000, 4000, 8000],
    body: (_members, n) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`campo_${i}`, 'x'])),
  },
  // Every member nested n levels deep.
  'deep nesting': {
    sizes: [2500, 5000, 10_000, 20_000],
    body: (members, n) => {
      let deep: unknown = 'x';
      for (let i = 0; i < n; i++) deep = [deep];
      return Object.fromEntries(members.map((m) => [m, deep]));
    },
  },
  // Every member a text of n characters.
  'long texts': {
    sizes: [40_000, 80_000, 160_000, 320_000],
    body: (members, n) => Object.fromEntries(members.map((m) => [m, 'a'.repeat(n)])),
  },
  // Every member a list of n texts with NUL.
  'texts with NUL': {
    sizes: [500, 1000, 2000, 4000],
    body: (members, n) => Object.fromEntries(members.map((m) => [m, Array.from({ length: n }, () => 'a\u0000')])),
  },
};

/** Judges a REST body as a route does; the problem+json it would answer (null when the body is valid). */
function judge(declaration: BodyDeclaration, body: Json): Json | null {
  const { input, sent } = inputOfBody(GraphQLString, body);
  const read = bodyIssues(declaration, sent ?? input);
  let erros = read.ok ? [] : read.issues;
  // The readers with rules that need the company run them on what the declaration read, as the routes do.
  if (declaration === nfeBody)
    erros = checkNfeBody(read as never, {
      simples: false,
      chaveRestritaEmpresa: false,
      environment: 'test',
      dia: '2026-11-02',
    }).erros;
  if (declaration === nfseBody)
    erros = checkNfseBody(read as never, { now: new Date(), chaveRestritaEmpresa: false }).erros;
  if (erros.length === 0) return null;
  return problemBody(invalidBody(declaration, erros), 'req', 'https://docs');
}

/**
 * The fastest of seven runs after one warm-up (ms) and the answer's size in characters: a collection or a busy core
 * may slow a few runs, not all seven.
 */
function measure(declaration: BodyDeclaration, body: Json): { ms: number; size: number } {
  let size = JSON.stringify(judge(declaration, body) ?? {}).length;
  let ms = Infinity;
  for (let i = 0; i < 7; i++) {
    const started = performance.now();
    size = JSON.stringify(judge(declaration, body) ?? {}).length;
    ms = Math.min(ms, performance.now() - started);
  }
  return { ms, size };
}

// 8× the input may take at most 40× the time: linear work, with room for a busy machine (a run under two suites at
// once on two cores measured 33×), while quadratic work takes 64×; below a few milliseconds the clock says nothing
// about growth.
const GROWTH = 40;
const FLOOR_MS = 3;
// 100 entries of erros[] and the count, each with its two texts cut and a pointer of at most 32 levels.
const MAX_ANSWER = (BODY_LIMITS.reportedIssues + 1) * (2 * BODY_LIMITS.issueText + 400);

describe('every body reader under growing hostile bodies', () => {
  for (const [reader, declaration] of Object.entries(READERS)) {
    for (const [shape, { sizes, body }] of Object.entries(SHAPES)) {
      it(`${reader}: ${shape}`, () => {
        const members = membersOf(declaration);
        const runs = sizes.map((n) => ({ n, ...measure(declaration, body(members, n)) }));
        const report = JSON.stringify(runs);
        for (const run of runs) expect(run.size, report).toBeLessThan(MAX_ANSWER);
        const first = runs[0]!;
        const last = runs[runs.length - 1]!;
        expect(last.ms, report).toBeLessThan(GROWTH * Math.max(first.ms, FLOOR_MS));
      });
    }
  }
});
