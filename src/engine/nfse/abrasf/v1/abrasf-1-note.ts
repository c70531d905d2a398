import type { Abrasf1Gateway } from '../../../autoridades/abrasf-1/abrasf-1-gateway.js';
import type { AuthorityClient } from '../../../autoridades/authority-client.js';
import type { Nfse } from '../../../../generated/prisma/client.js';
import { provedorMunicipio } from '../../../tabelas/provedor-municipio.js';
import type { ProviderCall } from '../../provedores/nfse-provider.js';
import { identificacaoRps, type IdentificacaoRps } from '../build-abrasf-rps.js';
import type { PrestadorAbrasf1 } from './abrasf-1-message.js';
import type { PerfilAbrasf1 } from './perfil-abrasf-1.js';
import { perfilAbrasf1 } from './perfis-abrasf-1.js';

/**
 * Every document id of an ABRASF 1.00 note starts with it: A1RPS + IBGE (7) + provider CNPJ (14) + series (5) +
 * RPS number (15). It names the municipality and the RPS, which is all a recovery needs.
 */
export const ABRASF_1_ID_PREFIX = 'A1RPS';

/** What the ABRASF 1.00 provider keeps about a note's document (`dados_documento`). */
export interface DadosAbrasf1 {
  familia: string;
  /** The provider's InscricaoMunicipal as the document states it. */
  inscricaoMunicipal: string | null;
  /** The protocol the service gave the note's lot; null until a RecepcionarLoteRps answered one. */
  protocolo: string | null;
  [member: string]: string | null;
}

/** The document id of one note's RPS. */
export function noteDocumentId(ibge: string, cnpj: string, rps: IdentificacaoRps): string {
  return `${ABRASF_1_ID_PREFIX}${ibge}${cnpj.padStart(14, '0')}${rps.serie.padStart(5, '0')}${rps.numero.padStart(15, '0')}`;
}

/** Everything a call about a stored note needs: its family, municipality, provider, RPS and kept data. */
export interface NotaAbrasf1 {
  perfil: PerfilAbrasf1;
  ibge: string;
  prestador: PrestadorAbrasf1;
  rps: IdentificacaoRps;
  dados: DadosAbrasf1;
  client: AuthorityClient;
}

const ibgeOf = (dpsId: string) => dpsId.slice(ABRASF_1_ID_PREFIX.length, ABRASF_1_ID_PREFIX.length + 7);

/** The kept data of a 1.00 note (every such note has them: they are written with its document). */
export function dadosOfNote(note: Pick<Nfse, 'id' | 'dadosDocumento'>): DadosAbrasf1 {
  const dados = note.dadosDocumento as DadosAbrasf1 | null;
  if (!dados) throw new Error(`Nota ${note.id} sem dados_documento ABRASF 1.00`);
  return dados;
}

/** A stored note as the calls about it see it, with the client of its municipality (its URL or the simulator). */
export function abrasf1Note(
  gateway: Abrasf1Gateway,
  call: Pick<ProviderCall, 'note' | 'credentials' | 'scenario'>,
): NotaAbrasf1 {
  const { note } = call;
  const dados = dadosOfNote(note);
  const ibge = ibgeOf(note.dpsId);
  const provedor = provedorMunicipio(ibge);
  const perfil = provedor ? perfilAbrasf1(provedor) : null;
  if (!perfil || perfil.familia !== dados.familia) throw new Error(`Nota ${note.dpsId} sem perfil ABRASF 1.00`);
  const cnpj = note.dpsId.slice(ABRASF_1_ID_PREFIX.length + 7, ABRASF_1_ID_PREFIX.length + 21);
  return {
    perfil,
    ibge,
    prestador: { cnpj, ...(dados.inscricaoMunicipal ? { inscricaoMunicipal: dados.inscricaoMunicipal } : {}) },
    rps: identificacaoRps({ serie: note.serie, nDPS: note.numeroDps.toString() }),
    dados,
    client: gateway.client({ ibge, urlDaTabela: provedor!.urls.producao }, call.scenario, call.credentials),
  };
}
