import { ABRASF_2_04, PRATICA_ABRASF_2, type PerfilFamiliaAbrasf } from '../perfil-abrasf.js';

/**
 * IPM's ABRASF 2.04 service (Atende.Net, `<cidade>.atende.net/?pg=services&service=WNENotaFiscalEletronicaNfe`):
 * IPM's schema with the IBS/CBS groups (`nfse_rt.xsd`), in the ABRASF namespace with the 2.04 elements, whose
 * identifier attributes and signatures are all optional and whose answers nest each note's CompNfse in another. The wire is a library's reading of the service: SOAP 1.1,
 * the wrapper in `net.atende` named as the message's root and standing in its place (the root's children inside it),
 * SOAPAction `net.atende#<root>`, no header, the answer in `return`; no identifier written, so nothing is signed; the
 * taxpayer's portal login and password as HTTP Basic, and no TLS client certificate asked. The schema has the
 * template's ConsultarNfseServicoTomadoEnvio (a Consulente, the period, a page), so received notes are asked with it;
 * the library leaves that operation out because IPM's homologation service lacks it, so whether production answers it
 * is not known (`operacoes` is uncertain); a refusal is kept in the company's capture row and touches nothing else.
 */
export const IPM_2_04: PerfilFamiliaAbrasf = {
  ...ABRASF_2_04,
  ...PRATICA_ABRASF_2,
  familia: 'IPM',
  esquema: 'ipm/2.04/acbr/nfse_rt.xsd',
  soapAction: 'net.atende#{mensagem}',
  envoltorio: '{mensagem}',
  namespaceWsdl: 'net.atende',
  mensagem: 'conteudo',
  dados: 'escapado',
  campoResposta: 'return',
  cabecalho: null,
  elementos: { ...ABRASF_2_04.elementos, compNfseAninhado: true },
  atributoId: null,
  assinaturas: { rps: false, lote: false, cancelamento: false, substituicao: false },
  credenciais: { exigidas: ['usuario', 'senha'], autorizacaoHttp: 'basic' },
  emissao: 'GerarNfse',
  operacoes: [
    'GerarNfse',
    'RecepcionarLoteRpsSincrono',
    'ConsultarNfsePorRps',
    'CancelarNfse',
    'SubstituirNfse',
    'ConsultarNfseServicoTomado',
  ],
  incertos: [
    'soap',
    'soapAction',
    'envoltorio',
    'namespaceWsdl',
    'mensagem',
    'campoResposta',
    'cabecalho',
    'atributoId',
    'assinaturas',
    'credenciais',
    'operacoes',
    'emissao',
    'loteMaximo',
    'codigoTributacaoMunicipio',
    'codigos',
    'inscricaoMunicipalObrigatoria',
  ],
};
