import { ABRASF_2_04, ABRASF_2_0X_ELEMENTOS, PRATICA_ABRASF_2, type PerfilFamiliaAbrasf } from '../perfil-abrasf.js';

/**
 * WebISS's ABRASF 2.02 service (`<cidade>.webiss.com.br/ws/nfse.asmx`): the ABRASF WSDL as a save of Aracaju's live
 * service shows it (SOAP 1.1 binding, `<Op>Request` in `http://nfse.abrasf.org.br`, SOAPAction = that namespace + `/`
 * + operation, every operation of the template, ConsultarNfseServicoTomado included) and the plain ABRASF 2.02
 * schema (the 2.00–2.03 elements, CodigoNbs present in the RTC copy). The messages go as CDATA strings, as a library
 * sends the issuing ones (it escapes the queries; both are the same string to the WSDL). How single notes go, the lot
 * size, the signatures asked and the message codes are the most likely values, not the provider's statement.
 */
export const WEBISS_2_02: PerfilFamiliaAbrasf = {
  ...ABRASF_2_04,
  familia: 'WebISS',
  versao: '2.02',
  esquema: 'webiss/2.02/acbr/nfse.xsd',
  cabecalho: { versao: '2.02', versaoDados: '2.02' },
  elementos: ABRASF_2_0X_ELEMENTOS,
  dados: 'cdata',
  emissao: 'GerarNfse',
  ...PRATICA_ABRASF_2,
  incertos: [
    'dados',
    'cabecalho',
    'emissao',
    'loteMaximo',
    'assinaturas',
    'codigoTributacaoMunicipio',
    'codigos',
    'inscricaoMunicipalObrigatoria',
  ],
};
