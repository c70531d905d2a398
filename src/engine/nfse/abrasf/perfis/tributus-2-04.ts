import { ABRASF_2_04, PRATICA_ABRASF_2, type PerfilFamiliaAbrasf } from '../perfil-abrasf.js';

const API = 'https://tributosmunicipais.com.br/nfse/api/';

/**
 * Tributus' ABRASF 2.04 service (`tributosmunicipais.com.br/nfse/api/`, one address for every city): the ABRASF
 * 2.04 schema with the signed elements' identifier written `id` (lower case, as the schema declares it, and required
 * on the RPS identification too),
 * `<Op>Request` in the provider's namespace with the nfseCabecMsg/nfseDadosMsg strings in CDATA, SOAPAction that
 * namespace + operation, and the company's authorisation token as the URL's `tokenAuth` parameter. The schema is a
 * library's copy and the wire a library's reading of the service (no WSDL was obtained).
 */
export const TRIBUTUS_2_04: PerfilFamiliaAbrasf = {
  ...ABRASF_2_04,
  familia: 'Tributus',
  esquema: 'tributus/2.04/acbr/nfse.xsd',
  soapAction: `${API}{operacao}`,
  namespaceWsdl: API,
  dados: 'cdata',
  atributoId: 'id',
  elementos: { ...ABRASF_2_04.elementos, identificadorRps: true },
  emissao: 'GerarNfse',
  ...PRATICA_ABRASF_2,
  credenciais: { exigidas: ['token'], parametrosUrl: { token: 'tokenAuth' } },
  incertos: [
    'soapAction',
    'namespaceWsdl',
    'dados',
    'cabecalho',
    'credenciais',
    'emissao',
    'loteMaximo',
    'assinaturas',
    'codigoTributacaoMunicipio',
    'codigos',
    'inscricaoMunicipalObrigatoria',
  ],
};
