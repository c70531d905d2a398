import { FiscalApiError } from './fiscal-api-error.js';
import type { TipoEvento } from './tipos.js';

export interface OpcoesVerificarWebhook {
  /** The raw body exactly as received (never a re-serialised JSON). */
  corpo: string | Uint8Array;
  /** The request headers (a Headers, or Node's IncomingHttpHeaders). */
  cabecalhos: Headers | Record<string, string | string[] | undefined>;
  /** The webhook secret; during a rotation the new and the old one (either may match for 24 hours). */
  segredos: string | string[];
  /** Largest distance between `t` and the receiver's clock (default 300 s). */
  toleranciaSegundos?: number;
  /** The receiver's clock in ms (default Date.now()). */
  agora?: number;
  /**
   * Also accepts a delivery carrying only the old `X-Service-Signature` (HMAC over the body alone, no timestamp:
   * no protection against a replayed delivery). Off by default.
   */
  aceitarLegado?: boolean;
}

export interface EventoWebhook<D = Record<string, unknown>> {
  tipo: TipoEvento;
  dados: D;
  /** `X-Service-Event-Id`: the same in every attempt and resend; deduplicate on it. */
  evento_id: string | null;
  entrega_id: string | null;
  /** Which signature matched. */
  esquema: 'v2' | 'legado';
}

/** @deprecated Use `OpcoesVerificarWebhook`; this name goes in the next major version. */
export type VerificarWebhookOpcoes = OpcoesVerificarWebhook;

const encoder = new TextEncoder();

/**
 * Checks a webhook delivery and returns its event. `X-Service-Signature-V2` is `t=<s>,v1=<hex>[,v1=<hex>]`, the
 * hex an HMAC-SHA256 keyed with the secret as text over `<t>.<raw body>`; one `v1` matching one of the secrets
 * suffices (two appear during a rotation), and `t` must be within the tolerance of the receiver's clock. The
 * comparison is WebCrypto's HMAC verify (constant time), so it runs in Node, browsers and edge runtimes.
 * Throws FiscalApiError `assinatura_ausente`, `assinatura_invalida` or `assinatura_expirada`.
 */
export async function verificarWebhook<D = Record<string, unknown>>(
  opcoes: OpcoesVerificarWebhook,
): Promise<EventoWebhook<D>> {
  const segredos = (Array.isArray(opcoes.segredos) ? opcoes.segredos : [opcoes.segredos]).filter(Boolean);
  if (segredos.length === 0) throw new TypeError('informe o segredo do webhook');
  const raw = typeof opcoes.corpo === 'string' ? encoder.encode(opcoes.corpo) : new Uint8Array(opcoes.corpo);
  const header = (name: string) => cabecalho(opcoes.cabecalhos, name);
  const v2 = header('x-service-signature-v2');
  let esquema: 'v2' | 'legado';
  if (v2) {
    const partes = v2.split(',').map((p) => p.trim().split('=') as [string, string | undefined]);
    const t = partes.find(([k]) => k === 't')?.[1];
    const assinaturas = partes.filter(([k, v]) => k === 'v1' && v).map(([, v]) => v!);
    if (!t || !/^\d+$/.test(t) || assinaturas.length === 0)
      throw falha('assinatura_invalida', 'X-Service-Signature-V2 malformado');
    const agora = (opcoes.agora ?? Date.now()) / 1000;
    if (Math.abs(agora - Number(t)) > (opcoes.toleranciaSegundos ?? 300)) {
      throw falha(
        'assinatura_expirada',
        `O timestamp da assinatura (${t}) está fora da tolerância do relógio do receptor`,
      );
    }
    if (!(await algumaConfere(segredos, assinaturas, concat(encoder.encode(`${t}.`), raw)))) {
      throw falha('assinatura_invalida', 'Nenhuma assinatura v1 confere com os segredos informados');
    }
    esquema = 'v2';
  } else {
    const legado = header('x-service-signature');
    if (!legado) throw falha('assinatura_ausente', 'A entrega não traz X-Service-Signature-V2');
    if (!opcoes.aceitarLegado)
      throw falha(
        'assinatura_ausente',
        'A entrega traz só a assinatura antiga (sem proteção contra repetição); use aceitarLegado para aceitá-la',
      );
    if (!(await algumaConfere(segredos, [legado], raw)))
      throw falha('assinatura_invalida', 'X-Service-Signature não confere com os segredos informados');
    esquema = 'legado';
  }
  const evento = JSON.parse(new TextDecoder().decode(raw)) as { tipo: TipoEvento; dados: D };
  return {
    tipo: evento.tipo,
    dados: evento.dados,
    evento_id: header('x-service-event-id'),
    entrega_id: header('x-service-delivery-id'),
    esquema,
  };
}

async function algumaConfere(
  segredos: string[],
  assinaturas: string[],
  dados: Uint8Array<ArrayBuffer>,
): Promise<boolean> {
  let confere = false;
  for (const segredo of segredos) {
    const key = await globalThis.crypto.subtle.importKey(
      'raw',
      encoder.encode(segredo),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['verify'],
    );
    for (const hex of assinaturas) {
      const bytes = deHex(hex);
      // Every pair is checked, so the time taken does not tell which secret or part matched.
      if (bytes && (await globalThis.crypto.subtle.verify('HMAC', key, bytes, dados))) confere = true;
    }
  }
  return confere;
}

function deHex(hex: string): Uint8Array<ArrayBuffer> | null {
  if (!/^[0-9a-f]{64}$/i.test(hex)) return null;
  const out = new Uint8Array(32);
  for (let i = 0; i < 32; i++) out[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return out;
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(a.length + b.length);
  out.set(a, 0);
  out.set(b, a.length);
  return out;
}

function cabecalho(cabecalhos: OpcoesVerificarWebhook['cabecalhos'], name: string): string | null {
  if (typeof (cabecalhos as Headers).get === 'function') return (cabecalhos as Headers).get(name);
  const record = cabecalhos as Record<string, string | string[] | undefined>;
  const key = Object.keys(record).find((k) => k.toLowerCase() === name);
  const value = key === undefined ? undefined : record[key];
  return Array.isArray(value) ? (value[0] ?? null) : (value ?? null);
}

const falha = (codigo: string, mensagem: string) => new FiscalApiError({ status: 0, codigo, mensagem });
