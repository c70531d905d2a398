/**
 * The members of a tax profile (`tributacao`) by their path, "pis.cst", "ibsCbs.cClassTrib", "cfop": the unit a
 * company rule overrides. Any member the profile's schema declares is one, so members added to the product's
 * profile are members of the rules too.
 */
export function membrosDaTributacao(tributacao: unknown, prefixo = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  if (!tributacao || typeof tributacao !== 'object') return out;
  for (const [k, valor] of Object.entries(tributacao)) {
    if (valor == null) continue;
    const caminho = prefixo ? `${prefixo}.${k}` : k;
    if (typeof valor === 'object' && !Array.isArray(valor))
      for (const [c, x] of membrosDaTributacao(valor, caminho)) out.set(c, x);
    else out.set(caminho, valor);
  }
  return out;
}

/** The profile these members make (the inverse of membrosDaTributacao); null when there is none. */
export function tributacaoDosMembros(membros: Map<string, unknown>): Record<string, unknown> | null {
  if (!membros.size) return null;
  const out: Record<string, unknown> = {};
  for (const [caminho, valor] of membros) {
    const partes = caminho.split('.');
    let grupo = out;
    for (const p of partes.slice(0, -1)) grupo = (grupo[p] ??= {}) as Record<string, unknown>;
    grupo[partes.at(-1)!] = valor;
  }
  return out;
}
