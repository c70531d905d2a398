import { ABRASF_2_04, ABRASF_2_0X_ELEMENTOS, ABRASF_CODIGOS_1_0, type PerfilFamiliaAbrasf } from '../perfil-abrasf.js';

/**
 * Futurize's ABRASF 2.02 service (`<cidade>.futurize-nfse.com.br/webservice/prod`): the ABRASF WSDL's wire (SOAP 1.1,
 * `<Op>Request` in `http://nfse.abrasf.org.br`, SOAPAction = that namespace + `/` + operation, the
 * nfseCabecMsg/nfseDadosMsg strings escaped) as a library writes it, and Futurize's own 2.02 schema: the 2.00–2.03
 * elements, but a Servico without ItemListaServico nor CodigoNbs that ends with the national service code and NBS
 * (`cTribNac`, `cNBS`, both required). No WSDL of the service was obtained: the wire, the signatures (RPS and
 * cancellation, as the library signs them), the operations and the message codes are a library's reading, not the
 * provider's statement.
 */
export const FUTURIZE_2_02: PerfilFamiliaAbrasf = {
  ...ABRASF_2_04,
  familia: 'Futurize',
  versao: '2.02',
  esquema: 'futurize/2.02/acbr/nfse.xsd',
  cabecalho: { versao: '2.02', versaoDados: '2.02' },
  elementos: {
    ...ABRASF_2_0X_ELEMENTOS,
    codigoNbs: false,
    servico: [
      'Valores',
      'IssRetido',
      'ResponsavelRetencao',
      'CodigoTributacaoMunicipio',
      'Discriminacao',
      'CodigoMunicipio',
      'ExigibilidadeISS',
      'MunicipioIncidencia',
      'cTribNac',
      'cNBS',
    ],
  },
  dados: 'escapado',
  emissao: 'GerarNfse',
  // No synchronous lot: the library sends every note by GerarNfse and records that the service refuses
  // EnviarLoteRpsSincronoEnvio and answers its replacement with a protocol (an asynchronous lot), so a batch's lines
  // go one by one.
  operacoes: ['GerarNfse', 'ConsultarNfsePorRps', 'CancelarNfse', 'SubstituirNfse', 'ConsultarNfseServicoTomado'],
  loteMaximo: 50,
  assinaturas: { rps: true, lote: false, cancelamento: true, substituicao: false },
  algoritmo: 'sha1',
  codigoTributacaoMunicipio: 'omitir',
  codigos: ABRASF_CODIGOS_1_0,
  inscricaoMunicipalObrigatoria: true,
  incertos: [
    'soap',
    'soapAction',
    'envoltorio',
    'namespaceWsdl',
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
