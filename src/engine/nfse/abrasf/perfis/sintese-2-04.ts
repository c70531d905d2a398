import { ABRASF_2_04, PRATICA_ABRASF_2, type PerfilFamiliaAbrasf } from '../perfil-abrasf.js';

/**
 * Sintese's ABRASF 2.04 service (`…/nfsews/NfseWS`, per city): its schema validates as the ABRASF 2.04 model; the
 * wrapper is named as the message (`<EnviarLoteRpsSincronoEnvio>` in `http://nfse.abrasf.org.br`) with the
 * nfseCabecMsg/nfseDadosMsg strings escaped, as a library writes the requests. The SOAPAction is a prefix each city
 * configures plus the operation (the RPS query's named `ConsultarNfseRps`); no table gives the prefixes, so the
 * profile holds that library's default, the production hosts' domain (`http://nfsews.sintesenotafiscal.com.br/`), and
 * a city known to differ takes its own in perfis/ajustes-municipio-abrasf.ts. Single notes go in a one-RPS synchronous
 * lot, the operation both libraries send; the lot size and the message codes are the most likely values.
 */
export const SINTESE_2_04: PerfilFamiliaAbrasf = {
  ...ABRASF_2_04,
  familia: 'Sintese',
  esquema: 'sintese/2.04/acbr/nfse.xsd',
  soapAction: 'http://nfsews.sintesenotafiscal.com.br/{operacao}',
  operacaoNaAcao: { ConsultarNfsePorRps: 'ConsultarNfseRps' },
  envoltorio: '{mensagem}',
  dados: 'escapado',
  emissao: 'RecepcionarLoteRpsSincrono',
  ...PRATICA_ABRASF_2,
  incertos: [
    'soapAction',
    'envoltorio',
    'dados',
    'cabecalho',
    'operacoes',
    'emissao',
    'loteMaximo',
    'codigoTributacaoMunicipio',
    'codigos',
    'inscricaoMunicipalObrigatoria',
  ],
};
