import { setTimeout as sleep } from 'node:timers/promises';
import { expect } from 'vitest';
import { camelBody } from '../../src/engine/nucleo/camel-body.js';
import type { Http, HttpResponse } from './http.js';

export type Body = Record<string, unknown>;

/** Recipient documents: valid CPF, numeric CNPJ and alphanumeric CNPJ (IN RFB 2.229/2024). */
export const CPF = '52998224725';
export const CNPJ_TOMADOR = '54550752000155';
export const CNPJ_ALFANUMERICO = '12ABC34501DE35';

let seq = 0;
/** A referencia unique across the run (the worker id keeps parallel files apart). */
export const ref = (prefix = 'ref') =>
  `${prefix}-${process.env.VITEST_POOL_ID ?? '0'}-${Date.now().toString(36)}-${++seq}`;

/** A valid issuance body for a company seeded with the kit's defaults (code 010101, rate 2.00). */
export function nfseBody(empresaId: string | undefined, over: Body = {}): Body {
  return {
    ...(empresaId ? { empresa_id: empresaId } : {}),
    referencia: ref(),
    tomador: { documento: CNPJ_TOMADOR, nome: 'Cliente Ltda' },
    valor: '1500.00',
    servico: { descricao: 'Desenvolvimento de sistema sob encomenda' },
    ...over,
  };
}

/** The same body in the engine's declared shape (camelCase), for tests that call issueNfse directly. */
export const nfseInput = (empresaId: string | undefined, over: Body = {}): unknown =>
  camelBody(nfseBody(empresaId, over), '', []);

/** The single `erros[]` entry with this code (fails when absent); checks the shape . */
export function erro(erros: Array<Record<string, unknown>>, codigo: string, campo?: string) {
  const found = erros.filter((e) => e.codigo === codigo && (campo === undefined || e.campo === campo));
  expect(found, `expected ${codigo}${campo ? ` at ${campo}` : ''} in ${JSON.stringify(erros)}`).toHaveLength(1);
  const e = found[0]!;
  expect(typeof e.campo).toBe('string');
  expect(e.campo === '' || String(e.campo).startsWith('/')).toBe(true);
  expect(typeof e.mensagem).toBe('string');
  expect(String(e.mensagem).length).toBeGreaterThan(0);
  expect(typeof e.correcao).toBe('string');
  expect(String(e.correcao).length).toBeGreaterThan(0);
  return e;
}

/** Polls GET /v1/nfse/{id} until the status leaves `transmitindo` (or the deadline passes). */
export async function pollSettled(http: Http, id: string, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await http.get(`/v1/nfse/${id}`);
    expect(res.status, res.text).toBe(200);
    if (res.body.status !== 'transmitindo' || Date.now() > deadline) return res;
    await sleep(100);
  }
}

/** Every note visible to this key, following cursors. */
export async function allNotes(http: Http, query = ''): Promise<Array<Record<string, any>>> {
  const out: Array<Record<string, any>> = [];
  let cursor: string | null = null;
  do {
    const qs: string = `?limite=100${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    const res: HttpResponse = await http.get(`/v1/nfse${qs}`);
    expect(res.status, res.text).toBe(200);
    out.push(...res.body.dados);
    cursor = res.body.proximo_cursor;
  } while (cursor);
  return out;
}

/** The event types of a note's timeline, in order. */
export const steps = (note: { eventos: Array<{ tipo: string }> }) => note.eventos.map((e) => e.tipo);
