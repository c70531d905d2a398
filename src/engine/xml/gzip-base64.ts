import { gunzipSync, gzipSync } from 'node:zlib';

/** XML documents travel gzip-compressed then base64-encoded inside JSON strings (MI §6.1.1.c). */
export function gzipBase64(xml: string): string {
  return gzipSync(Buffer.from(xml, 'utf8')).toString('base64');
}

export function gunzipBase64(payload: string): string {
  return gunzipSync(Buffer.from(payload, 'base64')).toString('utf8');
}
