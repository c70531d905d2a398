import { ABRASF_2_04, ABRASF_2_0X_ELEMENTOS, ABRASF_CODIGOS_1_0, type PerfilFamiliaAbrasf } from '../perfil-abrasf.js';

/**
 * Tinus's ABRASF 2.03 service (`…tinus.com.br/csp/<cidade>/WSNFSE203.Service2.nfseSOAP.cls`): Tinus's schema, in the
 * ABRASF namespace with the 2.00–2.03 elements, whose cancellation request also requires the national reason
 * (ADNCodMotivo, ADNMotivo; the national key ADNChave is optional and not sent: an ABRASF note has none), and every
 * RPS the Simples assessment (regApTribSN) without InformacoesComplementares; it has no substitution and no query of
 * the services taken, so neither is offered. The wire is as an integration library's Tinus provider writes it: the
 * message element straight in the SOAP body, no wrapper, the SOAPAction the service's class name with the message's
 * root; every other member beyond the schema is the most likely value.
 */
export const TINUS_2_03: PerfilFamiliaAbrasf = {
  ...ABRASF_2_04,
  familia: 'Tinus',
  versao: '2.03',
  esquema: 'tinus/2.03/acbr/nfse.xsd',
  // The schema declares no cabecalho: no nfseCabecMsg is sent.
  cabecalho: null,
  soapAction: 'http://nfse.abrasf.org.br/WSNFSE203.Service2.nfseSOAP.{mensagem}',
  envoltorio: '{mensagem}',
  mensagem: 'corpo',
  elementos: { ...ABRASF_2_0X_ELEMENTOS, regApTribSN: true, informacoesComplementares: false },
  motivoCancelamentoNacional: true,
  dados: 'escapado',
  emissao: 'GerarNfse',
  operacoes: ['GerarNfse', 'RecepcionarLoteRpsSincrono', 'ConsultarNfsePorRps', 'CancelarNfse'],
  loteMaximo: 50,
  assinaturas: { rps: true, lote: true, cancelamento: true, substituicao: true },
  algoritmo: 'sha1',
  codigoTributacaoMunicipio: 'omitir',
  codigos: ABRASF_CODIGOS_1_0,
  inscricaoMunicipalObrigatoria: true,
  incertos: [
    'soap',
    'soapAction',
    'envoltorio',
    'namespaceWsdl',
    'mensagem',
    'dados',
    'cabecalho',
    'elementos',
    'operacoes',
    'emissao',
    'loteMaximo',
    'assinaturas',
    'codigoTributacaoMunicipio',
    'codigos',
    'inscricaoMunicipalObrigatoria',
  ],
};
