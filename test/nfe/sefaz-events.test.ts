import { describe, expect, it } from 'vitest';
import { FakeClock, HOUR } from '../../src/engine/kernel/clock.js';
import { brasilia, buildNfeXml } from '../../src/engine/nfe/build-nfe-xml.js';
import { buildNfeKey } from '../../src/engine/nfe/nfe-access-key.js';
import { buildEnvEvento, buildSignedNfeEvent, EVENTO_CANCELAMENTO, EVENTO_CARTA_CORRECAO } from '../../src/engine/nfe/nfe-event-xml.js';
import { buildConsSitNFe, buildEnviNFe } from '../../src/engine/nfe/nfe-messages.js';
import { signNfeXml } from '../../src/engine/nfe/sign-nfe-xml.js';
import { SefazAuthorizer } from '../../src/engine/nfe/simulator/sefaz-authorizer.js';
import { SefazEvents, type SefazEventScenario } from '../../src/engine/nfe/simulator/sefaz-events.js';
import { extractElement, soapEnvelope } from '../../src/engine/nfe/soap12.js';
import { validateNfeRequest } from '../../src/engine/nfe/validate-nfe-request.js';
import { xmllint } from '../national/external-tools.js';
import { testIdentity, TOMA_CNPJ } from '../national/fixtures.js';
import { EMITENTE, nfeBody } from './fixtures.js';

const clock = new FakeClock('2026-11-23T12:00:00Z');
let n = 0n;

function simulator() {
  const events: SefazEvents = new SefazEvents(clock, () => authorizer);
  const authorizer = new SefazAuthorizer(clock, (chave) => events.procEventos(chave));
  return { authorizer, events };
}

/** An NF-e authorised by the simulator: its key and protocol. */
function authorised(authorizer: SefazAuthorizer): { chave: string; nProt: string } {
  const request = validateNfeRequest(nfeBody(), { simples: false, chaveRestritaEmpresa: true, environment: 'test' }).request!;
  const numero = ++n;
  const key = buildNfeKey({ cUF: '43', emissao: clock.now(), documento: EMITENTE.cnpj, serie: '1', nNF: numero });
  const xml = signNfeXml(buildNfeXml({ environment: 'test', emitente: EMITENTE, request, serie: '1', numero, ...key, emissao: clock.now() }), testIdentity().signer);
  const soap = authorizer.authorize(soapEnvelope('nfeDadosMsg', 'NFeAutorizacao4', buildEnviNFe(xml, '1'))).soap!;
  return { chave: key.chave, nProt: /<nProt>(\d+)<\/nProt>/.exec(soap)![1]! };
}

function send(events: SefazEvents, input: { chave: string; nProt?: string; tpEvento?: '110111' | '110110'; nSeq?: number; cnpj?: string; texto?: string }, tamper = false, scenario?: SefazEventScenario) {
  const tpEvento = input.tpEvento ?? EVENTO_CANCELAMENTO;
  let evento = buildSignedNfeEvent({
    tpAmb: '2', cOrgao: '43', cnpj: input.cnpj ?? EMITENTE.cnpj, chNFe: input.chave, dhEvento: brasilia(clock.now()), tpEvento,
    nSeqEvento: input.nSeq ?? 1, nProt: input.nProt, texto: input.texto ?? 'Pedido cancelado pelo cliente antes da saida',
  }, testIdentity().signer);
  if (tamper) evento = evento.replace('pelo cliente', 'pelo vendedor');
  const soap = events.receive(soapEnvelope('nfeDadosMsg', 'NFeRecepcaoEvento4', buildEnvEvento('1', evento)), scenario);
  if (soap === null) return null;
  const ret = extractElement(soap, 'retEnvEvento')!;
  const lint = xmllint(ret, tpEvento === EVENTO_CANCELAMENTO ? 'nfe/retEnvEventoCancNFe_v1.00.xsd' : 'nfe/retEnvCCe_v1.00.xsd');
  expect(lint.ok, lint.output).toBe(true);
  const retEvento = extractElement(ret, 'retEvento');
  return { lote: /<cStat>(\d+)<\/cStat>/.exec(ret)![1], cStat: retEvento ? /<cStat>(\d+)<\/cStat>/.exec(retEvento)![1] : undefined };
}

function situation(authorizer: SefazAuthorizer, chave: string) {
  const ret = extractElement(authorizer.query(soapEnvelope('nfeDadosMsg', 'NFeConsultaProtocolo4', buildConsSitNFe(chave, '2'))), 'retConsSitNFe')!;
  const lint = xmllint(ret, 'nfe/retConsSitNFe_v4.00.xsd');
  expect(lint.ok, lint.output).toBe(true);
  return { cStat: /<cStat>(\d+)<\/cStat>/.exec(ret)![1], eventos: [...ret.matchAll(/<procEventoNFe/g)].length };
}

describe('SEFAZ event reception simulator (NFeRecepcaoEvento4: 110111, 110110)', () => {
  it('registers a cancellation (128/135), then refuses a repeat (573) and a CC-e (580); the query answers 101 with the event', () => {
    const { authorizer, events } = simulator();
    const note = authorised(authorizer);
    expect(send(events, note)).toEqual({ lote: '128', cStat: '135' });
    expect(situation(authorizer, note.chave)).toEqual({ cStat: '101', eventos: 1 });
    expect(send(events, note)?.cStat).toBe('573');
    expect(send(events, { ...note, tpEvento: EVENTO_CARTA_CORRECAO, texto: 'Volume correto: 4 caixas' })?.cStat).toBe('580');
  });

  it('checks what it receives: signature 297, author 574, unknown key 217, protocol 222, 24 hours 501, schema 215', () => {
    const { authorizer, events } = simulator();
    const note = authorised(authorizer);
    expect(send(events, note, true)?.cStat).toBe('297');
    expect(send(events, { ...note, cnpj: TOMA_CNPJ })?.cStat).toBe('574');
    expect(send(events, { ...note, chave: buildNfeKey({ cUF: '43', emissao: clock.now(), documento: EMITENTE.cnpj, serie: '1', nNF: 999_999n }).chave })?.cStat).toBe('217');
    expect(send(events, { ...note, nProt: '143260000000999' })?.cStat).toBe('222');
    expect(send(events, { ...note, texto: 'curta' })).toEqual({ lote: '215', cStat: undefined });
    clock.advance(24 * HOUR + 1000);
    expect(send(events, note)?.cStat).toBe('501');
    expect(situation(authorizer, note.chave)).toEqual({ cStat: '100', eventos: 0 });
  });

  it('CC-e: one per sequence (573 on a repeat), scenarios rejeitar:cStat and timeout (registered, answer lost)', () => {
    const { authorizer, events } = simulator();
    const note = authorised(authorizer);
    const cce = { ...note, tpEvento: EVENTO_CARTA_CORRECAO, texto: 'Volume correto: 4 caixas' } as const;
    expect(send(events, { ...cce, nSeq: 1 })?.cStat).toBe('135');
    expect(send(events, { ...cce, nSeq: 1 })?.cStat).toBe('573');
    expect(send(events, { ...cce, nSeq: 2 }, false, 'rejeitar:594')?.cStat).toBe('594');
    expect(send(events, { ...cce, nSeq: 2 }, false, 'timeout')).toBeNull();
    expect(situation(authorizer, note.chave)).toEqual({ cStat: '100', eventos: 2 });
  });
});
