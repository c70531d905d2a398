import { CODIGOS_ABRASF_1_0, type MensagemAbrasf1, type PerfilAbrasf1 } from '../perfil-abrasf-1.js';

const SPEEDGOV = 'http://ws.speedgov.com.br';

/** A SpeedGov 1.00 message: one schema file per message, its target namespace named after it, children unqualified. */
function mensagemSpeedGov(arquivo: string, raiz: string): MensagemAbrasf1 {
  return { arquivo: `${arquivo}.xsd`, namespace: `${SPEEDGOV}/${arquivo}.xsd`, raiz, filhosQualificados: false };
}

/**
 * SpeedGov 1.00 (`…speedgov.com.br/ws<cidade>/Nfes`): Juazeiro do Norte, Maracanaú, Sobral, Crato, Itapipoca… The
 * Ginfes-derived messages of the provider's package (`speedgov/1.00/acbr`), every element unqualified, under
 * `http://ws.speedgov.com.br/<file>`; its ConsultarNfseRpsEnvio has no Signature, and tcValores lists
 * DescontoCondicionado first. The data says nothing of the SOAP call: it is built as an integration library's
 * SpeedGov provider builds it (operation names without a suffix in the ABRASF 1.00 namespace, cabecalho and message
 * in `header` / `parameters`, an empty SOAPAction, the answer in `<return>`); the signatures (Ginfes') and the
 * message codes (the ABRASF 1.0 table) are the most likely reading.
 */
const ABRASF_1_00 = 'http://www.abrasf.org.br/ABRASF/arquivos/nfse.xsd';

export const SPEEDGOV_1: PerfilAbrasf1 = {
  familia: 'SpeedGov',
  nome: 'SpeedGov',
  versao: '1.00',
  pasta: 'speedgov/1.00/acbr',
  tipos: { namespace: `${SPEEDGOV}/tipos_v1.xsd`, qualificados: false },
  mensagens: {
    RecepcionarLoteRps: mensagemSpeedGov('enviar_lote_rps_envio_v1', 'EnviarLoteRpsEnvio'),
    ConsultarSituacaoLoteRps: mensagemSpeedGov('consultar_situacao_lote_rps_envio_v1', 'ConsultarSituacaoLoteRpsEnvio'),
    ConsultarLoteRps: mensagemSpeedGov('consultar_lote_rps_envio_v1', 'ConsultarLoteRpsEnvio'),
    ConsultarNfsePorRps: mensagemSpeedGov('consultar_nfse_rps_envio_v1', 'ConsultarNfseRpsEnvio'),
    CancelarNfse: mensagemSpeedGov('cancelar_nfse_envio_v1', 'CancelarNfseEnvio'),
    cabecalho: {
      arquivo: 'cabecalho_v1.xsd',
      namespace: `${SPEEDGOV}/cabecalho_v1.xsd`,
      versao: '1',
      versaoDados: '1',
    },
  },
  soap: {
    sufixoOperacao: '',
    namespaceProducao: ABRASF_1_00,
    namespaceHomologacao: ABRASF_1_00,
    soapAction: '',
    argumentos: { cabecalho: 'header', mensagem: 'parameters' },
    resposta: 'return',
  },
  assinaturas: { rps: false, lote: true, consultas: true, consultaRps: false, cancelamento: true },
  descontoCondicionadoAntes: true,
  algoritmo: 'sha1',
  idNasConsultas: true,
  idAtributo: 'Id',
  servicoRtc: false,
  tomadorObrigatorio: false,
  cnpjNumerico: false,
  competenciaDataHora: false,
  codigos: CODIGOS_ABRASF_1_0,
  incertos: ['soap', 'assinaturas', 'codigos'],
};
