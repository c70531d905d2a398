import { describe, expect, it } from 'vitest';
import { abrasf1Envelope, chamadaAbrasf1, urlAbrasf1 } from './call-abrasf-1.js';
import { GINFES_V3 } from './perfis/ginfes-v3.js';
import { ISS_SALVADOR } from './perfis/iss-salvador.js';

const TABELA = 'https://nfse.salvador.ba.gov.br/rps/ENVIOLOTERPS/EnvioLoteRPS.svc';

describe('the call of one ABRASF 1.00 operation', () => {
  it("ISSSalvador: each operation at its own service, the table's reception path replaced", () => {
    expect(urlAbrasf1(TABELA, ISS_SALVADOR, 'RecepcionarLoteRps')).toBe(TABELA);
    expect(urlAbrasf1(TABELA, ISS_SALVADOR, 'ConsultarSituacaoLoteRps')).toBe(
      'https://nfse.salvador.ba.gov.br/rps/CONSULTASITUACAOLOTERPS/ConsultaSituacaoLoteRPS.svc',
    );
    expect(urlAbrasf1(TABELA.toLowerCase(), ISS_SALVADOR, 'ConsultarNfsePorRps')).toBe(
      'https://nfse.salvador.ba.gov.br/rps/CONSULTANFSERPS/ConsultaNfseRPS.svc',
    );
    // The simulator's address names the municipality only: the operation's path follows it.
    expect(urlAbrasf1('http://127.0.0.1:9/2927408', ISS_SALVADOR, 'ConsultarLoteRps')).toBe(
      'http://127.0.0.1:9/2927408/CONSULTALOTERPS/ConsultaLoteRPS.svc',
    );
    expect(urlAbrasf1('https://x/ServiceGinfesImpl', GINFES_V3, 'ConsultarLoteRps')).toBe(
      'https://x/ServiceGinfesImpl',
    );
  });

  it('ISSSalvador: no cabecalho, the message in the operation argument, the answer in <Op>Result', () => {
    const chamada = chamadaAbrasf1(ISS_SALVADOR, 'ConsultarNfsePorRps');
    expect(chamada).toMatchObject({
      elemento: 'ConsultarNfseRPS',
      soapAction: 'http://tempuri.org/IConsultaNfseRPS/ConsultarNfseRPS',
      cabecalho: null,
      mensagem: 'consultaxml',
      resposta: 'ConsultarNfseRPSResult',
    });
    const envelope = abrasf1Envelope(ISS_SALVADOR, 'RecepcionarLoteRps', '<a/>');
    expect(envelope).toContain('<ns1:EnviarLoteRPS xmlns:ns1="http://tempuri.org/"><loteXML>&lt;a/&gt;</loteXML>');
    expect(envelope).not.toContain('cabecalho');
    expect(abrasf1Envelope(GINFES_V3, 'RecepcionarLoteRps', '<a/>')).toContain('<arg0>&lt;ns2:cabecalho');
  });
});
