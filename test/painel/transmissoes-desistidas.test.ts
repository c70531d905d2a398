// The panel lists the account's dead transmission jobs and retries one: another account's job is not found, an
// API key gets acesso_negado, and a retried NFS-e goes back to transmitindo and is then authorised by the worker.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeClock } from '../../src/engine/nucleo/clock.js';
import { drainJobs } from '../../src/worker/start-worker.js';
import { dashboardGraphql, nodes } from '../support/graphql.js';
import { expectStatus, httpClient, type HttpResponse } from '../support/http.js';
import { startKit, type NationalApiKit } from '../support/nfse-api.js';
import { nfseBody } from '../support/nfse.js';
import { seedPessoa, signInPanel, type Panel } from '../support/painel.js';
import { seedAccount } from '../support/seed.js';
import { waitFor } from '../support/wait.js';

const clock = new FakeClock('2026-11-02T12:00:00Z');
let k: NationalApiKit;
let panelA: Panel;
let panelB: Panel;
let deadA: { id: string; referencia: string | null };
let deadB: string;

const engine = () => k.t.app.engine;
const jobOf = (nfseId: string) => engine().db.transmissionJob.findFirstOrThrow({ where: { nfseId } });

/** A production note whose only attempt meets an outage; with JOB_MAX_ATTEMPTS 1 the next claim buries its job. */
async function deadNote(post: () => Promise<HttpResponse>): Promise<{ id: string }> {
  k.t.app.simulator.startOutage({ calls: 1 });
  const created: { id: string } = expectStatus(await post(), 202);
  await waitFor(async () => (await jobOf(created.id)).lockedUntil === null, 'the first attempt to end');
  return created;
}

const LIST = `query($first: Int, $after: String) { transmissoesDesistidas(first: $first, after: $after) {
  totalCount pageInfo { hasNextPage endCursor }
  edges { node { id documento documentoId referencia tentativas motivo desistiuEm } } } }`;
const RETRY = `mutation($id: ID!) { retryTransmissao(id: $id) {
  __typename ... on TransmissaoRetomada { id documento documentoId status } ... on DomainError { codigo mensagem } } }`;

beforeAll(async () => {
  k = await startKit({ clock, worker: false, env: { JOB_MAX_ATTEMPTS: '1' } });
  const b = await seedAccount(engine(), 'Conta B');
  const companyB = await b.company();
  panelA = await signInPanel(k.t.url, await seedPessoa(engine(), k.account.accountId));
  panelB = await signInPanel(k.t.url, await seedPessoa(engine(), b.accountId));
  const liveB = httpClient(k.t.url, b.liveKey);
  const a = await deadNote(() => k.issue({ client: k.live, wait: 0, body: { referencia: 'pedido-7' } }));
  const other = await deadNote(() => liveB.post('/v1/nfse', nfseBody(companyB.id), { headers: { prefer: 'wait=0' } }));
  // A test-environment note that dies too: the panel (production) never lists it.
  await deadNote(() => k.issue({ wait: 0 }));
  clock.advance(60_000);
  await drainJobs(engine());
  deadA = { id: (await jobOf(a.id)).id, referencia: 'pedido-7' };
  deadB = (await jobOf(other.id)).id;
  expect((await jobOf(a.id)).deadAt).not.toBeNull();
  expect((await jobOf(other.id)).deadAt).not.toBeNull();
}, 60_000);
afterAll(() => k?.close());

describe('dead transmission jobs in the panel', () => {
  it("lists the account's production dead jobs only, with the note, reference, attempts and reason", async () => {
    const res = await panelA.gql(LIST);
    expect(res.errors).toBeUndefined();
    expect(res.data.transmissoesDesistidas.totalCount).toBe(1);
    const job = await jobOf((await engine().db.transmissionJob.findUniqueOrThrow({ where: { id: deadA.id } })).nfseId!);
    expect(nodes(res.data.transmissoesDesistidas)).toEqual([
      {
        id: deadA.id,
        documento: 'nfse',
        documentoId: job.nfseId,
        referencia: 'pedido-7',
        tentativas: job.attempts,
        motivo: 'A transmissão desistiu após 1 tentativas.',
        desistiuEm: job.deadAt!.toISOString(),
      },
    ]);
    const b = await panelB.gql(LIST);
    expect(nodes(b.data.transmissoesDesistidas).map((n) => n.id)).toEqual([deadB]);
  });

  it('pages forward by cursor', async () => {
    const first = await panelA.gql(LIST, { first: 1 });
    expect(first.data.transmissoesDesistidas.pageInfo.hasNextPage).toBe(false);
    const after = await panelA.gql(LIST, { after: first.data.transmissoesDesistidas.pageInfo.endCursor });
    expect(nodes(after.data.transmissoesDesistidas)).toEqual([]);
    const bad = await panelA.gql(LIST, { after: 'nope' });
    expect(bad.errors?.[0]?.extensions?.codigo).toBe('parametro_invalido');
  });

  it('an API key gets acesso_negado for the list and the retry', async () => {
    const api = dashboardGraphql(() => ({ url: k.t.url, key: k.account.liveKey }));
    const list = await api.gql(LIST);
    expect(list.data).toBeNull();
    expect(list.errors?.[0]?.extensions?.codigo).toBe('acesso_negado');
    const retry = await api.gql(RETRY, { id: deadA.id });
    expect(retry.data.retryTransmissao).toMatchObject({ __typename: 'DomainError', codigo: 'acesso_negado' });
  });

  it("another account's job, or an id that is no job, is not found and stays dead", async () => {
    for (const id of [deadB, 'not-a-uuid']) {
      const res = await panelA.gql(RETRY, { id });
      expect(res.data.retryTransmissao).toMatchObject({ __typename: 'DomainError', codigo: 'nao_encontrado' });
    }
    expect((await engine().db.transmissionJob.findUniqueOrThrow({ where: { id: deadB } })).deadAt).not.toBeNull();
  });

  it('a retry puts the note back in transmitindo; the worker then authorises it', async () => {
    const res = await panelA.gql(RETRY, { id: deadA.id });
    const noteId = (await engine().db.transmissionJob.findUniqueOrThrow({ where: { id: deadA.id } })).nfseId!;
    expect(res.data.retryTransmissao).toEqual({
      __typename: 'TransmissaoRetomada',
      id: deadA.id,
      documento: 'nfse',
      documentoId: noteId,
      status: 'transmitindo',
    });
    expect((await panelA.gql(LIST)).data.transmissoesDesistidas.totalCount).toBe(0);
    const again = await panelA.gql(RETRY, { id: deadA.id });
    expect(again.data.retryTransmissao).toMatchObject({ codigo: 'nao_encontrado' });

    await drainJobs(engine());
    const note = expectStatus(await k.live.get(`/v1/nfse/${noteId}`), 200);
    expect(note.status).toBe('autorizada');
    expect(note.eventos.map((e: { tipo: string }) => e.tipo)).toContain('nova_tentativa');
  });
});
