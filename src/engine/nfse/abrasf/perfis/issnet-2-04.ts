import { ABRASF_CODIGOS_1_0, ABRASF_NS, ABRASF_WSDL_NS, type PerfilAbrasf } from '../perfil-abrasf.js';

/**
 * What the ISSnet platform's ABRASF 2.04 service is in every municipality that runs it; a municipality's profile
 * adds its addresses and how it issues.
 */
export const ISSNET_2_04 = {
  provedor: 'ISSnet',
  versao: '2.04',
  soap: '1.1',
  soapAction: `${ABRASF_WSDL_NS}/`,
  namespaceWsdl: ABRASF_WSDL_NS,
  namespaceDados: ABRASF_NS,
  dados: 'escapado',
  operacoes: [
    'GerarNfse',
    'RecepcionarLoteRpsSincrono',
    'ConsultarNfsePorRps',
    'CancelarNfse',
    'SubstituirNfse',
    'ConsultarNfseServicoTomado',
  ],
  loteMaximo: 50,
  assinaturas: { rps: true, lote: true, cancelamento: true, substituicao: true },
  algoritmo: 'sha1',
  codigoTributacaoMunicipio: 'omitir',
  codigos: ABRASF_CODIGOS_1_0,
  inscricaoMunicipalObrigatoria: true,
} as const satisfies Omit<PerfilAbrasf, 'ibge' | 'nome' | 'endpoints' | 'fonteEndpoints' | 'emissao' | 'incertos'>;
