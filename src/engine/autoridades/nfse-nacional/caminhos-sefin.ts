/**
 * The paths of a service with Sefin Nacional's REST contract, under its base URL. `{id}` is the DPS Id, `{chave}`
 * the NFS-e's access key, `{tipo}` and `{seq}` an event's type and sequence; a path may leave out a placeholder
 * whose value travels in the document (an event reception that reads the key from `pedRegEvento`).
 */
export interface CaminhosSefin {
  /** POST {dpsXmlGZipB64}: reception of one signed DPS. */
  emitir: string;
  /** GET: what a DPS became (its NFS-e key), asked before any resend. */
  dps: string;
  /** GET: the NFS-e of a key. */
  nfse: string;
  /** POST {pedidoRegistroEventoXmlGZipB64}: reception of a signed event. */
  eventos: string;
  /** GET: one event of a note. */
  evento: string;
}

/** Sefin Nacional's own paths. */
export const CAMINHOS_SEFIN: CaminhosSefin = {
  emitir: '/nfse',
  dps: '/dps/{id}',
  nfse: '/nfse/{chave}',
  eventos: '/nfse/{chave}/eventos',
  evento: '/nfse/{chave}/eventos/{tipo}/{seq}',
};

/** A path with its placeholders filled (each value URI-encoded). */
export function caminhoSefin(caminho: string, valores: Readonly<Record<string, string | number>>): string {
  return caminho.replace(/\{(\w+)\}/g, (todo, nome: string) =>
    nome in valores ? encodeURIComponent(String(valores[nome])) : todo,
  );
}
