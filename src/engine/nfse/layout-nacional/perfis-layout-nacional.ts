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
  atributoId: 'Id',
  credenciais: [],
  fonte: 'OpenAC.Net.NFSe.Nacional (Webservice/SimplISS): POST {url}/nfse e {url}/nfse/{chave}/eventos como a Sefin',
  confianca: { transporte: 'terceiros', 'consulta /dps/{id}': 'desconhecida', credenciais: 'desconhecida' },
};

/** Every provider profile, by the provider's name in the table: a provider listed here issues through its service. */
export const PERFIS_LAYOUT_NACIONAL: ReadonlyMap<string, PerfilLayoutNacional> = new Map(
  [BETHA, FIORILLI, SIMPLISS].map((p) => [p.nome, p]),
);

/** The profile of a provider (its name in the table), or null when none describes its service. */
export function perfilLayoutNacional(nome: string | null): PerfilLayoutNacional | null {
  return (nome && PERFIS_LAYOUT_NACIONAL.get(nome)) || null;
}
