import type { ServerResponse } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { simError, type SimError } from './sim-error.js';
import type { Scenario } from './scenario.js';
import type { SimulatorContext } from './simulator-context.js';

export interface RequestScope {
  scenario: Scenario;
  /** Environment chosen by the URL prefix (/producao, /producaorestrita), if any. */
  ambiente?: '1' | '2';
  /** True when this call must get a 503 (indisponibilidade window of the subject, or a global outage). */
  unavailable(subject: string): boolean;
}

export type DecodedPayload = { ok: true; xml: string } | { ok: false; error: SimError };

/** JSON body → gunzip(base64(field)): E1225 when base64/gzip cannot be decoded, E1226 when the result is no XML. */
export function decodePayload(body: string, field: string): DecodedPayload {
  let value: unknown;
  try {
    value = (JSON.parse(body) as Record<string, unknown>)[field];
  } catch {
    return { ok: false, error: simError('E1225', 'Corpo JSON inválido') };
  }
  if (typeof value !== 'string' || value === '')
    return { ok: false, error: simError('E1225', `Campo ${field} ausente`) };
  let xml: string;
  try {
    xml = gunzipSync(Buffer.from(value, 'base64')).toString('utf8');
  } catch {
    return { ok: false, error: simError('E1225') };
  }
  if (!xml.trimStart().startsWith('<')) return { ok: false, error: simError('E1226') };
  return { ok: true, xml };
}

/** timeout: processed and stored, answer withheld (or very late); processamento_lento: answer after the wait. */
export function sendOutcomeLater(
  ctx: SimulatorContext,
  res: ServerResponse,
  scenario: Scenario,
  answer: () => void,
): void {
  if (scenario.kind === 'timeout') return ctx.deferAnswer(res, ctx.delays.timeoutMs, answer);
  if (scenario.kind === 'processamento_lento')
    return ctx.deferAnswer(res, scenario.ms ?? ctx.delays.slowMs ?? 15_000, answer);
  answer();
}
