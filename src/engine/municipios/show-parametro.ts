import type { RespostaParametro } from '../autoridades/adn/parametros-cache.js';

/** A national answer as `/v1/municipios/{ibge}` shows it: the value, or why there is none, and where it came from. */
export interface ParametroExibido<T> {
  valor: T | null;
  /** api, cache, cache_expirado (stale answer: the API did not answer now), indisponivel. */
  origem: string;
  consultadoEm: string | null;
  mensagem: string | null;
}

export function showParametro<T>(r: RespostaParametro<T>): ParametroExibido<T> {
  if (r.kind === 'unknown')
    return { valor: null, origem: r.origem, consultadoEm: null, mensagem: `a API não respondeu (${r.cause})` };
  return {
    valor: r.kind === 'found' ? r.value : null,
    origem: r.origem,
    consultadoEm: r.consultadoEm.toISOString(),
    mensagem: r.mensagem,
  };
}
