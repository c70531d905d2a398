import { ABRASF_2_0X_ELEMENTOS, ABRASF_WSDL_NS, PRATICA_ABRASF_2, type PerfilFamiliaAbrasf } from '../perfil-abrasf.js';

/**
 * DSF's ABRASF 2.03 service (`notafiscal-abrasfv203-ws/NotaFiscalSoap`): the schema has no target namespace, so the
 * messages are unqualified; they go inline as the child of `<Op>` in the ABRASF WSDL namespace, with no header and an
 * empty SOAPAction, and the answer's `…Resposta` element comes inline too. The schema is DSF's (a library's copy);
 * the wire is a library's reading of the service, not the provider's statement. The ISSDSF variant (Campo Grande),
 * whose schema is qualified in the ABRASF namespace, is ISSDSF_2_03.
 */
export const DSF_2_03: PerfilFamiliaAbrasf = {
  familia: 'DSF',
  versao: '2.03',
  provedores: ['DSF', 'ISSCampinas'],
  esquema: 'dsf/2.03/acbr/nfse.xsd',
  soap: '1.1',
  soapAction: '',
  envoltorio: '{operacao}',
  namespaceWsdl: ABRASF_WSDL_NS,
  namespaceDados: null,
  mensagem: 'elementos',
  dados: 'escapado',
  cabecalho: null,
  elementos: ABRASF_2_0X_ELEMENTOS,
  emissao: 'GerarNfse',
  ...PRATICA_ABRASF_2,
  incertos: [
    'soapAction',
    'envoltorio',
    'mensagem',
    'emissao',
    'loteMaximo',
    'assinaturas',
    'codigoTributacaoMunicipio',
    'codigos',
    'inscricaoMunicipalObrigatoria',
  ],
};
