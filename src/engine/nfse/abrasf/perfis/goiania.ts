import type { PerfilAbrasf } from '../perfil-abrasf.js';
import { ISSNET_2_04 } from './issnet-2-04.js';

/**
 * Goiânia/GO: ISSnet, ABRASF 2.04, the same platform as Brasília. No endpoint was found in a source we trust:
 * production needs the URL configured (ABRASF_URLS_LIVE).
 */
export const GOIANIA: PerfilAbrasf = {
  ...ISSNET_2_04,
  ibge: '5208707',
  nome: 'Goiânia/GO',
  endpoints: { producao: null, homologacao: null },
  fonteEndpoints: 'não encontrado; a plataforma ISSnet 2.04 consta na tabela de municípios de uma biblioteca (2026)',
  emissao: 'RecepcionarLoteRpsSincrono',
  incertos: ['endpoints', 'emissao', 'loteMaximo', 'assinaturas', 'codigoTributacaoMunicipio', 'dados', 'codigos'],
};
