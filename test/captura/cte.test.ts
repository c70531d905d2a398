// CT-e capture through the (simulated) SEFAZ CTeDistribuicaoDFe, same storage and back-off rules.
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

const NS = 'http://www.portalfiscal.inf.br/cte';
let seq = 0;
const chave = () => `43${String(Date.now()).slice(-10)}${String(++seq).padStart(32, '0')}`.slice(0, 44);
const procCTe = (ch: string, emitente: string, nCT: number) =>
  `<cteProc xmlns="${NS}" versao="4.00"><CTe><infCte Id="CTe${ch}" versao="4.00"><ide><cUF>43</cUF><mod>57</mod><serie>1</serie><nCT>${nCT}</nCT>` +
  `<dhEmi>2026-11-10T08:00:00-03:00</dhEmi></ide><emit><CNPJ>${emitente}</CNPJ><IE>0960000001</IE><xNome>Transportadora Ltda</xNome></emit>` +
  `<vPrest><vTPrest>1234.56</vTPrest><vRec>1234.56</vRec></vPrest></infCte></CTe>` +
  `<protCTe versao="4.00"><infProt><tpAmb>1</tpAmb><chCTe>${ch}</chCTe><nProt>143260000000001</nProt><cStat>100</cStat></infProt></protCTe></cteProc>`;
const procEventoCTe = (ch: string, tpEvento: string) =>
  `<procEventoCTe xmlns="${NS}" versao="4.00"><eventoCTe versao="4.00"><infEvento Id="ID${tpEvento}${ch}01"><cOrgao>43</cOrgao><tpAmb>1</tpAmb>` +
  `<CNPJ>11222333000181</CNPJ><chCTe>${ch}</chCTe><dhEvento>2026-11-10T09:00:00-03:00</dhEvento><tpEvento>${tpEvento}</tpEvento><nSeqEvento>1</nSeqEvento></infEvento></eventoCTe></procEventoCTe>`;
const cteState = (companyId: string) =>
  t.app.engine.db.captureState.findUniqueOrThrow({ where: { companyId_fonte: { companyId, fonte: 'SEFAZ_CTE' } } });

useTestApp(
  (s) => (t = s.t),
  () => ({ clock, worker: false }),
);
beforeAll(async () => {
  x = await seedAccount(t.app.engine, 'Conta CT-e');
});

describe('CT-e capture (CTeDistribuicaoDFe)', () => {
  it('stores procCTe as CTE documents once, links events, logs CTE_RECEBIDA, and follows ultNSU up to maxNSU', async () => {
    const a = await x.company();
    const cte = t.app.simulator.sefazCte;
    const transportadora = randomNumericCnpj();
    const keys = Array.from({ length: 60 }, () => chave());
    keys.forEach((k, i) => cte.add(a.cnpj, { schema: 'procCTe_v4.00.xsd', xml: procCTe(k, transportadora, i + 1) }));
    // The company's own CT-e (it is the carrier) is EMITIDA; a replayed document is not stored twice.
    const propria = chave();
    cte.add(a.cnpj, { schema: 'procCTe_v4.00.xsd', xml: procCTe(propria, a.cnpj, 99) });
    cte.add(a.cnpj, { schema: 'procCTe_v4.00.xsd', xml: procCTe(keys[1]!, transportadora, 2) });
    cte.add(a.cnpj, { schema: 'procEventoCTe_v4.00.xsd', xml: procEventoCTe(keys[0]!, '110111') });
    await capture(t.app.engine);

    const live = httpClient(t.url, x.liveKey);
    const docs = await allDocuments(live, '&tipo=CTE');
    expect(docs).toHaveLength(61);
    expect(new Set(docs.map((d) => d.chaveAcesso))).toEqual(new Set([...keys, propria]));
    const byKey = new Map(docs.map((d) => [d.chaveAcesso, d]));
    expect(byKey.get(keys[4]!)).toMatchObject({
      tipo: 'CTE',
      papel: 'RECEBIDA',
      origem: 'SEFAZ',
      numero: '5',
      valor: '1234.56',
      emitenteDocumento: transportadora,
      emitenteNome: 'Transportadora Ltda',
    });
    expect(byKey.get(propria)!.papel).toBe('EMITIDA');
    // NF-e capture of the same company saw none of them.
    expect(await allDocuments(live, '&tipo=NFE')).toHaveLength(0);

    const s = await cteState(a.id);
    expect(s).toMatchObject({ ultimoNsu: 63n, maxNsu: 63n, ultimoStatus: '138' });
    expect(s.nextRunAt.getTime()).toBe(clock.now().getTime() + HOUR);
    const first = byKey.get(keys[0]!)!;
    const full = (await live.get(`/v1/documents/${first.id}`)).body;
    expect(full).toMatchObject({
      situacao: 'cancelada',
      eventos: [expect.objectContaining({ tipoEvento: '110111', nsu: '63' })],
    });
    expect((await live.get(`/v1/documents/${first.id}/xml`)).text).toContain(`<infCte Id="CTe${keys[0]}"`);

    const logged = await eventsOfType(live, 'CTE_RECEBIDA');
    expect(logged).toHaveLength(61);
    expect(logged.find((e) => e.dados.chaveAcesso === keys[0])!.dados).toEqual({
      notaId: first.id,
      empresaId: a.id,
      chaveAcesso: keys[0],
      nsu: '1',
    });
    expect((await eventsOfType(live, 'EVENTO_FISCAL_RECEBIDO')).map((e) => e.dados)).toEqual([
      expect.objectContaining({ notaId: first.id, empresaId: a.id, tipoEvento: '110111', nsu: '63' }),
    ]);
  });

  it('137 waits at least one hour; 656 stops CT-e calls for the company for one hour', async () => {
    const b = await x.company();
    const cte = t.app.simulator.sefazCte;
    clock.advance(2 * HOUR);
    await capture(t.app.engine);
    let s = await cteState(b.id);
    expect(s.ultimoStatus).toBe('137');
    expect(s.nextRunAt.getTime()).toBe(clock.now().getTime() + HOUR);
    const k = chave();
    cte.add(b.cnpj, { schema: 'procCTe_v4.00.xsd', xml: procCTe(k, randomNumericCnpj(), 7) });
    clock.advance(59 * MINUTE);
    await capture(t.app.engine);
    expect((await cteState(b.id)).ultimoNsu).toBe(0n);
    clock.advance(2 * MINUTE);
    cte.setFault(b.cnpj, '656');
    await capture(t.app.engine);
    s = await cteState(b.id);
    expect(s).toMatchObject({ ultimoStatus: '656', ultimoNsu: 0n });
    expect(s.nextRunAt.getTime()).toBe(clock.now().getTime() + HOUR);
    cte.setFault(b.cnpj, null);
    clock.advance(59 * MINUTE);
    await capture(t.app.engine);
    expect((await cteState(b.id)).ultimoStatus).toBe('656');
    clock.advance(2 * MINUTE);
    await capture(t.app.engine);
    expect(await cteState(b.id)).toMatchObject({ ultimoStatus: '138', ultimoNsu: 1n, falhas: 0 });
    const docs = await allDocuments(httpClient(t.url, x.liveKey), `&empresa_id=${b.id}`);
    expect(docs.map((d) => [d.tipo, d.chaveAcesso])).toEqual([['CTE', k]]);
  });
});
