import { describe, expect, it } from 'vitest';
import { abrasfEnvelope, soapString } from './call-abrasf.js';
import { perfilAbrasfDoMunicipio } from './perfis-abrasf.js';

const DADOS = '<GerarNfseEnvio xmlns="http://www.abrasf.org.br/nfse.xsd"><Rps/></GerarNfseEnvio>';
/** The element names of a SOAP body, in document order, without prefixes. */
const nomes = (xml: string) => [...xml.matchAll(/<(?:[\w.-]+:)?([\w.-]+)[\s>]/g)].map((m) => m[1]);

describe('abrasfEnvelope', () => {
  it('WebISS 2.02 (Feira de Santana): <Op>Request with the 2.02 header and the message in CDATA', () => {
    const xml = abrasfEnvelope(perfilAbrasfDoMunicipio('2910800')!, 'GerarNfse', DADOS);
    expect(nomes(xml).slice(0, 4)).toEqual(['Envelope', 'Body', 'GerarNfseRequest', 'nfseCabecMsg']);
    expect(xml).toContain(`<nfseDadosMsg><![CDATA[${DADOS}]]></nfseDadosMsg>`);
    expect(soapString(xml, 'nfseCabecMsg')).toContain('versao="2.02"><versaoDados>2.02</versaoDados>');
  });

  it('EL 2.04 (Petrolina): the operation wrapper nested in another, closed in reverse order', () => {
    const xml = abrasfEnvelope(perfilAbrasfDoMunicipio('2611101')!, 'CancelarNfse', DADOS);
    expect(nomes(xml).slice(0, 5)).toEqual(['Envelope', 'Body', 'CancelarNfse', 'CancelarNfseRequest', 'nfseCabecMsg']);
    expect(xml).toContain('<ws:CancelarNfse xmlns:ws="http://nfse.abrasf.org.br"><ws:CancelarNfseRequest>');
    expect(xml).toContain('</nfseDadosMsg></ws:CancelarNfseRequest></ws:CancelarNfse></soap:Body>');
    expect(soapString(xml, 'nfseDadosMsg')).toBe(DADOS);
  });

  it('ISSNet 2.04 (Brasília) keeps a single wrapper and escaped strings', () => {
    const xml = abrasfEnvelope(perfilAbrasfDoMunicipio('5300108')!, 'GerarNfse', DADOS);
    expect(nomes(xml).slice(0, 4)).toEqual(['Envelope', 'Body', 'GerarNfseRequest', 'nfseCabecMsg']);
    expect(xml).toContain('<nfseDadosMsg>&lt;GerarNfseEnvio');
  });
});
