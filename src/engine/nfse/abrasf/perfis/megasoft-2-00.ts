import { ABRASF_2_0X_ELEMENTOS, ABRASF_CODIGOS_1_0, type PerfilFamiliaAbrasf } from '../perfil-abrasf.js';

const WSDL = 'http://ws.megasoftarrecadanet.com.br';

/**
 * MegaSoft's 2.00 service (`<cidade>.megasoftarrecadanet.com.br/<cidade>/ws/nfseSOAP`, one host per city): as a save
 * of Pontalina's live WSDL shows it, SOAP 1.1 with only GerarNfse and ConsultarNfsePorRps (no lot, no cancellation
 * nor substitution by web service), `<Op>Request` in the WSDL's namespace holding the nfseCabecMsg/nfseDadosMsg
 * strings, SOAPAction that namespace + `/` + operation. The schema (a library's copy, the newer and larger of the two
 * in the data directory) has its own namespace and its own RPS (modeloRps): the RPS identification, numbered only,
 * inside InfDeclaracaoPrestacaoServico, and a Servico of Valores, IssRetido, CodigoMunicipio,
 * CodigoTributacaoMunicipio, Exigibilidade, a required NumeroNbs and Discriminacao. The strings go as CDATA (a library
 * escapes the query's, the same string to the WSDL); the header's version, the signature algorithm and the message
 * codes are the most likely values. The provider has no homologation host: its test mode is switched on in
 * production, so test keys never reach it (readiness `sandbox_municipio_proprio`, as every own system).
 */
export const MEGASOFT_2_00: PerfilFamiliaAbrasf = {
  familia: 'MegaSoft',
  versao: '2.00',
  esquema: 'megasoft/2.00/acbr/nfse_v01.xsd',
  soap: '1.1',
  soapAction: `${WSDL}/{operacao}`,
  envoltorio: '{operacao}Request',
  namespaceWsdl: WSDL,
  namespaceDados: 'http://megasoftarrecadanet.com.br/xsd/nfse_v01.xsd',
  mensagem: 'texto',
  dados: 'cdata',
  // As an integration library writes it for MegaSoft: its service's data version is 1.00, not the layout's 2.00.
  cabecalho: { versao: '1.00', versaoDados: '1.00' },
  modeloRps: 'megasoft',
  elementos: {
    ...ABRASF_2_0X_ELEMENTOS,
    codigoNbs: false,
    identificadorRps: true,
    servico: [
      'Valores',
      'IssRetido',
      'CodigoMunicipio',
      'CodigoTributacaoMunicipio',
      'Exigibilidade',
      'NumeroNbs',
      'Discriminacao',
    ],
  },
  emissao: 'GerarNfse',
  operacoes: ['GerarNfse', 'ConsultarNfsePorRps'],
  // No lot operation: one RPS per GerarNfse.
  loteMaximo: 1,
  assinaturas: { rps: true, lote: false, cancelamento: false, substituicao: false },
  algoritmo: 'sha1',
  codigoTributacaoMunicipio: 'omitir',
  codigos: ABRASF_CODIGOS_1_0,
  // tcIdentificacaoPrestador requires it in this schema.
  inscricaoMunicipalObrigatoria: true,
  incertos: ['dados', 'cabecalho', 'assinaturas', 'algoritmo', 'codigoTributacaoMunicipio', 'codigos'],
};
