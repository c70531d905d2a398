import { ABRASF_2_04, ABRASF_2_0X_ELEMENTOS, ABRASF_CODIGOS_1_0, type PerfilFamiliaAbrasf } from '../perfil-abrasf.js';

/**
 * Fisco's ABRASF 2.03 service (`…fisco.net.br/…/ServicosNFSEAbrasf.asmx`): Fisco's schema, in the ABRASF namespace
 * with the 2.00–2.03 elements; SOAP 1.2, the operation's wrapper named with a lower-case first letter
 * (`<gerarNfse>`) holding the message in CDATA in an `<xml>` child, no header, and the SOAPAction the ASMX address
 * plus the operation, in the ASMX address's namespace, as a library writes the requests. That library signs
 * nothing, so no signature is sent. The answer's element (an ASMX `<op>Result`) is not stated anywhere found: a most
 * likely value, like how single notes go, the lot size and the message codes.
 */
export const FISCO_2_03: PerfilFamiliaAbrasf = {
  ...ABRASF_2_04,
  familia: 'Fisco',
  versao: '2.03',
  esquema: 'fisco/2.03/acbr/nfse.xsd',
  soap: '1.2',
  namespaceWsdl: 'https://www.fisco.net.br/wsnfseabrasf/ServicosNFSEAbrasf.asmx',
  soapAction: 'https://www.fisco.net.br/wsnfseabrasf/ServicosNFSEAbrasf.asmx/{operacaoMinuscula}',
  envoltorio: '{operacaoMinuscula}',
  campoDados: 'xml',
  campoResposta: '{operacaoMinuscula}Result',
  cabecalho: null,
  elementos: ABRASF_2_0X_ELEMENTOS,
  dados: 'cdata',
  emissao: 'GerarNfse',
  operacoes: [
    'GerarNfse',
    'RecepcionarLoteRpsSincrono',
    'ConsultarNfsePorRps',
    'CancelarNfse',
    'SubstituirNfse',
    'ConsultarNfseServicoTomado',
  ],
  loteMaximo: 50,
  assinaturas: { rps: false, lote: false, cancelamento: false, substituicao: false },
  algoritmo: 'sha1',
  codigoTributacaoMunicipio: 'omitir',
  codigos: ABRASF_CODIGOS_1_0,
  inscricaoMunicipalObrigatoria: true,
  incertos: [
    'soapAction',
    'envoltorio',
    'namespaceWsdl',
    'campoDados',
    'campoResposta',
    'operacoes',
    'emissao',
    'loteMaximo',
    'assinaturas',
    'codigoTributacaoMunicipio',
    'codigos',
    'inscricaoMunicipalObrigatoria',
  ],
};
