import { ABRASF_CODIGOS_1_0, ABRASF_NS, ABRASF_WSDL_NS, type PerfilAbrasf } from '../perfil-abrasf.js';

/**
 * Ribeirão Preto/SP: ISSnet, ABRASF 2.04. The production URL is one an integration reported (the service answers
 * only to authorised IP addresses); no homologation URL is known. Issues one RPS per GerarNfse.
 */
export const RIBEIRAO_PRETO: PerfilAbrasf = {
  ibge: '3543402',
  nome: 'Ribeirão Preto/SP',
  provedor: 'ISSnet',
  versao: '2.04',
  endpoints: { producao: 'https://ribeiraopreto.issnetonline.com.br/ISS/apirecepcaoservico.asmx', homologacao: null },
  fonteEndpoints: 'produção: relatada por uma integração (acesso restrito por IP); homologação: não encontrada',
  soap: '1.1',
  soapAction: `${ABRASF_WSDL_NS}/`,
  namespaceWsdl: ABRASF_WSDL_NS,
  namespaceDados: ABRASF_NS,
  dados: 'escapado',
  emissao: 'GerarNfse',
  operacoes: ['GerarNfse', 'RecepcionarLoteRpsSincrono', 'ConsultarNfsePorRps', 'CancelarNfse', 'SubstituirNfse', 'ConsultarNfseServicoTomado'],
  loteMaximo: 50,
  assinaturas: { rps: true, lote: true, cancelamento: true, substituicao: true },
  algoritmo: 'sha1',
  codigoTributacaoMunicipio: 'omitir',
  codigos: ABRASF_CODIGOS_1_0,
  inscricaoMunicipalObrigatoria: true,
  incertos: ['endpoints', 'emissao', 'loteMaximo', 'assinaturas', 'codigoTributacaoMunicipio', 'dados', 'codigos'],
};
