// Automatic correction of a rejection: a catalogued code is corrected once and the same DPS Id sent again; a
// second rejection, a code outside the catalogue, or a correction without its source settle `rejeitada`.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eventsOfNote } from '../support/eventos.js';
import { expectProblem, expectStatus, httpClient, type Http } from '../support/http.js';
import { allItens, linha, settledStatus, waitLote } from '../support/lotes.js';
import { nfseBody, steps } from '../support/nfse.js';
import { startKit, type NationalApiKit } from '../support/nfse-api.js';
import { nationalNotes, startLossyHop } from '../support/simulator.js';
import { startReceiver } from '../support/webhooks.js';

let k: NationalApiKit;
/** A test key of its own per test: polling and event-log reads stay under the 120 requests per minute of a key. */
let http: Http;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
/** A company with a registered municipal registration (the DPS carries IM). */
let comIm: string;
/** A company whose default service (17.01.01) has the single official rate 5.00 in its municipality and no default rate. */
let semAliquota: string;
/** The same without a single official rate for its service (01.01.01, item 01). */
let semAliquotaOficial: string;

beforeAll(async () => {
  k = await startKit({ env: { WEBHOOK_ALLOWED_CIDRS: '127.0.0.1/32' } });
  comIm = (await k.account.company({ inscricao_municipal: '778899' })).id;
  semAliquota = (await k.account.company({ padroes: { codigo_nacional: '170101' } })).id;
  semAliquotaOficial = (await k.account.company({ padroes: { codigo_nacional: '010101' } })).id;
  receiver = await startReceiver();
  expectStatus(
    await k.http.post('/v1/webhooks', {
      url: `${receiver.url}/hook`,
      eventos: ['NFSE_AUTORIZADA', 'NFSE_REJEITADA'],
      cabecalhos: [],
    }),
    201,
  );
});
beforeEach(async () => {
  http = httpClient(k.t.url, await k.account.key('test'));
});
afterAll(async () => {
  await k?.close();
  await receiver?.close();
});

const issue = (empresaId: string, simular: string, prefer?: string) =>
  http.post('/v1/nfse', nfseBody(empresaId), {
    headers: { 'x-service-simular': simular, ...(prefer ? { prefer } : {}) },
  });
const national = (idDps: string) => nationalNotes(k.t.app.simulator, idDps);
const step = (note: any, tipo: string, nth = 0) => note.eventos.filter((e: any) => e.tipo === tipo)[nth];
const regras = (note: any) => note.ajustes.map((a: any) => a.regra);
/** The provider group of the DPS inside the authorised NFS-e XML. */
const prestOf = async (id: string) => /<prest>.*?<\/prest>/s.exec((await http.get(`/v1/nfse/${id}/xml`)).text)![0];
const tribMunOf = async (id: string) =>
  /<DPS.*<tribMun>(.*?)<\/tribMun>/s.exec((await http.get(`/v1/nfse/${id}/xml`)).text)![1];
/** Webhook deliveries of a note, by event type. */
async function deliveredFor(id: string, tipo: string) {
  await receiver.waitFor(1);
  const deadline = Date.now() + 10_000;
  for (;;) {
    const mine = receiver.received.filter((r) => (r.body.dados as { id?: string }).id === id);
    if (mine.some((r) => r.body.tipo === tipo) || Date.now() > deadline) return mine;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('a catalogued rejection is corrected once and resent with the same DPS Id', () => {
  it('E0120: the DPS goes again without the IM → 201 autorizada, one note at the national side', async () => {
    const note = expectStatus(await issue(comIm, 'rejeitar:E0120'), 201);
    expect(note.status).toBe('autorizada');
    expect(note.rejeicao).toBeNull();
    expect(steps(note)).toEqual(['criada', 'envio', 'correcao_automatica', 'envio', 'autorizada']);
    expect(step(note, 'envio').detalhe).toMatchObject({ resultado: 'rejeitada', codigo_oficial: 'E0120' });
    expect(step(note, 'correcao_automatica').detalhe).toEqual({ codigos: ['E0120'], regras: ['correcao.E0120'] });
    expect(step(note, 'envio', 1).detalhe).toMatchObject({ resultado: 'autorizada' });
    // The field rule that put the registration in stays; the correction is added after it.
    expect(regras(note)).toEqual(expect.arrayContaining(['cadastro.inscricao_municipal', 'correcao.E0120']));
    expect(note.ajustes.find((a: any) => a.regra === 'correcao.E0120')).toMatchObject({
      campo: '/prestador/inscricao_municipal',
      acao: 'omitido',
      motivo: expect.stringContaining('E0120'),
    });
    expect(note.regras_versao).toMatch(/^\d{4}\.\d{2}\.\d{2}\+\d{4}\.\d{2}\.\d{2}$/);

    const held = await national(note.dps_id);
    expect(held).toHaveLength(1);
    expect(held[0]!.chave).toBe(note.chave_acesso);
    expect(await prestOf(note.id)).not.toContain('<IM>');
    expect((await http.get(`/v1/nfse/${note.id}`)).body).toEqual(note);

    // Events: the note was never rejected for the integrator — one NFSE_AUTORIZADA carrying the record as it is.
    const events = await eventsOfNote(http, note.id);
    expect(events.map((e) => e.tipo)).toEqual(['NFSE_AUTORIZADA']);
    expect(events[0]!.dados).toEqual(note);
    const delivered = await deliveredFor(note.id, 'NFSE_AUTORIZADA');
    expect(delivered.map((r) => r.body.tipo)).toEqual(['NFSE_AUTORIZADA']);
    expect(delivered[0]!.body.dados).toEqual(note);
  });

  it('E0617 never reaches a DPS whose rate the field rules already omit; E0619: the official rate of the municipality is filled', async () => {
    // The company's municipality is in the national convênio, where the field rules leave pAliq out for its regime:
    // the DPS has no E0617 defect, so it is authorised at the first send (the correction itself: correct-dps.test.ts).
    const omitted = expectStatus(await issue(k.company.id, 'rejeitar:E0617'), 201);
    expect(steps(omitted)).toEqual(['criada', 'envio', 'autorizada']);
    expect(await tribMunOf(omitted.id)).not.toContain('<pAliq>');
    expect(await national(omitted.dps_id)).toHaveLength(1);

    const filled = expectStatus(await issue(semAliquota, 'rejeitar:E0619'), 201);
    expect(step(filled, 'envio').detalhe).toMatchObject({ resultado: 'rejeitada', codigo_oficial: 'E0619' });
    expect(filled.ajustes.find((a: any) => a.regra === 'correcao.E0619')).toMatchObject({
      campo: '/servico/aliquota_iss',
      acao: 'preenchido',
      motivo: expect.stringContaining('5.00%'),
    });
    expect(await tribMunOf(filled.id)).toContain('<pAliq>5.00</pAliq>');
    expect(await national(filled.dps_id)).toHaveLength(1);
  });

  it('X-Service-Simular takes codes in either case; a malformed list is 422 simulacao_invalida', async () => {
    const note = expectStatus(await issue(comIm, 'Rejeitar:e0120'), 201);
    expect(step(note, 'correcao_automatica').detalhe.codigos).toEqual(['E0120']);
    for (const bad of ['rejeitar:E0120,', 'rejeitar:E0120,E01', 'rejeitar:E0120,E0116,E0617,E0625,E0310']) {
      expectProblem(await issue(comIm, bad), 422, 'simulacao_invalida');
    }
  });

  it('a DPS without the defect is authorised at once, with nothing corrected', async () => {
    const note = expectStatus(await issue(k.company.id, 'rejeitar:E0120'), 201);
    expect(steps(note)).toEqual(['criada', 'envio', 'autorizada']);
    expect(regras(note).filter((r: string) => r.startsWith('correcao.'))).toEqual([]);
  });
});

describe('what settles rejeitada as before', () => {
  /** 422 nfse_rejeitada with the note; its events and national notes. */
  async function expectRejected(res: Awaited<ReturnType<typeof issue>>, codigo: string) {
    const problem = expectProblem(res, 422, 'nfse_rejeitada');
    expect(problem.codigo_oficial).toBe(codigo);
    const note = problem.nfse;
    expect(note.status).toBe('rejeitada');
    expect(note.rejeicao.codigo_oficial).toBe(codigo);
    expect(note.numero).toBeNull();
    expect(await national(note.dps_id)).toEqual([]);
    expect((await eventsOfNote(http, note.id)).map((e) => e.tipo)).toEqual(['NFSE_REJEITADA']);
    expect((await deliveredFor(note.id, 'NFSE_REJEITADA')).map((r) => r.body.tipo)).toEqual(['NFSE_REJEITADA']);
    return note;
  }

  it('a second rejection: the corrected DPS is refused too (E0120 then E0116) → rejeitada with the second code', async () => {
    const note = await expectRejected(await issue(comIm, 'rejeitar:E0120,E0116'), 'E0116');
    expect(steps(note)).toEqual(['criada', 'envio', 'correcao_automatica', 'envio']);
    expect(step(note, 'envio').detalhe).toMatchObject({ resultado: 'rejeitada', codigo_oficial: 'E0120' });
    expect(step(note, 'envio', 1).detalhe).toMatchObject({ resultado: 'rejeitada', codigo_oficial: 'E0116' });
    // Corrected once only: the correction made stays visible, no second one.
    expect(regras(note).filter((r: string) => r.startsWith('correcao.'))).toEqual(['correcao.E0120']);
  });

  it('a code outside the catalogue → rejeitada at once, nothing corrected', async () => {
    const note = await expectRejected(await issue(k.company.id, 'rejeitar:E0310'), 'E0310');
    expect(steps(note)).toEqual(['criada', 'envio']);
    expect(regras(note).filter((r: string) => r.startsWith('correcao.'))).toEqual([]);
    // A catalogued code beside an uncatalogued one cannot be fixed by a resend either.
    const both = await expectRejected(await issue(comIm, 'rejeitar:E0120,E0310'), 'E0120');
    expect(steps(both)).toEqual(['criada', 'envio']);
  });

  it('a catalogued code without a source for its value (no single official rate) → rejeitada at once', async () => {
    const note = await expectRejected(await issue(semAliquotaOficial, 'rejeitar:E0619'), 'E0619');
    expect(steps(note)).toEqual(['criada', 'envio']);
  });
});

describe('batches', () => {
  it('a batch line gets the same correction; an uncorrectable line is rejeitada; the batch concludes once', async () => {
    const created = await http.post(
      '/v1/lotes',
      { empresa_id: comIm, itens: [linha(), linha()] },
      { headers: { 'x-service-simular': 'rejeitar:E0120' } },
    );
    expect(created.status, created.text).toBe(202);
    const lote = await waitLote(http, created.body.id, settledStatus('concluido'));
    expect(lote.contagens).toMatchObject({ autorizada: 2 });
    const linhas = await allItens(http, lote.id);
    for (const item of linhas) {
      const note = expectStatus(await http.get(`/v1/nfse/${item.nfse_id}`), 200);
      expect(note.status).toBe('autorizada');
      expect(steps(note)).toEqual(['criada', 'envio', 'correcao_automatica', 'envio', 'autorizada']);
      expect(regras(note)).toContain('correcao.E0120');
      expect(await national(note.dps_id)).toHaveLength(1);
      expect((await eventsOfNote(http, note.id)).map((e) => e.tipo)).toEqual(['NFSE_AUTORIZADA']);
    }

    const again = await http.post(
      '/v1/lotes',
      { empresa_id: comIm, itens: [linha()] },
      { headers: { 'x-service-simular': 'rejeitar:E0120,E0116' } },
    );
    const rejected = await waitLote(http, again.body.id, settledStatus('concluido'));
    expect(rejected.contagens).toMatchObject({ rejeitada: 1 });
    const [line] = await allItens(http, rejected.id);
    expect(line!.rejeicao.codigo_oficial).toBe('E0116');
  });
});

describe('the corrected DPS after a crash or a lost answer: the Id is queried first, one note only', () => {
  let hop: Awaited<ReturnType<typeof startLossyHop>>;
  let restore: () => void;
  beforeAll(async () => {
    hop = await startLossyHop(k.t.app.simulator.url);
    // The service reaches the simulator through the hop.
    const gateway = k.t.app.engine.national;
    const client = gateway.client;
    gateway.client = (...args: Parameters<typeof client>) => ({ ...client.apply(gateway, args), baseUrl: hop.url });
    restore = () => void (gateway.client = client);
  });
  afterAll(async () => {
    restore?.();
    await hop?.close();
  });

  /**
   * The note once it leaves transmitindo. The retry after the lost call is made due at once instead of after its
   * 5 s backoff (the running worker claims it; a job it holds has a lease and is left alone).
   */
  async function settledWithRetriesDue(id: string) {
    const deadline = Date.now() + 30_000;
    for (;;) {
      await k.t.app.engine.db.transmissionJob.updateMany({
        where: { nfseId: id, lockedUntil: null },
        data: { runAt: new Date(0) },
      });
      const res = await http.get(`/v1/nfse/${id}`);
      expect(res.status, res.text).toBe(200);
      if (res.body.status !== 'transmitindo' || Date.now() > deadline) return res;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  it('the corrected DPS never arrived: the query finds nothing and the stored corrected DPS is sent', async () => {
    hop.lose('request', 1);
    const created = expectStatus(await issue(comIm, 'rejeitar:E0120', 'wait=0'), 202);
    const note = (await settledWithRetriesDue(created.id)).body;
    expect(note.status).toBe('autorizada');
    const tipos = steps(note);
    expect(tipos.slice(0, 3)).toEqual(['criada', 'envio', 'correcao_automatica']);
    expect(tipos.slice(-3)).toEqual(['consulta_dps', 'envio', 'autorizada']);
    expect(note.eventos.find((e: any) => e.tipo === 'consulta_dps').detalhe).toMatchObject({
      resultado: 'nao_encontrada',
    });
    expect(regras(note).filter((r: string) => r.startsWith('correcao.'))).toEqual(['correcao.E0120']);
    const held = await national(note.dps_id);
    expect(held).toHaveLength(1);
    expect(held[0]!.chave).toBe(note.chave_acesso);
    expect(await prestOf(note.id)).not.toContain('<IM>');
  });

  it('the corrected DPS was authorised but its answer lost: the query recovers that note, nothing is sent again', async () => {
    hop.lose('answer');
    const created = expectStatus(await issue(comIm, 'rejeitar:E0120', 'wait=0'), 202);
    const note = (await settledWithRetriesDue(created.id)).body;
    expect(note.status).toBe('autorizada');
    expect(steps(note).slice(0, 3)).toEqual(['criada', 'envio', 'correcao_automatica']);
    expect(steps(note).slice(-3)).toEqual(['consulta_dps', 'recuperada', 'autorizada']);
    expect(steps(note).filter((t: string) => t === 'envio')).toHaveLength(2);
    const held = await national(note.dps_id);
    expect(held).toHaveLength(1);
    expect(held[0]!.chave).toBe(note.chave_acesso);
    expect((await eventsOfNote(http, note.id)).map((e) => e.tipo)).toEqual(['NFSE_AUTORIZADA']);
  });
});
