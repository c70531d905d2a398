import { ABRASF_CODIGOS_1_0, type PerfilFamiliaAbrasf } from '../perfil-abrasf.js';

const NS = 'http://shad.elotech.com.br/schemas/iss/nfse_v2_03.xsd';

/**
 * EloTech's ABRASF 2.03 service (`<cidade>.iss.elotech.com.br/iss-ws/`), as its schema (the RTC copy) and Ponta
 * Grossa's WSDL state it: every message in EloTech's namespace, straight in the SOAP body (document/literal, no
 * wrapper, SOAPAction ""), the answer's `…Resposta` element likewise; every message starts with the requester's
 * identification (the company, its password at EloTech and Homologa; in ConsultarNfseRps after IdentificacaoRps),
 * the schema declares no identifier attribute and no XML-DSig element, so nothing is signed; there is no GerarNfse,
 * a single note goes as a one-RPS EnviarLoteRpsSincrono; Servico lists its items with the company's CNAE
 * (build-abrasf-rps-itens.ts); the cancellation and the substitution name the note's ChaveAcesso, which its stored
 * key carries (chaveAbrasf), so a substitution of a note stored without it is refused before anything is sent. The
 * message codes are the ABRASF 1.0 table's (EloTech's own was not obtained).
 */
export const ELOTECH_2_03: PerfilFamiliaAbrasf = {
  familia: 'EloTech',
  versao: '2.03',
  esquema: 'elotech/2.03/acbr/nfse_v2_03.xsd',
  soap: '1.1',
  soapAction: '',
  envoltorio: '{mensagem}',
  namespaceWsdl: NS,
  namespaceDados: NS,
  mensagem: 'corpo',
  dados: 'escapado',
  cabecalho: null,
  atributoId: null,
  modeloRps: 'itens',
  elementos: {
    tomador: 'Tomador',
    prestadorDoLote: 'CpfCnpj',
    codigoNbs: true,
    chaveAcessoNoCancelamento: true,
    consultaPeloRequerente: true,
  },
  emissao: 'RecepcionarLoteRpsSincrono',
  operacoes: [
    'RecepcionarLoteRpsSincrono',
    'ConsultarNfsePorRps',
    'CancelarNfse',
    'SubstituirNfse',
    'ConsultarNfseServicoTomado',
  ],
  loteMaximo: 50,
  assinaturas: { rps: false, lote: false, cancelamento: false, substituicao: false },
  algoritmo: 'sha1',
  codigoTributacaoMunicipio: 'omitir',
  codigos: ABRASF_CODIGOS_1_0,
  inscricaoMunicipalObrigatoria: true,
  credenciais: {
    exigidas: ['senha'],
    requerente: { elemento: 'IdentificacaoRequerente', depoisDe: { ConsultarNfsePorRps: 'IdentificacaoRps' } },
  },
  incertos: ['loteMaximo', 'codigoTributacaoMunicipio', 'codigos'],
};
