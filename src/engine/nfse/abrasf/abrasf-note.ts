import type { AbrasfGateway } from '../../autoridades/abrasf/abrasf-gateway.js';
import type { AuthorityClient } from '../../autoridades/authority-client.js';
import type { Nfse } from '../../../generated/prisma/client.js';
import type { ProviderCall } from '../provedores/nfse-provider.js';
import type { AbrasfPrestador } from './abrasf-message.js';
import type { RequerenteChamada } from './call-abrasf.js';
import { identificacaoRps, type IdentificacaoRps } from './build-abrasf-rps.js';
import type { OperacaoAbrasf, PerfilAbrasf } from './perfil-abrasf.js';
import { perfilAbrasfDoMunicipio } from './perfis-abrasf.js';

/**
 * Every document id of an ABRASF note starts with it: RPS + IBGE (7) + provider CNPJ/CPF (14, a CPF left-padded) +
 * series (5) + RPS number (15). It names the city and the RPS, which is all a recovery needs.
 */
export const ABRASF_ID_PREFIX = 'RPS';

/** What the ABRASF provider keeps about a note's document (`dados_documento`), written as it is built. */
export interface DadosAbrasf {
  /** The operation the document is the message of; null only for older notes whose root named none. */
  operacao: OperacaoAbrasf | null;
  /** The provider's InscricaoMunicipal as the document states it; null when it states none. */
  inscricaoMunicipal: string | null;
  [member: string]: string | null;
}

/** The document id of one note's RPS. */
export function documentIdOfNote(ibge: string, documento: string, rps: IdentificacaoRps): string {
  return `${ABRASF_ID_PREFIX}${ibge}${documento.padStart(14, '0')}${rps.serie.padStart(5, '0')}${rps.numero.padStart(15, '0')}`;
}

/** The kept data of an ABRASF note; every such note has them (the migration that added them filled the older ones). */
export function dadosOfNote(note: Pick<Nfse, 'id' | 'dadosDocumento'>): DadosAbrasf {
  const dados = note.dadosDocumento as DadosAbrasf | null;
  if (!dados) throw new Error(`Nota ${note.id} sem dados_documento ABRASF`);
  return dados;
}

/** The municipality's profile (its provider table row), from the IBGE code the note's id carries. */
export function perfilOfNote(note: { dpsId: string }): PerfilAbrasf {
  const perfil = perfilAbrasfDoMunicipio(note.dpsId.slice(ABRASF_ID_PREFIX.length, ABRASF_ID_PREFIX.length + 7));
  if (!perfil) throw new Error(`Nota ${note.dpsId} sem perfil ABRASF`);
  return perfil;
}

/** The provider as the note's id and kept data name it. */
export function prestadorOfNote(note: Pick<Nfse, 'id' | 'dpsId' | 'dadosDocumento'>): AbrasfPrestador {
  const im = dadosOfNote(note).inscricaoMunicipal;
  return {
    documento: { CNPJ: note.dpsId.slice(ABRASF_ID_PREFIX.length + 7, ABRASF_ID_PREFIX.length + 21) },
    ...(im ? { inscricaoMunicipal: im } : {}),
  };
}

/** The note's company as the requester of a call, a test one for a test key's note. */
export const requerenteOfNote = (
  note: Pick<Nfse, 'id' | 'dpsId' | 'dadosDocumento' | 'environment'>,
): RequerenteChamada => ({ prestador: prestadorOfNote(note), homologacao: note.environment !== 'live' });

/** The RPS of a note: its series and DPS number. */
export const rpsOfNote = (note: { serie: string; numeroDps: bigint }): IdentificacaoRps =>
  identificacaoRps({ serie: note.serie, nDPS: note.numeroDps.toString() });

/** The client of the note's city (its profile's URL, or the simulator). */
export const clientOfNote = (
  gateway: AbrasfGateway,
  call: Pick<ProviderCall, 'credentials' | 'scenario'>,
  perfil: PerfilAbrasf,
): AuthorityClient =>
  gateway.client({ ibge: perfil.ibge, urlDoPerfil: perfil.endpoints.producao }, call.scenario, call.credentials);
