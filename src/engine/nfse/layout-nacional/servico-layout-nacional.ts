import type { ProvedorMunicipio } from '../../tabelas/provedor-municipio.js';
import type { PerfilLayoutNacional } from './perfil-layout-nacional.js';
import { perfilLayoutNacional } from './perfis-layout-nacional.js';

/** A municipality's service in the national layout: its provider's profile and the service URL of its table row. */
export interface ServicoLayoutNacional {
  perfil: PerfilLayoutNacional;
  /** The service's URL (REST: its base) from the row's production URL; null where the row gives none of the profile's shape. */
  url: string | null;
}

/**
 * The service of a provider table's row, or null when no profile describes its provider. The URL is the row's
 * production URL, less the reception path where the profile says the table gives the reception's full URL; a row
 * with no URL, or with one the profile's shape cannot use, has none (the municipality is refused, never guessed).
 */
export function servicoLayoutNacional(
  provedor: Pick<ProvedorMunicipio, 'nome' | 'urls'>,
): ServicoLayoutNacional | null {
  const perfil = perfilLayoutNacional(provedor.nome);
  if (!perfil) return null;
  const url = provedor.urls.producao;
  if (!url || perfil.rest?.urlDaTabela !== 'emitir') return { perfil, url };
  const emitir = perfil.rest.caminhos.emitir;
  return { perfil, url: url.endsWith(emitir) && url.length > emitir.length ? url.slice(0, -emitir.length) : null };
}
