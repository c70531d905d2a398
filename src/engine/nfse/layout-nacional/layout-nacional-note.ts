import type { AuthorityClient } from '../../autoridades/authority-client.js';
import type { LayoutNacionalGateway } from '../../autoridades/layout-nacional/layout-nacional-gateway.js';
import type { Nfse } from '../../../generated/prisma/client.js';
import { provedorMunicipio } from '../../tabelas/provedor-municipio.js';
import type { ProviderCall } from '../provedores/nfse-provider.js';
import type { PerfilLayoutNacional } from './perfil-layout-nacional.js';
import { perfilLayoutNacional } from './perfis-layout-nacional.js';
import { servicoLayoutNacional } from './servico-layout-nacional.js';

/**
 * Every document id of a note sent to a provider's service starts with it, followed by the national DPS Id the
 * document carries (`DPS…`): the note is found to be this system's without being taken for a national one.
 */
export const LAYOUT_NACIONAL_ID_PREFIX = 'PLN';

/** What the provider keeps about a note's document (`dados_documento`): the profile and municipality it went to. */
export interface DadosLayoutNacional {
  perfil: string;
  ibge: string;
  [member: string]: string;
}

/** The document id of a note whose DPS has this Id. */
export const documentIdOfNote = (idDps: string): string => `${LAYOUT_NACIONAL_ID_PREFIX}${idDps}`;

/** The national DPS Id inside the note's document. */
export const idDpsOfNote = (note: { dpsId: string }): string => note.dpsId.slice(LAYOUT_NACIONAL_ID_PREFIX.length);

/** The kept data of a note sent to a provider's service. */
export function dadosOfNote(note: Pick<Nfse, 'id' | 'dadosDocumento'>): DadosLayoutNacional {
  const dados = note.dadosDocumento as DadosLayoutNacional | null;
  if (!dados?.perfil || !dados.ibge) throw new Error(`Nota ${note.id} sem dados_documento do layout nacional`);
  return dados;
}

/** The profile the note was built for (the provider's, when the note was issued). */
export function perfilOfNote(note: Pick<Nfse, 'id' | 'dadosDocumento'>): PerfilLayoutNacional {
  const perfil = perfilLayoutNacional(dadosOfNote(note).perfil);
  if (!perfil) throw new Error(`Nota ${note.id}: perfil ${dadosOfNote(note).perfil} inexistente`);
  return perfil;
}

/** The client of the note's municipality: its service's URL from the table row when so configured, or the simulator. */
export function clientOfNote(
  gateway: LayoutNacionalGateway,
  call: Pick<ProviderCall, 'note' | 'credentials' | 'scenario'>,
): AuthorityClient {
  const { ibge } = dadosOfNote(call.note);
  const provedor = provedorMunicipio(ibge);
  return gateway.client(
    { ibge, urlDaTabela: (provedor && servicoLayoutNacional(provedor)?.url) ?? null },
    call.scenario,
    call.credentials,
  );
}
