import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FakeClock, MINUTE } from '../../src/engine/nucleo/clock.js';
import { drainJobs } from '../../src/worker/start-worker.js';
import { eventsOfNote } from '../support/eventos.js';
import { graphql } from '../support/graphql.js';
import { expectProblem, expectStatus } from '../support/http.js';
import { steps } from '../support/nfse.js';
import { startKit, type NationalApiKit } from '../support/nfse-api.js';
import { waitFor } from '../support/wait.js';

const clock = new FakeClock('2026-11-02T12:00:00Z');
let k: NationalApiKit;
beforeAll(async () => {
  k = await startKit({ clock, worker: false, nationalTimeoutMs: 4_000 });
});
afterAll(() => k?.close());
beforeEach(() => clock.advance(MINUTE));

const DISCARD = `mutation($id: String!) { discardNfse(id: $id) {
  __typename ... on Nfse { id status falha { dpsEnviada } } ... on DomainError { codigo mensagem correcao } } }`;
// The test clock stands still unless moved: a second later, the discard's timeline steps come after the issuance's.
const discard = async (id: string, key = k.account.testKey) => {
  clock.advance(1_000);
  return (await graphql(k.t.url, key, DISCARD, { id })).discardNfse;
};
const get = async (id: string) => expectStatus(await k.http.get(`/v1/nfse/${id}`), 200);
const db = () => k.t.app.engine.db;

/** A note stored as failed with an unknown outcome (what recovery leaves when it cannot learn it). */
const markUnknown = (id: string) =>
  db().nfse.update({
    where: { id },
    data: {
      status: 'falha_transmissao',
      falha: { dps_enviada: 'desconhecido', motivo: 'Não foi possível consultar a DPS.' },
    },
  });

describe('discardNfse (GraphQL): falha_transmissao → descartada', () => {
  it('discards a note whose DPS never left (dps_enviada nao) with no event, only once', async () => {
    const failed = expectProblem(await k.issue({ simular: 'falha_transmissao:nao' }), 422, 'falha_transmissao').nfse;
    const eventsBefore = await eventsOfNote(k.http, failed.id);
    const discarded = await discard(failed.id);
    expect(discarded).toMatchObject({
      __typename: 'Nfse',
      id: failed.id,
      status: 'descartada',
      falha: { dpsEnviada: 'nao' },
    });
    const note = await get(failed.referencia);
    expect(note.status).toBe('descartada');
    expect(steps(note).at(-1)).toBe('descartada');
    expect(steps(note)).not.toContain('consulta_dps');
    expect(await eventsOfNote(k.http, failed.id)).toEqual(eventsBefore);
    // descartada is final.
    expect(await discard(failed.id)).toMatchObject({ __typename: 'DomainError', codigo: 'nfse_nao_descartavel' });
  });

  it('refuses while the national system cannot tell whether the DPS arrived; the note stays failed', async () => {
    const created = expectStatus(await k.issue({ simular: 'falha_transmissao', wait: 0 }), 202);
    await waitFor(async () => {
      const job = await db().transmissionJob.findFirst({ where: { nfseId: created.id } });
      return !job || job.lockedUntil === null;
    }, 'first attempt');
    clock.advance(5_000);
    await drainJobs(k.t.app.engine);
    expect((await get(created.id)).falha.dps_enviada).toBe('desconhecido');
    const refused = await discard(created.id);
    expect(refused).toMatchObject({ __typename: 'DomainError', codigo: 'nfse_dps_nao_verificada' });
    expect(refused.mensagem).toContain(created.dps_id);
    expect((await get(created.id)).status).toBe('falha_transmissao');
  });

  it('discards an unknown outcome once the DPS query says the national system never got it', async () => {
    const failed = expectProblem(await k.issue({ simular: 'falha_transmissao:nao' }), 422, 'falha_transmissao').nfse;
    await markUnknown(failed.id);
    expect(await discard(failed.id)).toMatchObject({
      __typename: 'Nfse',
      status: 'descartada',
      falha: { dpsEnviada: 'desconhecido' },
    });
    const note = await get(failed.id);
    expect(steps(note).slice(-2)).toEqual(['consulta_dps', 'descartada']);
    expect(note.eventos.find((e: { tipo: string }) => e.tipo === 'consulta_dps').detalhe).toEqual({
      resultado: 'nao_encontrada',
    });
  });

  it('refuses when the DPS produced a note at the national side, naming its key; the query is on the timeline', async () => {
    const issued = expectStatus(await k.issue(), 201);
    await markUnknown(issued.id);
    const refused = await discard(issued.id);
    expect(refused).toMatchObject({ __typename: 'DomainError', codigo: 'nfse_dps_no_sistema_nacional' });
    expect(refused.mensagem).toContain(issued.chave_acesso);
    const note = await get(issued.id);
    expect(note.status).toBe('falha_transmissao');
    expect(note.eventos.find((e: { tipo: string }) => e.tipo === 'consulta_dps')).toMatchObject({
      detalhe: { resultado: 'encontrada', chave_acesso: issued.chave_acesso },
    });
  });

  it('refuses any other status with nfse_nao_descartavel, and notes of another environment or account are not found', async () => {
    const issued = expectStatus(await k.issue(), 201);
    const refused = await discard(issued.id);
    expect(refused).toMatchObject({ __typename: 'DomainError', codigo: 'nfse_nao_descartavel' });
    expect(refused.correcao).toMatch(/cancelamento/);
    expect((await get(issued.id)).status).toBe('autorizada');
    const failed = expectProblem(await k.issue({ simular: 'falha_transmissao:nao' }), 422, 'falha_transmissao').nfse;
    expect(await discard(failed.id, k.account.liveKey)).toMatchObject({
      __typename: 'DomainError',
      codigo: 'nfse_nao_encontrada',
    });
    expect((await get(failed.id)).status).toBe('falha_transmissao');
  });
});
