import type { PerfilAbrasf } from '../perfil-abrasf.js';
import { ISSNET_2_04 } from './issnet-2-04.js';

/**
 * Brasília/DF: ISSnet, ABRASF 2.04. The production URL is the one the Distrito Federal's ISSnet service publishes
 * and several integrations used in 2026; the homologation URL is only reported by integrations.
 */
export const BRASILIA: PerfilAbrasf = {
  ...ISSNET_2_04,
  ibge: '5300108',
  nome: 'Brasília/DF',
  endpoints: {
    producao: 'https://df.issnetonline.com.br/webservicenfse204/nfse.asmx',
    homologacao: 'https://www.issnetonline.com.br/homologaabrasf/webservicenfse204/nfse.asmx',
  },
  fonteEndpoints:
    'produção: publicada pelo ISSnet do DF e usada por integrações em 2026; homologação: relatada por integrações',
  emissao: 'RecepcionarLoteRpsSincrono',
  incertos: ['emissao', 'loteMaximo', 'assinaturas', 'codigoTributacaoMunicipio', 'dados', 'codigos'],
};
