// NF-e capture through the (simulated) SEFAZ NFeDistribuicaoDFe, 137/656 rules on a fake clock.
import { beforeAll, describe, expect, it } from 'vitest';
import { FakeClock, HOUR, MINUTE } from '../../src/engine/nucleo/clock.js';
import { randomNumericCnpj } from '../../src/engine/nucleo/random-numeric-cnpj.js';
import { allDocuments, capture } from '../support/capture.js';
import { eventsOfType } from '../support/eventos.js';
import { httpClient } from '../support/http.js';
import { seedAccount, type SeededAccount } from '../support/seed.js';
import type { TestApp } from '../support/test-app.js';
import { useTestApp } from '../support/use-test-app.js';

const clock = new FakeClock(new Date());
let t: TestApp;
let x: SeededAccount;

const NS = 'http://www.portalfiscal.inf.br/nfe';
let seq = 0;
const chave = () => `41${String(Date.now()).slice(-10)}${String(++seq).padStart(32, '0')}`.slice(0, 44);
const resNFe = (ch: string, emitente: string, vNF = '100.00') =>
  `<resNFe xmlns="${NS}" versao="1.01"><chNFe>${ch}</chNFe><CNPJ>${emitente}</CNPJ><xNome>Fornecedor Ltda</xNome><IE>123456</IE>` +
  `<dhEmi>2026-11-01T10:00:00-03:00</dhEmi><tpNF>1</tpNF><vNF>${vNF}</vNF><digVal>abc=</digVal><dhRecbto>2026-11-01T10:00:05-03:00</dhRecbto><nProt>141260000000001</nProt><cSitNFe>1</cSitNFe></resNFe>`;
const resEvento = (ch: string, tpEvento: string) =>
  `<resEvento xmlns="${NS}" versao="1.01"><cOrgao>41</cOrgao><CNPJ>11222333000181</CNPJ><chNFe>${ch}</chNFe><dhEvento>2026-11-01T11:00:00-03:00</dhEvento>` +
  `<tpEvento>${tpEvento}</tpEvento><nSeqEvento>1</nSeqEvento><xEvento>Cancelamento</xEvento><dhRecbto>2026-11-01T11:00:01-03:00</dhRecbto><nProt>141260000000002</nProt></resEvento>`;
const nfeState = (companyId: string) =>
  t.app.engine.db.captureState.findUniqueOrThrow({ where: { companyId_fonte: { companyId, fonte: 'SEFAZ_NFE' } } });

useTestApp(
  (s) => (t = s.t),
  () => ({ clock, worker: false }),
);
beforeAll(async () => {
  x = await seedAccount(t.app.engine, 'Conta NF-e');
});

describe('NF-e capture (NFeDistribuicaoDFe)', () => {
  it('stores summaries as NFE documents, links events, logs NFE_RECEBIDA, and follows ultNSU up to maxNSU', async () => {
    const a = await x.company();
    const sefaz = t.app.simulator.sefaz;
    const fornecedor = randomNumericCnpj();
    const keys = Array.from({ length: 120 }, () => chave());
    for (const k of keys) sefaz.add(a.cnpj, { schema: 'resNFe_v1.01.xsd', xml: resNFe(k, fornecedor) });
    sefaz.add(a.cnpj, { schema: 'resEvento_v1.01.xsd', xml: resEvento(keys[0]!, '110111') });
    await capture(t.app.engine);
    const live = httpClient(t.url, x.liveKey);
    const docs = await allDocuments(live, '&tipo=NFE');
    expect(docs).toHaveLength(120);
    expect(new Set(docs.map((d) => d.chaveAcesso))).toEqual(new Set(keys));
    expect(
      docs.every((d) => d.papel === 'RECEBIDA' && d.origem === 'SEFAZ' && d.emitenteDocumento === fornecedor),
    ).toBe(true);
    const s = await nfeState(a.id);
    expect(s).toMatchObject({ ultimoNsu: 121n, maxNsu: 121n, ultimoStatus: '138' });
    // Caught up (ultNSU = maxNSU): at least one hour before the next call.
    expect(s.nextRunAt.getTime()).toBe(clock.now().getTime() + HOUR);
    const first = docs.find((d) => d.chaveAcesso === keys[0])!;
    const full = (await live.get(`/v1/documents/${first.id}`)).body;
    expect(full).toMatchObject({
      situacao: 'cancelada',
      eventos: [expect.objectContaining({ tipoEvento: '110111', nsu: '121' })],
    });
    expect(await eventsOfType(live, 'NFE_RECEBIDA')).toHaveLength(120);
    expect((await eventsOfType(live, 'EVENTO_FISCAL_RECEBIDO')).map((e) => e.dados.notaId)).toEqual([first.id]);
  });

  it('137 waits at least one hour; 656 stops calls for the company for one hour', async () => {
    const b = await x.company();
    const sefaz = t.app.simulator.sefaz;
    clock.advance(2 * HOUR);
    await capture(t.app.engine);
    let s = await nfeState(b.id);
    expect(s.ultimoStatus).toBe('137');
    expect(s.nextRunAt.getTime()).toBe(clock.now().getTime() + HOUR);
    const k = chave();
    sefaz.add(b.cnpj, { schema: 'resNFe_v1.01.xsd', xml: resNFe(k, randomNumericCnpj()) });
    clock.advance(59 * MINUTE);
    await capture(t.app.engine);
    expect((await nfeState(b.id)).ultimoNsu).toBe(0n);
    clock.advance(2 * MINUTE);
    sefaz.setFault(b.cnpj, '656');
    await capture(t.app.engine);
    s = await nfeState(b.id);
    expect(s).toMatchObject({ ultimoStatus: '656', ultimoNsu: 0n });
    expect(s.nextRunAt.getTime()).toBe(clock.now().getTime() + HOUR);
    sefaz.setFault(b.cnpj, null);
    clock.advance(59 * MINUTE);
    await capture(t.app.engine);
    expect((await nfeState(b.id)).ultimoStatus).toBe('656');
    clock.advance(2 * MINUTE);
    await capture(t.app.engine);
    s = await nfeState(b.id);
    expect(s).toMatchObject({ ultimoStatus: '138', ultimoNsu: 1n, falhas: 0 });
    const docs = await allDocuments(httpClient(t.url, x.liveKey), `&empresa_id=${b.id}`);
    expect(docs.map((d) => d.chaveAcesso)).toEqual([k]);
  });

  it('a procNFe replaces the summary of the same key, in the same lot or a later one, without a second document', async () => {
    const c = await x.company();
    const sefaz = t.app.simulator.sefaz;
    const [k1, k2] = [chave(), chave()];
    const emitente = randomNumericCnpj();
    const procNFe = (k: string) =>
      `<nfeProc xmlns="${NS}" versao="4.00"><NFe><infNFe Id="NFe${k}" versao="4.00"><ide><nNF>77</nNF><dhEmi>2026-11-01T10:00:00-03:00</dhEmi></ide>` +
      `<emit><CNPJ>${emitente}</CNPJ><xNome>Fornecedor Ltda</xNome></emit><total><ICMSTot><vNF>100.00</vNF></ICMSTot></total></infNFe></NFe></nfeProc>`;
    sefaz.add(c.cnpj, { schema: 'resNFe_v1.01.xsd', xml: resNFe(k1, emitente) });
    sefaz.add(c.cnpj, { schema: 'procNFe_v4.00.xsd', xml: procNFe(k1) });
    sefaz.add(c.cnpj, { schema: 'resNFe_v1.01.xsd', xml: resNFe(k2, emitente) });
    clock.advance(2 * HOUR);
    await capture(t.app.engine);
    sefaz.add(c.cnpj, { schema: 'procNFe_v4.00.xsd', xml: procNFe(k2) });
    clock.advance(2 * HOUR);
    await capture(t.app.engine);
    const live = httpClient(t.url, x.liveKey);
    const docs = await allDocuments(live, `&empresa_id=${c.id}`);
    expect(docs.map((d) => d.chaveAcesso).sort()).toEqual([k1, k2].sort());
    for (const d of docs)
      expect((await live.get(`/v1/documents/${d.id}/xml`)).text).toContain(`<infNFe Id="NFe${d.chaveAcesso}"`);
    expect((await eventsOfType(live, 'NFE_RECEBIDA')).filter((e) => e.dados.empresaId === c.id)).toHaveLength(2);
  });
});
