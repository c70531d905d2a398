import {
  ABRASF_2_0X_ELEMENTOS,
  ABRASF_NS,
  ABRASF_WSDL_NS,
  PRATICA_ABRASF_2,
  type PerfilFamiliaAbrasf,
} from '../perfil-abrasf.js';

/**
 * The ISSDSF variant of DSF's ABRASF 2.03 service (the provider table's `ISSDSF` rows of family DSF, Campo Grande):
 * the same `notafiscal-abrasfv203-ws/NotaFiscalSoap` wire as DSF_2_03 — the message inline as the child of `<Op>` in
 * the ABRASF WSDL namespace, no header, an empty SOAPAction, the answer's `…Resposta` element inline — but its schema
 * declares the ABRASF target namespace with qualified elements, so every message is written in it. Message roots,
 * types, `Id` attributes and the signatures of the RPS, lot, cancellation and substitution are DSF 2.03's; the queries
 * carry no Signature (the schema has none there). The schema is a library's copy and the wire a library's reading of
 * the service, not the provider's statement.
 */
export const ISSDSF_2_03: PerfilFamiliaAbrasf = {
  familia: 'DSF',
  versao: '2.03',
  provedores: ['ISSDSF'],
  esquema: 'dsf/2.03-issdsf-campo-grande/acbr/nfse.xsd',
  soap: '1.1',
  soapAction: '',
  envoltorio: '{operacao}',
  namespaceWsdl: ABRASF_WSDL_NS,
  namespaceDados: ABRASF_NS,
  mensagem: 'elementos',
  dados: 'escapado',
  cabecalho: null,
  elementos: ABRASF_2_0X_ELEMENTOS,
  emissao: 'GerarNfse',
  ...PRATICA_ABRASF_2,
  incertos: [
    'soapAction',
    'envoltorio',
    'namespaceWsdl',
    'mensagem',
    'emissao',
    'loteMaximo',
    'assinaturas',
    'codigoTributacaoMunicipio',
    'codigos',
    'inscricaoMunicipalObrigatoria',
  ],
};
