import { ABRASF_2_04, PRATICA_ABRASF_2, type PerfilFamiliaAbrasf } from '../perfil-abrasf.js';

/**
 * EL's ABRASF 2.04 service (`…/NfseWSService`, per city): the ABRASF 2.04 schema and the template's SOAPAction, with
 * the operation's wrapper nested in another (`<GerarNfse><GerarNfseRequest>`) and the nfseCabecMsg/nfseDadosMsg
 * strings in CDATA, as a library writes the requests; no WSDL of the 2.04 service was obtained (the saved one is the
 * older own-layout service), so the wire is a library's reading, not the provider's statement, and the operations
 * beyond issuance are the template's.
 */
export const EL_2_04: PerfilFamiliaAbrasf = {
  ...ABRASF_2_04,
  familia: 'EL',
  esquema: 'el/2.04/acbr/nfse.xsd',
  envoltorio: '{operacao}/{operacao}Request',
  dados: 'cdata',
  emissao: 'GerarNfse',
  ...PRATICA_ABRASF_2,
  incertos: [
    'soapAction',
    'envoltorio',
    'dados',
    'cabecalho',
    'operacoes',
    'emissao',
    'loteMaximo',
    'assinaturas',
    'codigoTributacaoMunicipio',
    'codigos',
    'inscricaoMunicipalObrigatoria',
  ],
};
