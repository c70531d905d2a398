import { describe, expect, it } from 'vitest';
import { buildNfeXml } from '../../src/engine/nfe/build-nfe-xml.js';
import { buildNfeKey } from '../../src/engine/nfe/nfe-access-key.js';
import { buildConsSitNFe, buildEnviNFe } from '../../src/engine/nfe/nfe-messages.js';
import { signNfeXml } from '../../src/engine/nfe/sign-nfe-xml.js';
import { SefazAuthorizer, type SefazScenario } from '../../src/engine/nfe/simulator/sefaz-authorizer.js';
import { extractElement, soapEnvelope } from '../../src/engine/nfe/soap12.js';
import { validateNfeRequest } from '../../src/engine/nfe/validate-nfe-request.js';
import { xmllint } from '../national/external-tools.js';
import { testIdentity } from '../national/fixtures.js';
import { EMITENTE, nfeBody } from './fixtures.js';

let n = 0n;
function signedNfe(): { xml: string; chave: string } {
  const request = validateNfeRequest(nfeBody(), { simples: false, chaveRestritaEmpresa: true, environment: 'test' }).request!;
  const emissao = new Date();
  const numero = ++n;
  const key = buildNfeKey({ cUF: '43', emissao, documento: EMITENTE.cnpj, serie: '1', nNF: numero });
  const xml = buildNfeXml({ environment: 'test', emitente: EMITENTE, request, serie: '1', numero, ...key, emissao });
  return { xml: signNfeXml(xml, testIdentity().signer), chave: key.chave };
}

const send = (sim: SefazAuthorizer, nfe: string, scenario?: SefazScenario) =>
  sim.authorize(soapEnvelope('nfeDadosMsg', 'NFeAutorizacao4', buildEnviNFe(nfe, '1')), scenario);

/** The retEnviNFe of an answer, checked against the official schema, and its protocol fields. */
function ret(soap: string | null) {
  expect(soap).toContain('http://www.w3.org/2003/05/soap-envelope');
  const retEnvi = extractElement(soap!, 'retEnviNFe')!;
  const lint = xmllint(retEnvi, 'nfe/retEnviNFe_v4.00.xsd');
  expect(lint.ok, lint.output).toBe(true);
  return {
    lote: /<cStat>(\d+)<\/cStat>/.exec(retEnvi)![1],
    cStat: /<infProt>.*<cStat>(\d+)<\/cStat>/.exec(retEnvi)?.[1],
    nProt: /<nProt>(\d+)<\/nProt>/.exec(retEnvi)?.[1],
  };
}

function query(sim: SefazAuthorizer, chave: string) {
  const retCons = extractElement(sim.query(soapEnvelope('nfeDadosMsg', 'NFeConsultaProtocolo4', buildConsSitNFe(chave, '2'))), 'retConsSitNFe')!;
  const lint = xmllint(retCons, 'nfe/retConsSitNFe_v4.00.xsd');
  expect(lint.ok, lint.output).toBe(true);
  return /<cStat>(\d+)<\/cStat>/.exec(retCons)![1];
}

describe('SEFAZ authorisation simulator (NFeAutorizacao4 sync, NFeConsultaProtocolo4)', () => {
  it('authorises with a 15-digit protocol; a resend is a duplicate (204); the query finds it', () => {
    const sim = new SefazAuthorizer();
    const { xml, chave } = signedNfe();
    expect(query(sim, chave)).toBe('217');
    const first = ret(send(sim, xml).soap);
    expect(first).toMatchObject({ lote: '104', cStat: '100', nProt: expect.stringMatching(/^\d{15}$/) });
    expect(ret(send(sim, xml).soap)).toMatchObject({ cStat: '204', nProt: undefined });
    expect(query(sim, chave)).toBe('100');
  });

  it('checks the schema (225) and the signature (297) of what it receives', () => {
    const sim = new SefazAuthorizer();
    const { xml, chave } = signedNfe();
    expect(ret(send(sim, xml.replace('<mod>55</mod>', '<mod>57</mod>')).soap)).toMatchObject({ lote: '225' });
    expect(ret(send(sim, xml.replace('<natOp>Venda de mercadoria</natOp>', '<natOp>Venda alterada</natOp>')).soap)).toMatchObject({ lote: '104', cStat: '297' });
    expect(query(sim, chave)).toBe('217');
  });

  it('scenarios: rejeitar[:cStat] stores nothing, denegar consumes the number, timeout stores without answering, duplicidade answers 204', () => {
    const sim = new SefazAuthorizer();
    const rejected = signedNfe();
    expect(ret(send(sim, rejected.xml, 'rejeitar:539').soap)).toMatchObject({ cStat: '539' });
    expect(ret(send(sim, rejected.xml, 'rejeitar').soap).cStat).toBe('233');
    expect(query(sim, rejected.chave)).toBe('217');
    const denied = signedNfe();
    expect(ret(send(sim, denied.xml, 'denegar').soap)).toMatchObject({ cStat: '302', nProt: expect.stringMatching(/^\d{15}$/) });
    expect(query(sim, denied.chave)).toBe('302');
    const lost = signedNfe();
    expect(send(sim, lost.xml, 'timeout').soap).toBeNull();
    expect(query(sim, lost.chave)).toBe('100');
    const dup = signedNfe();
    expect(ret(send(sim, dup.xml, 'duplicidade').soap).cStat).toBe('204');
    expect(query(sim, dup.chave)).toBe('100');
    expect(send(sim, signedNfe().xml, 'lento').delay).toBe(true);
  });
});
