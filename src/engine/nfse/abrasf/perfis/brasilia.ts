import { ABRASF_CODIGOS_1_0, ABRASF_NS, ABRASF_WSDL_NS, type PerfilAbrasf } from '../perfil-abrasf.js';

/**
 * Brasília/DF: ISSnet, ABRASF 2.04. The production URL is the one the Distrito Federal's ISSnet service publishes
 * and several integrations used in 2026; the homologation URL is only reported by integrations.
 */
export const BRASILIA: PerfilAbrasf = {
  ibge: '5300108',
  nome: 'Brasília/DF',
  provedor: 'ISSnet',
  versao: '2.04',
  endpoints: {
    producao: 'https://df.issnetonline.com.br/webservicenfse204/nfse.asmx',
    homologacao: 'https://www.issnetonline.com.br/homologaabrasf/webservicenfse204/nfse.asmx',
  },
  fonteEndpoints: 'produção: publicada pelo ISSnet do DF e usada por integrações em 2026; homologação: relatada por integrações',
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
  incertos: ['emissao', 'loteMaximo', 'assinaturas', 'codigoTributacaoMunicipio', 'dados', 'codigos'],
};
