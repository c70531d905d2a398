import type { ProvedorMunicipio } from '../../../tabelas/provedor-municipio.js';
import type { PerfilAbrasf1 } from './perfil-abrasf-1.js';
import { GINFES_V3 } from './perfis/ginfes-v3.js';
import { ISS_FORTALEZA } from './perfis/iss-fortaleza.js';
import { ISS_SALVADOR } from './perfis/iss-salvador.js';
import { SPEEDGOV_1 } from './perfis/speedgov-1.js';

/** Every ABRASF 1.00 family profile, by the provider table's `familia`. */
export const PERFIS_ABRASF_1: ReadonlyMap<string, PerfilAbrasf1> = new Map(
  [GINFES_V3, ISS_FORTALEZA, ISS_SALVADOR, SPEEDGOV_1].map((p) => [p.familia, p]),
);

/** The profile serving a municipality the provider table places on an ABRASF 1.00 family, or null. */
export function perfilAbrasf1(provedor: Pick<ProvedorMunicipio, 'rota' | 'familia' | 'versao'>): PerfilAbrasf1 | null {
  if (provedor.rota !== 'abrasf' || provedor.versao !== '1.00' || !provedor.familia) return null;
  return PERFIS_ABRASF_1.get(provedor.familia) ?? null;
}
