import {
  CODIGOS_ABRASF_1_0,
  type MensagemAbrasf1,
  type PerfilAbrasf1,
  type ServicoAbrasf1,
} from '../perfil-abrasf-1.js';

const ABRASF = 'http://www.abrasf.org.br/ABRASF/arquivos/nfse.xsd';
const TEMPURI = 'http://tempuri.org/';

/** An ISSSalvador message: every one is declared, with the types, in the package's single nfse.xsd, qualified. */
const mensagem = (raiz: string): MensagemAbrasf1 => ({
  arquivo: 'nfse.xsd',
  namespace: ABRASF,
  raiz,
  filhosQualificados: true,
});

/**
 * One WCF service per operation: `http://tempuri.org/I<Servico>/<Elemento>`, its argument in the operation's namespace,
 * answered in `<Elemento>Result`.
 */
const servico = (pasta: string, nome: string, elemento: string, argumento: string): ServicoAbrasf1 => ({
  elemento,
  soapAction: `${TEMPURI}I${nome}/${elemento}`,
  argumento,
  caminho: `${pasta}/${nome}.svc`,
});

/**
 * ISSSalvador (Salvador/BA, `nfse.salvador.ba.gov.br/rps/ENVIOLOTERPS/EnvioLoteRPS.svc`): the ABRASF 1.00 messages of
 * the municipality's own package (`municipais/salvador-ba/1.00/acbr`), all in the one nfse.xsd with the types, no
 * cabecalho, lower-case `id` attributes, the Reforma Tributária codes NBS, cClassTrib and INDOP required in
 * tcDadosServico, a required taker with its name, numeric CNPJs and no CancelarNfseEnvio (cancellation only by
 * administrative process). The lot queries and the query by RPS carry no Signature in the schema. The services'
 * paths, elements, SOAPActions and answer elements are not in the data: they are the ones integration libraries
 * use, as are the signatures (InfRps and LoteRps) and the message codes (the ABRASF 1.0 table).
 */
export const ISS_SALVADOR: PerfilAbrasf1 = {
  familia: 'ISSSalvador',
  nome: 'ISS Salvador',
  versao: '1.00',
  pasta: 'municipais/salvador-ba/1.00/acbr',
  tipos: { namespace: ABRASF, qualificados: true },
  mensagens: {
    RecepcionarLoteRps: mensagem('EnviarLoteRpsEnvio'),
    ConsultarSituacaoLoteRps: mensagem('ConsultarSituacaoLoteRpsEnvio'),
    ConsultarLoteRps: mensagem('ConsultarLoteRpsEnvio'),
    ConsultarNfsePorRps: mensagem('ConsultarNfseRpsEnvio'),
    CancelarNfse: null,
    cabecalho: null,
  },
  soap: {
    sufixoOperacao: '',
    namespaceProducao: TEMPURI,
    namespaceHomologacao: TEMPURI,
    soapAction: '',
    argumentos: { cabecalho: null, mensagem: 'loteXML' },
    resposta: 'return',
    argumentosQualificados: true,
    servicos: {
      RecepcionarLoteRps: servico('ENVIOLOTERPS', 'EnvioLoteRPS', 'EnviarLoteRPS', 'loteXML'),
      ConsultarSituacaoLoteRps: servico(
        'CONSULTASITUACAOLOTERPS',
        'ConsultaSituacaoLoteRPS',
        'ConsultarSituacaoLoteRPS',
        'loteXML',
      ),
      ConsultarLoteRps: servico('CONSULTALOTERPS', 'ConsultaLoteRPS', 'ConsultarLoteRPS', 'loteXML'),
      ConsultarNfsePorRps: servico('CONSULTANFSERPS', 'ConsultaNfseRPS', 'ConsultarNfseRPS', 'consultaxml'),
    },
  },
  assinaturas: { rps: true, lote: true, consultas: false, consultaRps: false, cancelamento: false },
  descontoCondicionadoAntes: false,
  algoritmo: 'sha1',
  idNasConsultas: false,
  idAtributo: 'id',
  servicoRtc: true,
  tomadorObrigatorio: true,
  cnpjNumerico: true,
  competenciaDataHora: true,
  codigos: CODIGOS_ABRASF_1_0,
  incertos: ['soap', 'assinaturas', 'codigos'],
};
