import { describe, expect, it } from 'vitest';
import { abrasf1Envelope, chamadaAbrasf1, respostaAbrasf1, urlAbrasf1 } from './call-abrasf-1.js';
import { GINFES_V3 } from './perfis/ginfes-v3.js';
import { ISS_FORTALEZA } from './perfis/iss-fortaleza.js';
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
    expect(envelope).toContain(
      '<ns1:EnviarLoteRPS xmlns:ns1="http://tempuri.org/"><ns1:loteXML>&lt;a/&gt;</ns1:loteXML>',
    );
    expect(envelope).not.toContain('cabecalho');
    expect(abrasf1Envelope(GINFES_V3, 'RecepcionarLoteRps', '<a/>')).toContain('<arg0>&lt;ns2:cabecalho');
  });

  it('ISS Fortaleza: its own namespace, <Cabecalho> and an argument named after the message; the cancellation bare', () => {
    const lote = abrasf1Envelope(ISS_FORTALEZA, 'RecepcionarLoteRps', '<EnviarLoteRpsEnvio/>');
    expect(lote).toContain(
      '<ns1:RecepcionarLoteRpsV3 xmlns:ns1="http://producao.issfortaleza.com.br"><Cabecalho>&lt;ns2:cabecalho',
    );
    expect(lote).toContain(
      '<EnviarLoteRpsEnvio>&lt;EnviarLoteRpsEnvio/&gt;</EnviarLoteRpsEnvio></ns1:RecepcionarLoteRpsV3>',
    );
    expect(abrasf1Envelope(ISS_FORTALEZA, 'RecepcionarLoteRps', '<a/>', true)).toContain(
      'xmlns:ns1="http://homologacao.issfortaleza.com.br"',
    );
    expect(chamadaAbrasf1(ISS_FORTALEZA, 'ConsultarSituacaoLoteRps')).toMatchObject({
      elemento: 'ConsultarSituacaoLoteRpsV3',
      cabecalho: 'Cabecalho',
      mensagem: 'ConsultarSituacaoLoteRpsEnvio',
      resposta: null,
      respostaRaiz: 'ConsultarSituacaoLoteRpsResposta',
    });
    const cancelamento = abrasf1Envelope(ISS_FORTALEZA, 'CancelarNfse', '<CancelarNfseEnvio/>');
    expect(cancelamento).toContain(
      '<ns1:CancelarNfse xmlns:ns1="http://producao.issfortaleza.com.br"><CancelarNfseEnvio>',
    );
    expect(cancelamento).not.toContain('Cabecalho');
    // Ginfes keeps the suffix and the cabecalho on the cancellation.
    expect(chamadaAbrasf1(GINFES_V3, 'CancelarNfse')).toMatchObject({ elemento: 'CancelarNfseV3', cabecalho: 'arg0' });
  });

  it("ISS Fortaleza: the answer's document read in the body, written in it or escaped", () => {
    const chamada = chamadaAbrasf1(ISS_FORTALEZA, 'RecepcionarLoteRps');
    const doc =
      '<ns3:EnviarLoteRpsResposta xmlns:ns3="x"><ns3:Protocolo>P&amp;1</ns3:Protocolo></ns3:EnviarLoteRpsResposta>';
    const body = (inner: string) =>
      `<soap:Envelope xmlns:soap="s"><soap:Body><ns1:RecepcionarLoteRpsV3Response>${inner}</ns1:RecepcionarLoteRpsV3Response></soap:Body></soap:Envelope>`;
    expect(respostaAbrasf1(chamada, body(doc))).toBe(doc);
    expect(
      respostaAbrasf1(chamada, body(`<return>${doc.replaceAll('&', '&amp;').replaceAll('<', '&lt;')}</return>`)),
    ).toBe(doc);
    expect(respostaAbrasf1(chamada, body('<return>nada</return>'))).toBeNull();
    // Where the family names the element, only its text is the answer.
    expect(respostaAbrasf1(chamadaAbrasf1(GINFES_V3, 'RecepcionarLoteRps'), body(doc))).toBeNull();
  });
});
