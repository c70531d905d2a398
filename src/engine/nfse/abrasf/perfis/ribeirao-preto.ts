import type { PerfilAbrasf } from '../perfil-abrasf.js';
import { ISSNET_2_04 } from './issnet-2-04.js';

/**
 * Ribeirão Preto/SP: ISSnet, ABRASF 2.04. The production URL is one an integration reported (the service answers
 * only to authorised IP addresses); no homologation URL is known. Issues one RPS per GerarNfse.
 */
export const RIBEIRAO_PRETO: PerfilAbrasf = {
  ...ISSNET_2_04,
  ibge: '3543402',
  nome: 'Ribeirão Preto/SP',
  endpoints: { producao: 'https://ribeiraopreto.issnetonline.com.br/ISS/apirecepcaoservico.asmx', homologacao: null },
  fonteEndpoints: 'produção: relatada por uma integração (acesso restrito por IP); homologação: não encontrada',
  emissao: 'GerarNfse',
  incertos: ['endpoints', 'emissao', 'loteMaximo', 'assinaturas', 'codigoTributacaoMunicipio', 'dados', 'codigos'],
};
