import type { ResolveHost } from '../../src/engine/webhooks/address-safety.js';

/** A DNS for tests: names of the table resolve as given; anything else fails like NXDOMAIN. */
export function fakeDns(table: Record<string, string[]>): ResolveHost & { table: Record<string, string[]> } {
  const resolve = (async (host: string) => {
    const found = table[host];
    if (!found) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
    return found;
  }) as ResolveHost & { table: Record<string, string[]> };
  resolve.table = table;
  return resolve;
}

export const PUBLIC_IP = '93.184.216.34';
export const PUBLIC_URL = 'https://hooks.example.com/fiscal';

export const webhookBody = (over: Record<string, unknown> = {}) => ({
  url: PUBLIC_URL,
  eventos: ['NFSE_AUTORIZADA', 'NFSE_CANCELADA'],
  cabecalhos: [{ nome: 'X-Token', valor: 'segredo-do-cliente-123' }],
  ...over,
});
