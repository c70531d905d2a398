// Notes received from São Paulo providers, captured from the city's own system (ConsultaNFeRecebidas).
import { beforeAll, describe, expect, it } from 'vitest';
import { FakeClock, HOUR, MINUTE } from '../../src/engine/nucleo/clock.js';
import { allDocuments, capture } from '../support/capture.js';
import { eventsOfType } from '../support/eventos.js';
import { httpClient, type Http } from '../support/http.js';
import type { SeededAccount } from '../support/seed.js';
import type { TestApp } from '../support/test-app.js';
import { useTestApp } from '../support/use-test-app.js';

const clock = new FakeClock('2026-11-02T15:00:00Z');
let t: TestApp;
let acct: SeededAccount;
let live: Http;

useTestApp(
  (s) => ({ t, acct } = s),
  () => ({ clock }),
);
beforeAll(async () => {
  live = httpClient(t.url, acct.liveKey);
});

/** `count` notes a São Paulo provider issued to this taker at the simulated city, today. */
function issuedTo(cnpj: string, count: number, ccm: string) {
  for (let i = 1; i <= count; i++) {
    t.app.saoPauloSimulator.notes.convert({
      ccm,
      serie: '1',
      numeroRps: String(i),
      layout: 2,
      emitidaEm: clock.now(),
      dataRps: '2026-11-02',
      cnpjPrestador: '11222333000181',
      tomador: { tipo: 'CNPJ', numero: cnpj },
      valor: '100.00',
      codigoServico: '2658',
      discriminacao: `Serviço ${i}`,
    });
  }
}

const state = (companyId: string) =>
  t.app.engine.db.captureState.findUniqueOrThrow({ where: { companyId_fonte: { companyId, fonte: 'PREFEITURA_SP' } } });
const mine = async (companyId: string) =>
  (await allDocuments(live, `&empresa_id=${companyId}`)).filter((d) => d.origem === 'PREFEITURA_SP');

describe('capture through the São Paulo city hall', () => {
  it('55 received notes: pages of 50, stored once with origem PREFEITURA_SP and NOTA_RECEBIDA each; a second run adds nothing', async () => {
    const c = await acct.company({ municipio: '3550308', inscricao_municipal: '31000500' });
    issuedTo(c.cnpj, 55, '41000001');
    const before = (await eventsOfType(live, 'NOTA_RECEBIDA')).length;
    const calls = t.app.saoPauloSimulator.calls('ConsultaNFeRecebidas');
    await capture(t.app.engine);
    const docs = await mine(c.id);
    expect(docs).toHaveLength(55);
    expect(docs.every((d) => d.papel === 'RECEBIDA' && d.tipo === 'NFSE')).toBe(true);
    expect(t.app.saoPauloSimulator.calls('ConsultaNFeRecebidas')).toBe(calls + 2);
    const events = (await eventsOfType(live, 'NOTA_RECEBIDA')).slice(before);
    expect(events).toHaveLength(55);
    expect(events[0].dados).toMatchObject({ empresaId: c.id, origem: 'PREFEITURA_SP' });
    const sent = t.app.saoPauloSimulator.lastRequest('ConsultaNFeRecebidas')!;
    expect(sent).toContain('<dtInicio>2026-10-03</dtInicio><dtFim>2026-11-02</dtFim><NumeroPagina>2</NumeroPagina>');

    clock.advance(2 * HOUR);
    await capture(t.app.engine);
    expect(await mine(c.id)).toHaveLength(55);
    expect((await eventsOfType(live, 'NOTA_RECEBIDA')).length).toBe(before + 55);
  });

  it('a crash after the first page: the next run resumes at page 2, nothing twice', async () => {
    const c = await acct.company({ municipio: '3550308', inscricao_municipal: '31000600' });
    issuedTo(c.cnpj, 60, '41000002');
    // The process dies before committing page 2 of this company (other commits of that moment die with it).
    const page2 = () => {
      const last = t.app.saoPauloSimulator.lastRequest('ConsultaNFeRecebidas') ?? '';
      return (
        last.includes(`<CPFCNPJ><CNPJ>${c.cnpj}</CNPJ></CPFCNPJ>`) && last.includes('<NumeroPagina>2</NumeroPagina>')
      );
    };
    await capture(t.app.engine, {
      beforeCommit: async () => {
        if (page2()) throw new Error('processo morto antes do COMMIT');
      },
    });
    expect(await mine(c.id)).toHaveLength(50);
    expect((await state(c.id)).ultimoNsu % 100_000n).toBe(2n);
    clock.advance(11 * MINUTE);
    await capture(t.app.engine);
    expect(await mine(c.id)).toHaveLength(60);
    expect((await state(c.id)).ultimoNsu % 100_000n).toBe(1n);
  });
});
