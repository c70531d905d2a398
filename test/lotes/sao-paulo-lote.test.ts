// A batch of a São Paulo company goes to the city in EnvioLoteRPS lots of at most 50 RPS.
import { beforeAll, describe, expect, it } from 'vitest';
import { httpClient, type Http } from '../support/http.js';
import { allItens, linha, settledStatus, waitLote } from '../support/lotes.js';
import type { SeededAccount } from '../support/seed.js';
import type { TestApp } from '../support/test-app.js';
import { useTestApp } from '../support/use-test-app.js';

let t: TestApp;
let acct: SeededAccount;
let live: Http;
let empresa: string;

useTestApp((s) => ({ t, acct } = s));
beforeAll(async () => {
  live = httpClient(t.url, acct.liveKey);
  const padroes = { codigo_nacional: '010101', aliquota_iss: '2.90', nbs: '115021000', codigo_municipal: '02658' };
  empresa = (await acct.company({ municipio: '3550308', inscricao_municipal: '31000077', padroes })).id;
});

describe('São Paulo batch', () => {
  it('60 lines: every line a note at the city, sent in a full lot of 50 and one of 10, one note per RPS', async () => {
    const sp = t.app.saoPauloSimulator;
    const lotsBefore = sp.lotSizes().length;
    const res = await live.post('/v1/lotes', { empresa_id: empresa, itens: Array.from({ length: 60 }, () => linha()) });
    expect(res.status, res.text).toBe(202);
    const lote = await waitLote(live, res.body.id, settledStatus('concluido'), 60_000, 250);
    expect(lote.contagens).toMatchObject({ autorizada: 60, transmitindo: 0, rejeitada: 0 });
    const itens = await allItens(live, lote.id);
    const notes = await Promise.all(itens.map(async (i) => (await live.get(`/v1/nfse/${i.nfse_id}`)).body));
    expect(notes.every((n) => n.status === 'autorizada' && n.dps_id.startsWith('SP-31000077-'))).toBe(true);
    const mine = sp.notes.all().filter((n) => n.ccm === '31000077');
    expect(mine).toHaveLength(60);
    expect(new Set(mine.map((n) => n.numero)).size).toBe(60);
    const lots = sp.lotSizes().slice(lotsBefore);
    // The batch's 60 notes wait together: the first lot is full (the city's 50), the rest follows.
    expect(lots).toEqual([50, 10]);
    const sent = sp.lastRequest('EnvioLoteRPS')!;
    expect(sent).toMatch(
      /^<PedidoEnvioLoteRPS xmlns="http:\/\/www.prefeitura.sp.gov.br\/nfe"><Cabecalho xmlns="" Versao="2">/,
    );
  });
});
