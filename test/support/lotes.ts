import { setTimeout as sleep } from 'node:timers/promises';
import { expect } from 'vitest';
import type { Schemas } from '../../sdk/typescript/src/tipos.js';
import type { Http, HttpResponse } from './http.js';
import { CNPJ_TOMADOR, ref } from './nfse.js';

/** One valid batch line for a company seeded with the kit's defaults (code 010101, rate 2.00). */
export function linha(over: Record<string, unknown> = {}) {
  return {
    referencia: ref('lote'),
    tomador: { documento: CNPJ_TOMADOR, nome: 'Cliente Ltda' },
    valor: '100.00',
    servico: { descricao: 'Consultoria em sistemas' },
    ...over,
  };
}

/** Polls GET /v1/lotes/{id} until `done` holds for the batch (or fails after the deadline); mind 120 requests/min. */
export async function waitLote(
  http: Http,
  id: string,
  done: (lote: Record<string, any>) => boolean,
  timeoutMs = 30_000,
  everyMs = 100,
) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await http.get(`/v1/lotes/${id}`);
    expect(res.status, res.text).toBe(200);
    if (done(res.body)) return res.body as Record<string, any>;
    if (Date.now() > deadline) throw new Error(`batch ${id} did not get there: ${res.text}`);
    await sleep(everyMs);
  }
}

/**
 * Only statuses the contract lists (openapi.yaml, through the client's generated types): a wait cannot name one
 * that never comes.
 */
export const settledStatus =
  (...statuses: Array<Schemas['Lote']['status']>) =>
  (lote: Record<string, any>) =>
    statuses.includes(lote.status);

/** Every line of a batch, following cursors. */
export async function allItens(http: Http, id: string, query = ''): Promise<Array<Record<string, any>>> {
  const out: Array<Record<string, any>> = [];
  let cursor: string | null = null;
  do {
    const res: HttpResponse = await http.get(
      `/v1/lotes/${id}/itens?limite=500${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
    );
    expect(res.status, res.text).toBe(200);
    out.push(...res.body.dados);
    cursor = res.body.proximo_cursor;
  } while (cursor);
  return out;
}
