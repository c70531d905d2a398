import { municipio } from '../../tabelas/municipio.js';
import { provedorMunicipio, type ProvedorMunicipio } from '../../tabelas/provedor-municipio.js';
import type { PerfilAbrasf, PerfilFamiliaAbrasf } from './perfil-abrasf.js';
import { AJUSTES_MUNICIPIO_ABRASF } from './perfis/ajustes-municipio-abrasf.js';
import { DSF_2_03 } from './perfis/dsf-2-03.js';
import { EL_1_00 } from './perfis/el-1-00.js';
import { EL_2_04 } from './perfis/el-2-04.js';
import { ELOTECH_2_03 } from './perfis/elotech-2-03.js';
import { FIORILLI_2_00, FIORILLI_2_01 } from './perfis/fiorilli-2-00.js';
import { FISCO_2_03 } from './perfis/fisco-2-03.js';
import { FUTURIZE_2_02 } from './perfis/futurize-2-02.js';
import { GISS_2_04 } from './perfis/giss-2-04.js';
import { IPM_2_04 } from './perfis/ipm-2-04.js';
import { ISSDSF_2_03 } from './perfis/issdsf-2-03.js';
import { ISSNET_2_04 } from './perfis/issnet-2-04.js';
import { MEGASOFT_2_00 } from './perfis/megasoft-2-00.js';
import { SINTESE_2_04 } from './perfis/sintese-2-04.js';
import { TINUS_2_03 } from './perfis/tinus-2-03.js';
import { TRIBUTUS_2_04 } from './perfis/tributus-2-04.js';
import { WEBISS_2_02 } from './perfis/webiss-2-02.js';

/** Every family profile of the ABRASF 2.0x engine: a municipality of one of them issues through its service. */
export const PERFIS_ABRASF: readonly PerfilFamiliaAbrasf[] = [
  ISSNET_2_04,
  DSF_2_03,
  WEBISS_2_02,
  EL_2_04,
  FUTURIZE_2_02,
  GISS_2_04,
  TINUS_2_03,
  FISCO_2_03,
  SINTESE_2_04,
  FIORILLI_2_00,
  FIORILLI_2_01,
  TRIBUTUS_2_04,
  IPM_2_04,
  ELOTECH_2_03,
  MEGASOFT_2_00,
  ISSDSF_2_03,
  EL_1_00,
];

// 1.00 only for an own layout a family profile describes (EL); the ABRASF 1.00 families are perfis-abrasf-1.ts'.
const VERSOES = new Set(['1.00', '2.00', '2.01', '2.02', '2.03', '2.04']);

/** The family profile of a provider table's row (family, version, provider), or null when the engine has none. */
export function perfilFamiliaAbrasf(
  provedor: Pick<ProvedorMunicipio, 'familia' | 'versao' | 'nome'>,
): PerfilFamiliaAbrasf | null {
  return (
    PERFIS_ABRASF.find(
      (p) =>
        p.familia === provedor.familia &&
        p.versao === provedor.versao &&
        (!p.provedores || p.provedores.includes(provedor.nome ?? '')),
    ) ?? null
  );
}

/** Whether the row's production URL is the family's service (always, for a family that serves from one path only). */
export function servicoDaFamilia(
  familia: Pick<PerfilFamiliaAbrasf, 'caminhoServico'>,
  provedor: Pick<ProvedorMunicipio, 'urls'>,
): boolean {
  return !familia.caminhoServico || (provedor.urls.producao?.endsWith(familia.caminhoServico) ?? false);
}

/**
 * The ABRASF 2.0x profile of a municipality as the provider table places it: its family's, the table's addresses
 * and what the municipality deviates in; null when the table does not route it to ABRASF 2.00–2.04 (or EL's own 1.00)
 * or no profile describes its family and version.
 */
export function perfilAbrasf(provedor: ProvedorMunicipio): PerfilAbrasf | null {
  if (provedor.rota !== 'abrasf' || !VERSOES.has(provedor.versao ?? '')) return null;
  const familia = perfilFamiliaAbrasf(provedor);
  if (!familia || !servicoDaFamilia(familia, provedor)) return null;
  const lugar = municipio(provedor.ibge);
  const { fonte, ...ajuste } = AJUSTES_MUNICIPIO_ABRASF[provedor.ibge] ?? { fonte: null };
  return {
    ...familia,
    ibge: provedor.ibge,
    nome: lugar ? `${lugar.nome}/${lugar.uf}` : `o município ${provedor.ibge}`,
    provedor: provedor.nome ?? familia.familia,
    endpoints: provedor.urls,
    fonteEndpoints: `tabela de provedores: ${provedor.fonte}${provedor.data ? ` (${provedor.data})` : ''}`,
    fonteAjuste: fonte,
    ...ajuste,
  };
}

/** The profile of a municipality by its IBGE code (the provider table's row), or null. */
export function perfilAbrasfDoMunicipio(ibge: string): PerfilAbrasf | null {
  const provedor = provedorMunicipio(ibge);
  return provedor ? perfilAbrasf(provedor) : null;
}
