import type { PerfilAbrasf1 } from '../perfil-abrasf-1.js';
import { GINFES_V3, MENSAGENS_GINFES_V3, mensagemGinfes } from './ginfes-v3.js';

/**
 * ISSFortaleza (Fortaleza/CE, `grpfor-iss/ServiceGinfesImplService`): the Ginfes v03 messages, its own package
 * (tcDadosServico without CodigoNbs, lot queries without an Id, a cancellation whose children are qualified) and
 * its own call: the Ginfes operation names in its own namespace, the cabecalho in `<Cabecalho>` and the message in
 * an element named after its root, the cancellation without the suffix nor the cabecalho, and the answer's document
 * in the operation's answer instead of a `<return>` string (as an integration library builds and reads them).
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
  soap: {
    ...GINFES_V3.soap,
    namespaceProducao: 'http://producao.issfortaleza.com.br',
    namespaceHomologacao: 'http://homologacao.issfortaleza.com.br',
    argumentos: { cabecalho: 'Cabecalho', mensagem: null },
    resposta: null,
    cancelamento: { elemento: 'CancelarNfse', comCabecalho: false },
  },
  idNasConsultas: false,
  incertos: ['soap', 'assinaturas', 'codigos'],
};
