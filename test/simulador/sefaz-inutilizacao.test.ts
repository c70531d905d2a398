import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSimulator, SEFAZ_NFE_PATH, type Simulator } from '../../src/simulator/nacional/create-simulator.js';
import { buildInutNFe } from '../../src/engine/nfe/build-inut-nfe.js';
import { buildNfeXml } from '../../src/engine/nfe/build-nfe-xml.js';
import { buildNfeKey } from '../../src/engine/nfe/nfe-access-key.js';
import { httpSefazGateway, type SefazTarget } from '../../src/engine/autoridades/sefaz/sefaz-gateway.js';
import { signNfeXml } from '../../src/engine/xml/sign-nfe-xml.js';
import { extractElement } from '../../src/engine/autoridades/soap-envelope.js';
import { xmllint } from '../support/external-tools.js';
import { testIdentity } from '../support/nfse-fixtures.js';
import { EMITENTE, nfeBody, validateNfeRequest } from '../support/nfe-fixtures.js';

let sim: Simulator;
let gateway: ReturnType<typeof httpSefazGateway>;

beforeAll(async () => {
  sim = createSimulator({});
  const url = `${await sim.listen(0, '127.0.0.1')}${SEFAZ_NFE_PATH}`;
  gateway = httpSefazGateway({ urls: { test: url, live: null }, simulatorUrl: () => url, timeoutMs: 5000 });
});
afterAll(async () => {
  await sim?.close();
  await gateway?.close();
});

const target = (): SefazTarget => {
  const { cert } = testIdentity();
  return {
    environment: 'test',
    cUF: '43',
    simulacao: null,
    credentials: { privateKeyPem: cert.privateKeyPem, certificatePem: cert.certificatePem, serial: 'teste' },
  };
};

const inutNFe = (ini: number, fin: number, serie = '1') =>
  signNfeXml(
    buildInutNFe({
      environment: 'test',
      cUF: '43',
      cnpj: EMITENTE.cnpj,
      serie,
      numeroInicial: BigInt(ini),
      numeroFinal: BigInt(fin),
      justificativa: 'Quebra de sequencia por falha do sistema',
      at: new Date(),
    }),
    testIdentity().signer,
    'infInut',
  );

/** cStat of the answer, whose retInutNFe is checked against the official schema. */
async function send(xml: string): Promise<{ cStat: string; nProt?: string }> {
  const soap = await gateway.inutilize(xml, target());
  const ret = extractElement(soap!, 'retInutNFe')!;
  const lint = xmllint(ret, 'nfe/retInutNFe_v4.00.xsd');
  expect(lint.ok, lint.output).toBe(true);
  return { cStat: /<cStat>(\d+)<\/cStat>/.exec(ret)![1]!, nProt: /<nProt>(\d+)<\/nProt>/.exec(ret)?.[1] };
}

describe('SEFAZ inutilização simulator over HTTP (NFeInutilizacao4)', () => {
  it('homologates a signed, schema-valid request (102 + 15-digit protocol); a resend of it gets the same answer', async () => {
    const xml = inutNFe(100, 110);
    const first = await send(xml);
    expect(first).toEqual({ cStat: '102', nProt: expect.stringMatching(/^\d{15}$/) });
    expect(await send(xml)).toEqual(first);
  });

  it('refuses an overlap (256; 206 for one number), a used number (241), a bad schema (215) and a bad signature (297); authorising a voided number is 206', async () => {
    expect((await send(inutNFe(105, 120))).cStat).toBe('256');
    expect((await send(inutNFe(110, 110))).cStat).toBe('206');
    expect((await send(inutNFe(110, 110, '2'))).cStat).toBe('102');

    const request = validateNfeRequest(nfeBody(), {
      simples: false,
      chaveRestritaEmpresa: true,
      environment: 'test',
      dia: '2026-11-02',
    }).request!;
    const emissao = new Date();
    const key = buildNfeKey({ cUF: '43', emissao, documento: EMITENTE.cnpj, serie: '1', nNF: 300n });
    const nfe = signNfeXml(
      buildNfeXml({ environment: 'test', emitente: EMITENTE, request, serie: '1', numero: 300n, ...key, emissao }),
      testIdentity().signer,
    );
    expect(await gateway.authorize({ ...target(), chave: key.chave, xml: nfe })).toContain('<cStat>100</cStat>');
    expect((await send(inutNFe(299, 301))).cStat).toBe('241');

    // Authorising a voided number is 206 ("NF-e já está inutilizada"), and the note is not stored (query 217).
    const voided = buildNfeKey({ cUF: '43', emissao, documento: EMITENTE.cnpj, serie: '1', nNF: 105n });
    const voidedNfe = signNfeXml(
      buildNfeXml({ environment: 'test', emitente: EMITENTE, request, serie: '1', numero: 105n, ...voided, emissao }),
      testIdentity().signer,
    );
    const refused = extractElement(
      (await gateway.authorize({ ...target(), chave: voided.chave, xml: voidedNfe }))!,
      'retEnviNFe',
    )!;
    expect(xmllint(refused, 'nfe/retEnviNFe_v4.00.xsd').ok).toBe(true);
    expect(/<infProt>.*<cStat>(\d+)<\/cStat>/.exec(refused)?.[1]).toBe('206');
    expect(refused).not.toContain('<nProt>');
    expect(await gateway.query(voided.chave, target())).toContain('<cStat>217</cStat>');
    // Another series' 105 is free.
    const otherSerie = buildNfeKey({ cUF: '43', emissao, documento: EMITENTE.cnpj, serie: '3', nNF: 105n });
    const otherNfe = signNfeXml(
      buildNfeXml({
        environment: 'test',
        emitente: EMITENTE,
        request,
        serie: '3',
        numero: 105n,
        ...otherSerie,
        emissao,
      }),
      testIdentity().signer,
    );
    expect(await gateway.authorize({ ...target(), chave: otherSerie.chave, xml: otherNfe })).toContain(
      '<cStat>100</cStat>',
    );

    expect((await send(inutNFe(400, 400).replace('<mod>55</mod>', '<mod>57</mod>'))).cStat).toBe('215');
    expect((await send(inutNFe(400, 400).replace('<nNFFin>400</nNFFin>', '<nNFFin>401</nNFFin>'))).cStat).toBe('297');
  });
});
