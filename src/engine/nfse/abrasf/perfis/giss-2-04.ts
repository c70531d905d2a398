import { ABRASF_2_04, PRATICA_ABRASF_2, type PerfilFamiliaAbrasf } from '../perfil-abrasf.js';

/**
 * GISS's ABRASF 2.04 service (`ws-<cidade>.giss.com.br/service-ws/nf/nfse-ws`): the ABRASF WSDL's wire (SOAP 1.1,
 * `<Op>Request` in `http://nfse.abrasf.org.br`, nfseCabecMsg/nfseDadosMsg escaped, the template's SOAPAction) with
 * GISS's own schemas, one file and one namespace per message (`http://www.giss.com.br/gerar-nfse-envio-v2_04.xsd`,
 * the header's `…/cabecalho-v2_04.xsd`) and the types in a third (`…/tipos-v2_04.xsd`). The schemas are a library's
 * copy; the wire is a library's reading of the service (no WSDL obtained), and so are the signatures (every request
 * element the library signs; the queries' own signature is not sent). How single notes go, the lot size and the
 * message codes are the most likely values, not the provider's statement.
 */
export const GISS_2_04: PerfilFamiliaAbrasf = {
  ...ABRASF_2_04,
  familia: 'Giss',
  esquema: 'giss/2.04/acbr/{mensagem}-v2_04.xsd',
  namespaceDados: 'http://www.giss.com.br/tipos-v2_04.xsd',
  namespacePorMensagem: {
    mensagem: 'http://www.giss.com.br/{mensagem}-v2_04.xsd',
    tipos: 'http://www.giss.com.br/tipos-v2_04.xsd',
  },
  dados: 'escapado',
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
