import { ABRASF_2_0X_ELEMENTOS, ABRASF_CODIGOS_1_0, type PerfilFamiliaAbrasf } from '../perfil-abrasf.js';

/** The WSDL's target namespace, which names EL's development host: the live services keep it. */
const WSDL = 'http://des36.el.com.br:8080/el-issonline/';

/**
 * EL's own 1.00 service (`RpsService`, JAX-WS, one host per city), as Linhares' saved WSDL and the lot schema
 * (el-nfse.xsd, which declares LoteRps and nothing else) state it: SOAP 1.1 document/literal with SOAPAction "", each
 * operation's element straight in the body with unqualified parameters, the answer in its `return`. A lot of at most
 * five RPS in EL's own layout (build-el-rps.ts) goes as the text `arquivo` of EnviarLoteRpsEnvio, beside the CNPJ and
 * the hash of a session the company's password opens (autenticarContribuinte) and finalizarSessao closes; the lot is
 * then followed by protocol (ConsultarSituacaoLoteRpsEnvio, ConsultarLoteRpsEnvio), a lost answer by the RPS number
 * (ConsultarNfseRpsEnvio), and a note is cancelled by its number (CancelarNfseEnvio). Nothing carries an identifier
 * or a signature. EL answers in plain messages without codes; those the client acts on are the ABRASF 1.0 table's
 * when a message starts with one, the most likely reading.
 */
export const EL_1_00: PerfilFamiliaAbrasf = {
  familia: 'EL',
  versao: '1.00',
  esquema: 'el/1.00/acbr/el-nfse.xsd',
  soap: '1.1',
  soapAction: '',
  envoltorio: '{mensagem}',
  namespaceWsdl: WSDL,
  namespaceDados: 'http://www.el.com.br/nfse/xsd/el-nfse.xsd',
  mensagem: 'corpo',
  dados: 'cdata',
  campoResposta: 'return',
  cabecalho: null,
  atributoId: null,
  modeloRps: 'el',
  // Unused by EL's own RPS; the template's names stand for the fields it shares.
  elementos: ABRASF_2_0X_ELEMENTOS,
  emissao: 'EnviarLoteRps',
  operacoes: [
    'autenticarContribuinte',
    'EnviarLoteRps',
    'ConsultarSituacaoLoteRps',
    'ConsultarLoteRps',
    'ConsultarNfsePorRps',
    'CancelarNfse',
    'finalizarSessao',
  ],
  // tcListaRps admits at most five Rps.
  loteMaximo: 5,
  // EL 2.04 answers at …/NfseWSService; a 1.00 row with that URL cannot be served by this layout.
  caminhoServico: '/RpsServiceService',
  assinaturas: { rps: false, lote: false, cancelamento: false, substituicao: false },
  algoritmo: 'sha1',
  // CodigoServicoMunicipal is required and no city table correlates it: the national code stands for it.
  codigoTributacaoMunicipio: 'codigo_nacional',
  codigos: ABRASF_CODIGOS_1_0,
  // tcIdentificacaoPrestador requires it.
  inscricaoMunicipalObrigatoria: true,
  credenciais: { exigidas: ['senha'], login: 'sessao' },
  incertos: ['namespaceWsdl', 'dados', 'codigoTributacaoMunicipio', 'codigos'],
};
