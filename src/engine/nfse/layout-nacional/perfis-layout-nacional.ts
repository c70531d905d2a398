import { CAMINHOS_SEFIN } from '../../autoridades/nfse-nacional/caminhos-sefin.js';
import type { PerfilLayoutNacional } from './perfil-layout-nacional.js';

const BETHA: PerfilLayoutNacional = {
  nome: 'Betha',
  transporte: 'soap',
  soap: {
    namespace: 'http://www.betha.com.br/e-nota-dps',
    prefixo: 'dps',
    emitir: { elemento: 'RecepcionarDpsEnvio', acao: 'http://www.betha.com.br/e-nota-dps-service/RecepcionarDps' },
    consultar: {
      elemento: 'ConsultarStatusDpsEnvio',
      acao: 'http://www.betha.com.br/e-nota-dps-service/ConsultarStatusDps',
    },
    cancelar: {
      elemento: 'RecepcionarEventoCancelamentoEnvio',
      acao: 'http://www.betha.com.br/e-nota-dps-service/RecepcionarEventoCancelamento',
    },
    cabecalho: null,
    assincrono: { consultas: 3, intervaloMs: 500 },
    codigoDpsNaoEncontrada: 'E0001',
  },
  rest: null,
  lote: null,
  atributoId: 'id',
  credenciais: [],
  fonte: 'notas de projeto PHP sobre a API DPS da Betha (índice de código 60717770969) e ACBr (Betha.Provider.pas)',
  confianca: {
    'soap.namespace': 'terceiros',
    'soap.emitir': 'terceiros',
    'soap.consultar.acao': 'terceiros',
    'soap.consultar.elemento': 'desconhecida',
    'soap.cancelar.acao': 'terceiros',
    'soap.cancelar.elemento': 'desconhecida',
    'soap.assincrono': 'terceiros',
    'soap.codigoDpsNaoEncontrada': 'desconhecida',
    atributoId: 'terceiros',
    credenciais: 'terceiros',
  },
};

const FIORILLI: PerfilLayoutNacional = {
  nome: 'Fiorilli',
  transporte: 'soap',
  soap: {
    namespace: 'http://www.fiorilli.com.br/nfse-nacional',
    prefixo: null,
    emitir: { elemento: 'RecepcionarDpsEnvio', acao: 'recepcionarDPS' },
    consultar: { elemento: 'ConsultarNfseEnvio', acao: 'consultarNfse' },
    cancelar: { elemento: 'RecepcionarEventoEnvio', acao: 'recepcionarEvento' },
    cabecalho: null,
    assincrono: null,
    codigoDpsNaoEncontrada: 'E0001',
  },
  rest: null,
  lote: null,
  atributoId: 'Id',
  credenciais: [],
  fonte: 'ACBr (Fiorilli.Provider.pas, IssWebWSNacional) e OpenAC.Net.NFSe.Nacional (Webservice/Fiorilli)',
  confianca: {
    'soap.namespace': 'terceiros',
    'soap.emitir': 'terceiros',
    'soap.consultar.acao': 'terceiros',
    'soap.consultar.elemento': 'desconhecida',
    'soap.cancelar': 'desconhecida',
    'soap.codigoDpsNaoEncontrada': 'desconhecida',
    credenciais: 'desconhecida',
  },
};

const SIMPLISS: PerfilLayoutNacional = {
  nome: 'SimplISS',
  transporte: 'rest_sefin',
  soap: null,
  rest: { caminhos: CAMINHOS_SEFIN, urlDaTabela: 'base' },
  lote: null,
  atributoId: 'Id',
  credenciais: [],
  fonte: 'OpenAC.Net.NFSe.Nacional (Webservice/SimplISS): POST {url}/nfse e {url}/nfse/{chave}/eventos como a Sefin',
  confianca: { transporte: 'terceiros', 'caminhos.dps': 'desconhecida', credenciais: 'desconhecida' },
};

/**
 * Tiplan's REST service: Sefin's JSON bodies at its own reception paths. The table gives the reception's full URL
 * (`…/api/adn/dps/recepcao`); rows whose URL is Tiplan's SOAP `WSNacional/nfse.asmx` name another service.
 */
const TIPLAN: PerfilLayoutNacional = {
  nome: 'Tiplan',
  transporte: 'rest_sefin',
  soap: null,
  rest: {
    caminhos: { ...CAMINHOS_SEFIN, emitir: '/adn/dps/recepcao', eventos: '/adn/dps/evento' },
    urlDaTabela: 'emitir',
  },
  lote: null,
  atributoId: 'Id',
  credenciais: [],
  fonte:
    'OpenAC.Net.NFSe.Nacional (Webservice/Tiplan/TiplanWebService.cs: POST {url}/adn/dps/recepcao {dpsXmlGZipB64}, ' +
    'POST {url}/adn/dps/evento, consultas herdadas do cliente da Sefin) e ACBr (ACBrNFSeXServicos.ini: URL de Macaé)',
  confianca: {
    'caminhos.emitir': 'terceiros',
    'caminhos.eventos': 'terceiros',
    'caminhos.dps': 'desconhecida',
    'caminhos.nfse': 'desconhecida',
    'caminhos.evento': 'desconhecida',
    urlDaTabela: 'terceiros',
    credenciais: 'desconhecida',
  },
};

/**
 * The providers ACBr lists as taking the national DPS on their own API, with a class derived from its national
 * standard one and nothing of their own stated: the most likely contract is Sefin's REST at Sefin's paths on the
 * table's URL. Every member is our most likely value.
 */
const REST_SEFIN_PROVAVEL = {
  transporte: 'rest_sefin',
  soap: null,
  rest: { caminhos: CAMINHOS_SEFIN, urlDaTabela: 'base' },
  lote: null,
  atributoId: 'Id',
  credenciais: [],
  confianca: {
    transporte: 'desconhecida',
    caminhos: 'desconhecida',
    urlDaTabela: 'desconhecida',
    atributoId: 'desconhecida',
    credenciais: 'desconhecida',
  },
} as const satisfies Omit<PerfilLayoutNacional, 'nome' | 'fonte'>;

const ACBR_API_PROPRIA = 'ACBr (ACBrNFSeXServicos.ini: APIPropria, layout nacional 1.01; URLs da tabela de provedores)';

/** The providers of REST_SEFIN_PROVAVEL, by the table's spelling. */
const REST_PROVAVEIS: readonly PerfilLayoutNacional[] = ['DBSeller', 'Digifred', 'Infisc', 'ISSDigital', 'RLZ'].map(
  (nome) => ({ ...REST_SEFIN_PROVAVEL, nome, fonte: ACBR_API_PROPRIA }),
);

/**
 * Providers in the national layout whose service a source describes with a contract of its own, which no profile
 * here builds: their municipalities are refused, naming it, rather than sent Sefin's contract that the source says the
 * service does not take. By the table's spelling; each with what the source states and where.
 */
const CONTRATOS_PROPRIOS: ReadonlyMap<string, string> = new Map([
  [
    'ABase',
    'REST com o XML assinado em application/xml e token Bearer, consultas GET /consultarlotedps/{protocolo} e ' +
      '/consultarnfsedps/{número}, sem cancelamento, segundo ACBr (ABase.Provider.pas)',
  ],
  [
    'Coplan',
    'SOAP nfse_web.GERARNFSE com nfseCabecMsg e nfseDadosMsg em CDATA nos namespaces Tributario, segundo ACBr ' +
      '(Coplan.Provider.pas)',
  ],
  [
    'SilTecnologia',
    'SOAP NotaFiscalNacionalGerar em http://webservices.sil.com/ com uma NFS-e assinada, não uma DPS, segundo ACBr ' +
      '(SilTecnologia.Provider.pas)',
  ],
  [
    'SpeedGov',
    'REST com o XML assinado em application/xml em /v101 e consulta GET /v101/protocolo/{protocolo}, segundo ACBr ' +
      '(SpeedGov.Provider.pas)',
  ],
]);

/** The contract of its own a source states for a provider's national-layout service, or null. */
export function contratoProprioLayoutNacional(nome: string | null): string | null {
  return (nome && CONTRATOS_PROPRIOS.get(nome)) || null;
}

/**
 * Pronim's national API (`…/Nfse.Api/NotaNacional`): lots of one document to `EnviarSincrono`, and the query of a
 * DPS by the provider's CNPJ/CPF, series and number. No query of events is known: a cancellation whose answer is
 * lost cannot be looked up, and is reported unanswered.
 */
const PRONIM: PerfilLayoutNacional = {
  nome: 'Pronim',
  transporte: 'rest_lote',
  soap: null,
  rest: null,
  lote: { enviar: '/EnviarSincrono', consultarDps: '/ConsultarDPS/{inscricao}/{serie}/{numero}' },
  atributoId: 'Id',
  credenciais: [],
  fonte:
    'ACBr (Pronim.Provider.pas, TACBrNFSeProviderPronimAPIPropria, índice de código 6864188646: POST {url}/EnviarSincrono ' +
    'com {loteXmlGZipB64:[…]} para DPS e eventos, resposta lote[] com chaveAcesso e xmlGZipB64; GET ' +
    '{url}/ConsultarDPS/{CNPJ}/{série}/{número}, resposta notas[] com chave e xmlGZipB64) e ACBrNFSeXServicos.ini (URLs)',
  confianca: {
    transporte: 'terceiros',
    'lote.enviar': 'terceiros',
    'lote.consultarDps': 'terceiros',
    'lote.consultarDps (série e número sem zeros à esquerda)': 'desconhecida',
    'erros dos itens do lote (membros como os da Sefin)': 'desconhecida',
    'DPS não encontrada (lista vazia ou 404)': 'desconhecida',
    'consulta de eventos': 'desconhecida',
    credenciais: 'desconhecida',
  },
};

/** Every provider profile, by the provider's name in the table: a provider listed here issues through its service. */
export const PERFIS_LAYOUT_NACIONAL: ReadonlyMap<string, PerfilLayoutNacional> = new Map(
  [BETHA, FIORILLI, SIMPLISS, TIPLAN, PRONIM, ...REST_PROVAVEIS].map((p) => [p.nome, p]),
);

/** The profile of a provider (its name in the table), or null when none describes its service. */
export function perfilLayoutNacional(nome: string | null): PerfilLayoutNacional | null {
  return (nome && PERFIS_LAYOUT_NACIONAL.get(nome)) || null;
}
