import { ABRASF_CODIGOS_1_0, ABRASF_NS, ABRASF_WSDL_NS, type PerfilAbrasf } from '../perfil-abrasf.js';

/**
 * Goiânia/GO: ISSnet, ABRASF 2.04, the same platform as Brasília. No endpoint was found in a source we trust:
 * production needs the URL configured (ABRASF_URLS_LIVE).
 */
export const GOIANIA: PerfilAbrasf = {
  ibge: '5208707',
  nome: 'Goiânia/GO',
  provedor: 'ISSnet',
  versao: '2.04',
  endpoints: { producao: null, homologacao: null },
  fonteEndpoints: 'não encontrado; a plataforma ISSnet 2.04 consta na tabela de municípios de uma biblioteca (2026)',
  soap: '1.1',
  soapAction: `${ABRASF_WSDL_NS}/`,
  namespaceWsdl: ABRASF_WSDL_NS,
  namespaceDados: ABRASF_NS,
  dados: 'escapado',
  emissao: 'RecepcionarLoteRpsSincrono',
  operacoes: ['GerarNfse', 'RecepcionarLoteRpsSincrono', 'ConsultarNfsePorRps', 'CancelarNfse', 'SubstituirNfse', 'ConsultarNfseServicoTomado'],
  loteMaximo: 50,
  assinaturas: { rps: true, lote: true, cancelamento: true, substituicao: true },
  algoritmo: 'sha1',
  codigoTributacaoMunicipio: 'omitir',
  codigos: ABRASF_CODIGOS_1_0,
  inscricaoMunicipalObrigatoria: true,
  incertos: ['endpoints', 'emissao', 'loteMaximo', 'assinaturas', 'codigoTributacaoMunicipio', 'dados', 'codigos'],
};
