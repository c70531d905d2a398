import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeClock, HOUR } from '../../src/engine/nucleo/clock.js';
import { createSimulator, SEFAZ_NFE_PATH, type Simulator } from '../../src/simulator/nacional/create-simulator.js';
import { brasilia, buildNfeXml } from '../../src/engine/nfe/build-nfe-xml.js';
import { buildNfeKey } from '../../src/engine/nfe/nfe-access-key.js';
import {
  buildEnvEvento,
  buildSignedNfeEvent,
  EVENTO_CANCELAMENTO,
  EVENTO_CARTA_CORRECAO,
} from '../../src/engine/nfe/build-signed-nfe-event.js';
import { httpSefazGateway, type SefazTarget } from '../../src/engine/autoridades/sefaz/sefaz-gateway.js';
import { signNfeXml } from '../../src/engine/xml/sign-nfe-xml.js';
import { extractElement } from '../../src/engine/autoridades/soap-envelope.js';
import { xmllint } from '../support/external-tools.js';
import { testIdentity, TOMA_CNPJ } from '../support/nfse-fixtures.js';
import { EMITENTE, nfeBody, validateNfeRequest } from '../support/nfe-fixtures.js';

const clock = new FakeClock('2026-11-23T12:00:00Z');
let n = 0n;
let sim: Simulator;
let gateway: ReturnType<typeof httpSefazGateway>;

beforeAll(async () => {
  sim = createSimulator({ clock: () => clock.now() });
  const url = `${await sim.listen(0, '127.0.0.1')}${SEFAZ_NFE_PATH}`;
  // The timeout scenario holds its answer: the client gives up after this and reports it lost.
  gateway = httpSefazGateway({ urls: { test: url, live: null }, simulatorUrl: () => url, timeoutMs: 1500 });
});
afterAll(async () => {
  await sim?.close();
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

/** An NF-e authorised by the simulator over HTTP: its key and protocol. */
async function authorised(): Promise<{ chave: string; nProt: string }> {
  const request = validateNfeRequest(nfeBody(), {
    simples: false,
    chaveRestritaEmpresa: true,
    environment: 'test',
    dia: '2026-11-02',
  }).request!;
  const numero = ++n;
  const key = buildNfeKey({ cUF: '43', emissao: clock.now(), documento: EMITENTE.cnpj, serie: '1', nNF: numero });
  const xml = signNfeXml(
    buildNfeXml({ environment: 'test', emitente: EMITENTE, request, serie: '1', numero, ...key, emissao: clock.now() }),
    testIdentity().signer,
  );
  const soap = await gateway.authorize({ ...target(), chave: key.chave, xml });
  return { chave: key.chave, nProt: /<nProt>(\d+)<\/nProt>/.exec(soap!)![1]! };
}

async function send(
  input: {
    chave: string;
    nProt?: string;
    tpEvento?: '110111' | '110110';
    nSeq?: number;
    cnpj?: string;
    texto?: string;
  },
  tamper = false,
  scenario: string | null = null,
) {
  const tpEvento = input.tpEvento ?? EVENTO_CANCELAMENTO;
  let evento = buildSignedNfeEvent(
    {
      tpAmb: '2',
      cOrgao: '43',
      cnpj: input.cnpj ?? EMITENTE.cnpj,
      chNFe: input.chave,
      dhEvento: brasilia(clock.now()),
      tpEvento,
      nSeqEvento: input.nSeq ?? 1,
      nProt: input.nProt,
      texto: input.texto ?? 'Pedido cancelado pelo cliente antes da saida',
    },
    testIdentity().signer,
  );
  if (tamper) evento = evento.replace('pelo cliente', 'pelo vendedor');
  const soap = await gateway.sendEvent(buildEnvEvento('1', evento), target(scenario));
  if (soap === null) return null;
  const ret = extractElement(soap, 'retEnvEvento')!;
  const lint = xmllint(
    ret,
    tpEvento === EVENTO_CANCELAMENTO ? 'nfe/retEnvEventoCancNFe_v1.00.xsd' : 'nfe/retEnvCCe_v1.00.xsd',
  );
  expect(lint.ok, lint.output).toBe(true);
  const retEvento = extractElement(ret, 'retEvento');
  return {
    lote: /<cStat>(\d+)<\/cStat>/.exec(ret)![1],
    cStat: retEvento ? /<cStat>(\d+)<\/cStat>/.exec(retEvento)![1] : undefined,
  };
}

async function situation(chave: string) {
  const ret = extractElement(await gateway.query(chave, target()), 'retConsSitNFe')!;
  const lint = xmllint(ret, 'nfe/retConsSitNFe_v4.00.xsd');
  expect(lint.ok, lint.output).toBe(true);
  return { cStat: /<cStat>(\d+)<\/cStat>/.exec(ret)![1], eventos: [...ret.matchAll(/<procEventoNFe/g)].length };
}

describe('SEFAZ event reception simulator over HTTP (NFeRecepcaoEvento4: 110111, 110110)', () => {
  it('registers a cancellation (128/135), then refuses a repeat (573) and a CC-e (580); the query answers 101 with the event', async () => {
    const note = await authorised();
    expect(await send(note)).toEqual({ lote: '128', cStat: '135' });
    expect(await situation(note.chave)).toEqual({ cStat: '101', eventos: 1 });
    expect((await send(note))?.cStat).toBe('573');
    expect((await send({ ...note, tpEvento: EVENTO_CARTA_CORRECAO, texto: 'Volume correto: 4 caixas' }))?.cStat).toBe(
      '580',
    );
  });

  it('checks what it receives: signature 297, author 574, unknown key 217, protocol 222, 24 hours 501, schema 215', async () => {
    const note = await authorised();
    expect((await send(note, true))?.cStat).toBe('297');
    expect((await send({ ...note, cnpj: TOMA_CNPJ }))?.cStat).toBe('574');
    expect(
      (
        await send({
          ...note,
          chave: buildNfeKey({ cUF: '43', emissao: clock.now(), documento: EMITENTE.cnpj, serie: '1', nNF: 999_999n })
            .chave,
        })
      )?.cStat,
    ).toBe('217');
    expect((await send({ ...note, nProt: '143260000000999' }))?.cStat).toBe('222');
    expect(await send({ ...note, texto: 'curta' })).toEqual({ lote: '215', cStat: undefined });
    clock.advance(24 * HOUR + 1000);
    expect((await send(note))?.cStat).toBe('501');
    expect(await situation(note.chave)).toEqual({ cStat: '100', eventos: 0 });
  });

  it('CC-e: one per sequence (573 on a repeat), scenarios rejeitar:cStat and timeout (registered, answer lost)', async () => {
    const note = await authorised();
    const cce = { ...note, tpEvento: EVENTO_CARTA_CORRECAO, texto: 'Volume correto: 4 caixas' } as const;
    expect((await send({ ...cce, nSeq: 1 }))?.cStat).toBe('135');
    expect((await send({ ...cce, nSeq: 1 }))?.cStat).toBe('573');
    expect((await send({ ...cce, nSeq: 2 }, false, 'rejeitar:594'))?.cStat).toBe('594');
    expect(await send({ ...cce, nSeq: 2 }, false, 'timeout')).toBeNull();
    expect(await situation(note.chave)).toEqual({ cStat: '100', eventos: 2 });
  });
});
