import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSimulator, SEFAZ_NFE_PATH, type Simulator } from '../../src/simulator/nacional/create-simulator.js';
import { buildNfeXml } from '../../src/engine/nfe/build-nfe-xml.js';
import { buildSignedEnvEpec, toEpecContingency } from '../../src/engine/nfe/epec.js';
import { buildNfeKey } from '../../src/engine/nfe/nfe-access-key.js';
import {
  AutorizadorForaDoAr,
  httpSefazGateway,
  type SefazTarget,
} from '../../src/engine/autoridades/sefaz/sefaz-gateway.js';
import { signNfeXml } from '../../src/engine/xml/sign-nfe-xml.js';
import { extractElement } from '../../src/engine/autoridades/soap-envelope.js';
import { xmllint, xmlsecVerify } from '../support/external-tools.js';
import { testIdentity } from '../support/nfse-fixtures.js';
import { EMITENTE, nfeBody, validateNfeRequest } from '../support/nfe-fixtures.js';

let n = 0n;
function signedNfe(body = nfeBody()): { xml: string; chave: string } {
  const request = validateNfeRequest(body, {
    simples: false,
    chaveRestritaEmpresa: true,
    environment: 'test',
    dia: '2026-11-02',
  }).request!;
  const emissao = new Date();
  const numero = ++n;
  const key = buildNfeKey({ cUF: '43', emissao, documento: EMITENTE.cnpj, serie: '1', nNF: numero });
  const xml = buildNfeXml({ environment: 'test', emitente: EMITENTE, request, serie: '1', numero, ...key, emissao });
  return { xml: signNfeXml(xml, testIdentity().signer), chave: key.chave };
}

let sim: Simulator;
let gateway: ReturnType<typeof httpSefazGateway>;
/** Every SOAP request the simulator received, with its Content-Type (the action). */
const seen: Array<{ path: string; contentType: string }> = [];
let spy: Server;

beforeAll(async () => {
  sim = createSimulator({ delays: { slowMs: 50 } });
  spy = createServer((req, res) => {
    seen.push({ path: req.url ?? '', contentType: String(req.headers['content-type']) });
    sim.handler(req, res);
  });
  await new Promise<void>((resolve) => spy.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(spy.address() as AddressInfo).port}${SEFAZ_NFE_PATH}`;
  // SEFAZ_URL_TEST pointing at the simulator, as a standalone `fiscal-api simulator` is used.
  gateway = httpSefazGateway({ urls: { test: url, live: null }, simulatorUrl: () => url, timeoutMs: 1500 });
});
afterAll(async () => {
  await sim?.close();
  spy?.closeAllConnections();
  spy?.close();
  await gateway?.close();
});

const target = (simulacao: string | null = null): SefazTarget => {
  const { cert } = testIdentity();
  return {
    environment: 'test',
    cUF: '43',
    simulacao,
    credentials: { privateKeyPem: cert.privateKeyPem, certificatePem: cert.certificatePem, serial: 'teste' },
  };
};
const send = (nfe: { xml: string; chave: string }, simulacao: string | null = null) =>
  gateway.authorize({ ...target(simulacao), ...nfe });

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

async function query(chave: string) {
  const retCons = extractElement(await gateway.query(chave, target()), 'retConsSitNFe')!;
  const lint = xmllint(retCons, 'nfe/retConsSitNFe_v4.00.xsd');
  expect(lint.ok, lint.output).toBe(true);
  return /<cStat>(\d+)<\/cStat>/.exec(retCons)![1];
}

describe('SEFAZ simulator over HTTP through the SOAP 1.2 client', () => {
  it('authorises with a 15-digit protocol; a resend is a duplicate (204); the query finds it; SOAP 1.2 action per operation', async () => {
    const nfe = signedNfe();
    expect(await query(nfe.chave)).toBe('217');
    expect(ret(await send(nfe))).toMatchObject({ lote: '104', cStat: '100', nProt: expect.stringMatching(/^\d{15}$/) });
    expect(ret(await send(nfe))).toMatchObject({ cStat: '204', nProt: undefined });
    expect(await query(nfe.chave)).toBe('100');
    expect(seen.map((s) => s.path)).toEqual(
      expect.arrayContaining([`${SEFAZ_NFE_PATH}/NFeAutorizacao4`, `${SEFAZ_NFE_PATH}/NFeConsultaProtocolo4`]),
    );
    expect(seen.find((s) => s.path.endsWith('/NFeAutorizacao4'))!.contentType).toBe(
      'application/soap+xml;charset=utf-8;action="http://www.portalfiscal.inf.br/nfe/wsdl/NFeAutorizacao4/nfeAutorizacaoLote"',
    );
  });

  it('checks the schema (225) and the signature (297) of what it receives', async () => {
    const nfe = signedNfe();
    expect(ret(await send({ ...nfe, xml: nfe.xml.replace('<mod>55</mod>', '<mod>57</mod>') }))).toMatchObject({
      lote: '225',
    });
    expect(
      ret(
        await send({
          ...nfe,
          xml: nfe.xml.replace('<natOp>Venda de mercadoria</natOp>', '<natOp>Venda alterada</natOp>'),
        }),
      ),
    ).toMatchObject({ lote: '104', cStat: '297' });
    expect(await query(nfe.chave)).toBe('217');
  });

  it('scenarios: rejeitar[:cStat], denegar, timeout (stored, answer lost → null), duplicidade, lento', async () => {
    const rejected = signedNfe();
    expect(ret(await send(rejected, 'rejeitar:539'))).toMatchObject({ cStat: '539' });
    expect(ret(await send(rejected, 'rejeitar')).cStat).toBe('233');
    expect(await query(rejected.chave)).toBe('217');
    const denied = signedNfe();
    expect(ret(await send(denied, 'denegar'))).toMatchObject({
      cStat: '302',
      nProt: expect.stringMatching(/^\d{15}$/),
    });
    expect(await query(denied.chave)).toBe('302');
    const lost = signedNfe();
    expect(await send(lost, 'timeout')).toBeNull();
    expect(await query(lost.chave)).toBe('100');
    const dup = signedNfe();
    expect(ret(await send(dup, 'duplicidade')).cStat).toBe('204');
    expect(await query(dup.chave)).toBe('100');
    expect(ret(await send(signedNfe(), 'lento')).cStat).toBe('100');
  });

  it("rejects an item's cBenef as RS's authoriser does: 930 without one for CST 41 (rule N12-85), authorised with one", async () => {
    const body = nfeBody();
    delete body.itens[1].c_benef;
    expect(ret(await send(signedNfe(body)))).toMatchObject({ lote: '104', cStat: '930', nProt: undefined });
    body.itens[1].c_benef = 'RS051902';
    expect(ret(await send(signedNfe(body))).cStat).toBe('100');
  });

  it('NfeStatusServico4 answers 107 with a schema-valid retConsStatServ', async () => {
    const retStatus = extractElement(await gateway.status(target()), 'retConsStatServ')!;
    const lint = xmllint(retStatus, 'nfe/retConsStatServ_v4.00.xsd');
    expect(lint.ok, lint.output).toBe(true);
    expect(retStatus).toContain('<cStat>107</cStat>');
  });

  it('uf_fora: the UF refuses (AutorizadorForaDoAr); the EPEC is registered at AN (136); the tpEmis 4 note needs it (468) and is then authorised', async () => {
    const { signer, cert } = testIdentity();
    const nfe = signedNfe();
    await expect(send(nfe, 'uf_fora')).rejects.toBeInstanceOf(AutorizadorForaDoAr);
    const contingency = toEpecContingency(nfe.xml, nfe.chave, new Date(), signer);
    expect(contingency.chave.slice(0, 34)).toBe(nfe.chave.slice(0, 34));
    expect(contingency.chave[34]).toBe('4');
    const lintNfe = xmllint(contingency.xml, 'nfe/nfe_v4.00.xsd');
    expect(lintNfe.ok, lintNfe.output).toBe(true);
    expect(contingency.xml).toMatch(/<tpEmis>4<\/tpEmis>.*<dhCont>[^<]+<\/dhCont><xJust>[^<]{15,}<\/xJust>/);
    const sig = xmlsecVerify(contingency.xml, cert.certificatePem, 'infNFe');
    expect(sig.ok, sig.output).toBe(true);

    // Without the EPEC the UF refuses a tpEmis 4 note.
    const early = signedNfe();
    const earlyContingency = toEpecContingency(early.xml, early.chave, new Date(), signer);
    expect(ret(await send(earlyContingency)).cStat).toBe('468');

    const envEvento = buildSignedEnvEpec(contingency.xml, contingency.chave, '2', new Date(), signer);
    const lintEpec = xmllint(envEvento, 'nfe/envEPEC_v1.00.xsd');
    expect(lintEpec.ok, lintEpec.output).toBe(true);
    const epecSig = xmlsecVerify(envEvento, cert.certificatePem, 'infEvento');
    expect(epecSig.ok, epecSig.output).toBe(true);
    const answer = extractElement(await gateway.registerEpec(envEvento, target('uf_fora')), 'retEnvEvento')!;
    const lintRet = xmllint(answer, 'nfe/retEnvEPEC_v1.00.xsd');
    expect(lintRet.ok, lintRet.output).toBe(true);
    expect(answer).toMatch(/<cStat>128<\/cStat>.*<retEvento.*<cStat>136<\/cStat>.*<nProt>\d{15}<\/nProt>/);
    expect(seen.some((s) => s.path === `${SEFAZ_NFE_PATH}/RecepcaoEvento`)).toBe(true);
    // A second EPEC for the same number is a duplicate (485).
    expect(extractElement(await gateway.registerEpec(envEvento, target()), 'retEvento')).toContain(
      '<cStat>485</cStat>',
    );
    // uf_fora refused only the first call: the UF is back and takes the contingency note.
    expect(ret(await send(contingency, 'uf_fora'))).toMatchObject({
      cStat: '100',
      nProt: expect.stringMatching(/^\d{15}$/),
    });
  });

  it('a refused connection is AutorizadorForaDoAr; an answer that never comes is lost (null)', async () => {
    const dead = httpSefazGateway({
      urls: { test: 'http://127.0.0.1:1', live: null },
      simulatorUrl: () => 'http://127.0.0.1:1',
      timeoutMs: 1000,
    });
    await expect(dead.authorize({ ...target(), ...signedNfe() })).rejects.toBeInstanceOf(AutorizadorForaDoAr);
    await expect(dead.status(target())).rejects.toBeInstanceOf(AutorizadorForaDoAr);
    await dead.close();
  });
});
