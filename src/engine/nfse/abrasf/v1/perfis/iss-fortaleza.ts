import type { PerfilAbrasf1 } from '../perfil-abrasf-1.js';
import { GINFES_V3, MENSAGENS_GINFES_V3, mensagemGinfes } from './ginfes-v3.js';

/**
 * ISSFortaleza (Fortaleza/CE, `grpfor-iss/ServiceGinfesImplService`): the Ginfes v03 messages and service contract,
 * its own package (tcDadosServico without CodigoNbs, lot queries without an Id, a cancellation whose children are qualified). That the wrapper keeps Ginfes' operation names and namespace
 * is inferred from the service's name, not read in a WSDL.
 */
export const ISS_FORTALEZA: PerfilAbrasf1 = {
  ...GINFES_V3,
  familia: 'ISSFortaleza',
  nome: 'ISS Fortaleza',
  pasta: 'municipais/fortaleza-ce/1.00/acbr',
  mensagens: {
    ...MENSAGENS_GINFES_V3,
    CancelarNfse: mensagemGinfes('servico_cancelar_nfse_envio_v03', 'CancelarNfseEnvio', true),
  },
  idNasConsultas: false,
  incertos: ['soap', 'assinaturas', 'codigos'],
};
