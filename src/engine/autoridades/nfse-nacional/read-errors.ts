import type { AuthorityMessage } from '../authority-message.js';
import { gunzipBase64 } from '../../xml/gzip-base64.js';

type Json = Record<string, unknown>;

function isObject(v: unknown): v is Json {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Reads `name` as camelCase, PascalCase or any casing (tolerant to the live service's deviations). */
export function field(obj: unknown, name: string): unknown {
  if (!isObject(obj)) return undefined;
  if (name in obj) return obj[name];
  const pascal = name[0].toUpperCase() + name.slice(1);
  if (pascal in obj) return obj[pascal];
  const lower = name.toLowerCase();
  const key = Object.keys(obj).find((k) => k.toLowerCase() === lower);
  return key === undefined ? undefined : obj[key];
}

function str(v: unknown): string | undefined {
  return typeof v === 'string' ? v : typeof v === 'number' ? String(v) : undefined;
}

function toMessage(v: unknown): AuthorityMessage | null {
  if (!isObject(v)) return null;
  const codigo = str(field(v, 'codigo')) ?? '';
  const descricao = str(field(v, 'descricao')) ?? str(field(v, 'mensagem')) ?? '';
  const complemento = str(field(v, 'complemento'));
  if (!codigo && !descricao && !complemento) return null;
  return { codigo, descricao, ...(complemento ? { complemento } : {}) };
}

/** Messages from `erros[]` (emission), `erro` (SW ResponseErro) or both; null/absent lists give []. */
export function readErrors(body: unknown): AuthorityMessage[] {
  const list = field(body, 'erros');
  const single = field(body, 'erro');
  const all = [...(Array.isArray(list) ? list : []), ...(Array.isArray(single) ? single : [single])];
  const seen = new Set<string>();
  return all
    .map(toMessage)
    .filter((m): m is AuthorityMessage => m !== null)
    .filter((m) => {
      const key = `${m.codigo}|${m.descricao}|${m.complemento ?? ''}`;
      return seen.has(key) ? false : (seen.add(key), true);
    });
}

/** `alertas` may be null on the live service (observed, not documented). */
export function readAlerts(body: unknown): AuthorityMessage[] {
  const list = field(body, 'alertas');
  return Array.isArray(list) ? list.map(toMessage).filter((m): m is AuthorityMessage => m !== null) : [];
}

export function readString(body: unknown, name: string): string | undefined {
  return str(field(body, name));
}

/** nNFSe of an NFS-e XML (the number printed on the note). */
export function readNfseNumber(nfseXml: string): string | undefined {
  return /<nNFSe>(\d+)<\/nNFSe>/.exec(nfseXml)?.[1];
}

/** Access key from infNFSe/@Id ("NFS" + chave) when the JSON does not carry a usable one. */
export function readNfseKey(nfseXml: string): string | undefined {
  return /<infNFSe[^>]*\sId="NFS([0-9A-Z]{50})"/.exec(nfseXml)?.[1];
}

/**
 * Event XML from either shape: SW `eventoXmlGZipB64`, or the live `eventos[].arquivoXml`, which is base64 of the
 * base64(gzip) text (starts "SDRzSUFBQUFB"; observed on the live service).
 */
export function decodeEventPayload(payload: string): string {
  if (payload.startsWith('H4sI')) return gunzipBase64(payload);
  const inner = Buffer.from(payload, 'base64').toString('latin1');
  if (inner.startsWith('H4sI')) return gunzipBase64(inner);
  if (inner.trimStart().startsWith('<')) return Buffer.from(payload, 'base64').toString('utf8');
  throw new Error('Formato de XML de evento não reconhecido');
}
