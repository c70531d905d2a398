import { CODIGOS_ABRASF_1_0, type MensagemAbrasf1, type PerfilAbrasf1 } from '../perfil-abrasf-1.js';

const GINFES = 'http://www.ginfes.com.br';

/** A Ginfes v03 message: one schema file per message, named after it, whose target namespace carries its name. */
export function mensagemGinfes(arquivo: string, raiz: string, filhosQualificados: boolean): MensagemAbrasf1 {
  return { arquivo: `${arquivo}.xsd`, namespace: `${GINFES}/${arquivo}.xsd`, raiz, filhosQualificados };
}

/** The Ginfes v03 messages (the cancellation's children are unqualified in its schema, the others' qualified). */
export const MENSAGENS_GINFES_V3: PerfilAbrasf1['mensagens'] = {
  RecepcionarLoteRps: mensagemGinfes('servico_enviar_lote_rps_envio_v03', 'EnviarLoteRpsEnvio', true),
  ConsultarSituacaoLoteRps: mensagemGinfes(
    'servico_consultar_situacao_lote_rps_envio_v03',
    'ConsultarSituacaoLoteRpsEnvio',
    true,
  ),
  ConsultarLoteRps: mensagemGinfes('servico_consultar_lote_rps_envio_v03', 'ConsultarLoteRpsEnvio', true),
  ConsultarNfsePorRps: mensagemGinfes('servico_consultar_nfse_rps_envio_v03', 'ConsultarNfseRpsEnvio', true),
  CancelarNfse: mensagemGinfes('servico_cancelar_nfse_envio_v03', 'CancelarNfseEnvio', false),
  cabecalho: { arquivo: 'cabecalho_v03.xsd', namespace: `${GINFES}/cabecalho_v03.xsd`, versao: '3', versaoDados: '3' },
};

/**
 * Ginfes v3 (`ServiceGinfesImpl`): Guarulhos, São Bernardo do Campo, Mauá, Suzano, Caruaru… The messages are those
 * of the provider's v03 package as first published (no Reforma Tributária groups: the 2026 copy makes `trib` and
 * `IBSCBS` required in tcValores, which the service's notes do not carry yet); wrapper, SOAPAction and signatures as
 * an integration library builds them.
 */
export const GINFES_V3: PerfilAbrasf1 = {
  familia: 'Ginfes',
  nome: 'Ginfes',
  versao: '1.00',
  pasta: 'ginfes/v03/uninfe',
  tipos: { namespace: `${GINFES}/tipos_v03.xsd`, qualificados: true },
  mensagens: MENSAGENS_GINFES_V3,
  soap: {
    sufixoOperacao: 'V3',
    namespaceProducao: 'http://producao.ginfes.com.br',
    namespaceHomologacao: 'http://homologacao.ginfes.com.br',
    soapAction: '',
    argumentos: { cabecalho: 'arg0', mensagem: 'arg1' },
    resposta: 'return',
  },
  assinaturas: { rps: false, lote: true, consultas: true, consultaRps: true, cancelamento: true },
  descontoCondicionadoAntes: false,
  algoritmo: 'sha1',
  idNasConsultas: true,
  idAtributo: 'Id',
  servicoRtc: false,
  tomadorObrigatorio: false,
  cnpjNumerico: false,
  competenciaDataHora: false,
  codigos: CODIGOS_ABRASF_1_0,
  incertos: ['assinaturas', 'codigos', 'pasta'],
};
