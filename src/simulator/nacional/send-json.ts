import type { IncomingMessage, ServerResponse } from 'node:http';

/** verAplic of generated documents (TSVerAplic: at most 20 chars) and versaoAplicativo of answers. */
export const SIMULATOR_VERSION = 'SefinNac_Sim_1.0';

/** Brasília time (UTC-3, no DST since 2019) as TSDateTimeUTC "AAAA-MM-DDThh:mm:ss-03:00", optionally with ms. */
export function formatBrasilia(date: Date, withFraction = false): string {
  const local = new Date(date.getTime() - 3 * 3_600_000).toISOString(); // "…T…Z" shifted to -03:00
  const base = local.slice(0, withFraction ? 23 : 19);
  return `${base}-03:00`;
}

export async function readBody(req: IncomingMessage, limit = 5 * 1024 * 1024): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limit) throw new Error('corpo da requisição grande demais');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  if (res.headersSent || res.destroyed) return;
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
  });
  res.end(text);
}

export function sendEmpty(res: ServerResponse, status: number): void {
  if (res.headersSent || res.destroyed) return;
  res.writeHead(status, { 'content-length': 0 });
  res.end();
}

/** Common header of every Sefin answer (SW: tipoAmbiente, versaoAplicativo, dataHoraProcessamento). */
export function envelope(tpAmb: number, now: Date): Record<string, unknown> {
  return { tipoAmbiente: tpAmb, versaoAplicativo: SIMULATOR_VERSION, dataHoraProcessamento: formatBrasilia(now, true) };
}
