import { ABRASF_2_0X_ELEMENTOS, ABRASF_NS, PRATICA_ABRASF_2, type PerfilFamiliaAbrasf } from '../perfil-abrasf.js';

/**
 * Fiorilli's ABRASF 2.00 service (ISSWeb, `…/IssWeb-ejb/IssWebWS/IssWebWS`, one host per city): the ABRASF 2.00
 * schema without `CodigoNbs`, the message inline in a wrapper named after the operation with a lower-case first letter
 * (`<ws:gerarNfse>`) in Fiorilli's WSDL namespace, followed by the taxpayer's ISSWeb login and password
 * (`<username>`, `<password>`), SOAPAction the bare operation name, no header. The schema is a library's copy and the
 * wire a library's reading of the service (no WSDL of it was obtained): every wire member is in `incertos`.
 */
export const FIORILLI_2_00: PerfilFamiliaAbrasf = {
  familia: 'Fiorilli',
  versao: '2.00',
  esquema: 'fiorilli/2.00/acbr/nfse.xsd',
  soap: '1.1',
  soapAction: '{operacaoMinuscula}',
  envoltorio: '{operacaoMinuscula}',
  namespaceWsdl: 'http://ws.issweb.fiorilli.com.br/',
  namespaceDados: ABRASF_NS,
  mensagem: 'elementos',
  dados: 'escapado',
  cabecalho: null,
  elementos: { ...ABRASF_2_0X_ELEMENTOS, codigoNbs: false },
  emissao: 'GerarNfse',
  ...PRATICA_ABRASF_2,
  credenciais: { exigidas: ['usuario', 'senha'], elementos: { usuario: 'username', senha: 'password' } },
  incertos: [
    'soapAction',
    'envoltorio',
    'namespaceWsdl',
    'mensagem',
    'credenciais',
    'emissao',
    'loteMaximo',
    'assinaturas',
    'codigoTributacaoMunicipio',
    'codigos',
    'inscricaoMunicipalObrigatoria',
  ],
};

/**
 * Fiorilli's ABRASF 2.01 service: the 2.00 wire with the 2.01 schema (the same elements; the RPS and lot signatures
 * required by the schema rather than optional).
 */
export const FIORILLI_2_01: PerfilFamiliaAbrasf = {
  ...FIORILLI_2_00,
  versao: '2.01',
  esquema: 'fiorilli/2.01/uninfe/nfse_v201.xsd',
};
