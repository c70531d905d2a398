import { constants, gunzipSync, gzipSync } from 'node:zlib';

/**
 * XML documents travel gzip-compressed then base64-encoded inside JSON strings (MI §6.1.1.c). Any gzip level
 * decodes alike; the fastest one compresses a signed DPS or NFS-e in a fraction of the default level's time, for a
 * payload a little larger, and every note is compressed on its way out.
 */
export function gzipBase64(xml: string): string {
  return gzipSync(Buffer.from(xml, 'utf8'), { level: constants.Z_BEST_SPEED }).toString('base64');
}

export function gunzipBase64(payload: string): string {
  return gunzipSync(Buffer.from(payload, 'base64')).toString('utf8');
}
