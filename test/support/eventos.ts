import { expect } from 'vitest';
import type { Http, HttpResponse } from './http.js';

/** Every event of the key's account and environment (GET /v1/eventos), following `apos`. */
export async function allEvents(http: Http): Promise<Array<Record<string, any>>> {
  const out: Array<Record<string, any>> = [];
  let apos: string | null = null;
  for (;;) {
    const res: HttpResponse = await http.get(`/v1/eventos?limite=1000${apos ? `&apos=${apos}` : ''}`);
    expect(res.status, res.text).toBe(200);
    out.push(...res.body.eventos);
    if (res.body.eventos.length === 0) return out;
    apos = res.body.proximo_cursor;
  }
}

/** The events about one note (dados.id), optionally of one type. */
export async function eventsOfNote(http: Http, nfseId: string, tipo?: string) {
  return (await allEvents(http)).filter((e) => e.dados?.id === nfseId && (!tipo || e.tipo === tipo));
}

/** The events of these types. */
export async function eventsOfType(http: Http, ...tipos: string[]) {
  return (await allEvents(http)).filter((e) => tipos.includes(e.tipo));
}
