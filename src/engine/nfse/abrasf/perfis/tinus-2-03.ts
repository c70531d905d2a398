import { ABRASF_2_04, ABRASF_2_0X_ELEMENTOS, ABRASF_CODIGOS_1_0, type PerfilFamiliaAbrasf } from '../perfil-abrasf.js';

/**
 * Tinus's ABRASF 2.03 service (`…tinus.com.br/csp/<cidade>/WSNFSE203.Service2.nfseSOAP.cls`): Tinus's schema, in the
 * ABRASF namespace with the 2.00–2.03 elements, whose cancellation request also requires the national reason
 * (ADNCodMotivo, ADNMotivo; the national key ADNChave is optional and not sent: an ABRASF note has none), and every
 * RPS the Simples assessment (regApTribSN) without InformacoesComplementares; it has no substitution and no query of
 * the services taken, so neither is offered. No wire
 * fact of the service was found (no WSDL, no library note): the wire is the ABRASF WSDL's, and every member beyond
 * the schema is the most likely value.
 */
export const TINUS_2_03: PerfilFamiliaAbrasf = {
  ...ABRASF_2_04,
  familia: 'Tinus',
  versao: '2.03',
  esquema: 'tinus/2.03/acbr/nfse.xsd',
  // The schema declares no cabecalho: no nfseCabecMsg is sent.
  cabecalho: null,
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
