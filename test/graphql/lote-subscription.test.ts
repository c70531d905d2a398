// loteAtualizado over graphql-ws — the batch as committed at each status or count change, up
// to `concluido`; environment, account and company isolation as nfseAtualizada.
import { beforeAll, describe, expect, it } from 'vitest';
import { loteAccountTopic } from '../../src/engine/eventos/lote-topic.js';
import { httpClient } from '../support/http.js';
import { collect, watchBus, wsClients, type Collected } from '../support/subscriptions.js';
import { until } from '../support/wait.js';
import { linha } from '../support/lotes.js';
import { seedAccount, type SeededAccount, type SeededCompany } from '../support/seed.js';
import type { TestApp } from '../support/test-app.js';
import { useTestApp } from '../support/use-test-app.js';

let t: TestApp;
let acct: SeededAccount;
let a: SeededCompany;
let b: SeededCompany;
let bus: ReturnType<typeof watchBus>;

useTestApp((s) => ({ t, acct } = s));
beforeAll(async () => {
  bus = watchBus(t.app.engine, process.env.REDIS_URL);
  [a, b] = [await acct.company(), await acct.company()];
});
const client = wsClients(() => t.url);

const LOTES =
  'subscription($id: ID, $empresaId: ID) { loteAtualizado(id: $id, empresaId: $empresaId) { id empresaId ambiente status total contagens { autorizada aguardandoEmissao transmitindo comErroValidacao descartada } } }';

const createLote = async (companyId: string, itens: unknown[], aoValidar = 'emitir_validas') => {
  const res = await httpClient(t.url, acct.testKey).post('/v1/lotes', {
    empresa_id: companyId,
    ao_validar: aoValidar,
    itens,
  });
  expect(res.status, res.text).toBe(202);
  return res.body as { id: string };
};
const seen = (sub: Collected, id: string) =>
  sub.results.filter((r) => r.data?.loteAtualizado?.id === id).map((r) => r.data!.loteAtualizado);
const reached = (sub: Collected, id: string, status: string) => seen(sub, id).some((l) => l.status === status);

describe('loteAtualizado', () => {
  it('follows a batch to concluido with its counts; other accounts, environments and companies see nothing of it', async () => {
    const other = await seedAccount(t.app.engine, 'Outra conta');
    const topic = loteAccountTopic(acct.accountId, 'test');
    const before = bus.opened(topic);
    const ofA = collect(client(acct.testKey), LOTES, { empresaId: a.id });
    const all = collect(client(acct.testKey), LOTES);
    const restrictedToB = collect(client(await acct.key('test', b.id)), LOTES);
    const live = collect(client(acct.liveKey), LOTES);
    const foreign = collect(client(other.testKey), LOTES);
    await bus.live(topic, before + 3);
    await bus.live(loteAccountTopic(acct.accountId, 'live'));
    await bus.live(loteAccountTopic(other.accountId, 'test'));

    const loteA = await createLote(a.id, [linha(), linha(), linha({ valor: 'x' })]);
    const loteB = await createLote(b.id, [linha()]);
    await until(() => reached(ofA, loteA.id, 'concluido'), 'batch A concluido on the company subscription', 30_000);
    await until(
      () => reached(all, loteA.id, 'concluido') && reached(all, loteB.id, 'concluido'),
      'both batches on the account subscription',
      30_000,
    );
    await until(() => reached(restrictedToB, loteB.id, 'concluido'), 'batch B on the restricted key', 30_000);

    // One delivery per committed change (creation, validation, note creation, each commit settling notes: a worker
    // round authorises its notes in one; the conclusion rides on the last), each the batch as read after that commit,
    // so never going back once concluido.
    const states = seen(ofA, loteA.id);
    expect(states.length).toBeGreaterThanOrEqual(4);
    const done = states.find((l) => l.status === 'concluido')!;
    expect(done).toMatchObject({
      empresaId: a.id,
      ambiente: 'sandbox',
      total: 3,
      contagens: { autorizada: 2, comErroValidacao: 1, transmitindo: 0, aguardandoEmissao: 0 },
    });
    expect(states.slice(states.indexOf(done)).every((l) => l.status === 'concluido')).toBe(true);

    expect(ofA.results.every((r) => r.errors === undefined)).toBe(true);
    expect(new Set(ofA.results.map((r) => r.data?.loteAtualizado.id))).toEqual(new Set([loteA.id]));
    expect(new Set(restrictedToB.results.map((r) => r.data?.loteAtualizado.id))).toEqual(new Set([loteB.id]));
    expect(live.results).toEqual([]);
    expect(foreign.results).toEqual([]);
    for (const s of [ofA, all, restrictedToB, live, foreign]) s.dispose();
  });

  it('one batch by id: emission after aguardar takes it from aguardando_emissao to concluido', async () => {
    const lote = await createLote(a.id, [linha(), linha()], 'aguardar');
    const http = httpClient(t.url, acct.testKey);
    await until(
      async () => (await http.get(`/v1/lotes/${lote.id}`)).body.status === 'aguardando_emissao',
      'validation',
      30_000,
    );
    const sub = collect(client(acct.testKey), LOTES, { id: lote.id });
    // The first delivery is the batch as the open subscription finds it; every change after it follows.
    await until(() => sub.results.length > 0, 'the batch as it is', 5_000);
    const res = await http.post(`/v1/lotes/${lote.id}/emissao`, { linhas: [1] });
    expect(res.status, res.text).toBe(200);
    await until(() => reached(sub, lote.id, 'concluido'), 'concluido', 30_000);
    const states = seen(sub, lote.id);
    expect(states[0]!.status).toBe('aguardando_emissao');
    // Then the emission's commit (the other line descartada) or a later state.
    expect(states[1]!.status).not.toBe('aguardando_emissao');
    expect(states[1]!.contagens.descartada).toBe(1);
    expect(states.find((l) => l.status === 'concluido')!.contagens).toMatchObject({ autorizada: 1, descartada: 1 });
    expect(sub.results.every((r) => r.errors === undefined && r.data!.loteAtualizado.id === lote.id)).toBe(true);
    sub.dispose();
  });

  it("is refused on subscribe for another company of a restricted key, or another account's batch", async () => {
    const refused = collect(client(await acct.key('test', b.id)), LOTES, { empresaId: a.id });
    await until(() => refused.done, 'the refusal');
    expect(refused.results).toHaveLength(1);
    expect(refused.results[0]!.errors?.[0]?.extensions?.codigo).toBe('acesso_negado');

    const lote = await createLote(a.id, [linha()]);
    const restricted = collect(client(await acct.key('test', b.id)), LOTES, { id: lote.id });
    const other = await seedAccount(t.app.engine, 'Conta alheia');
    const foreign = collect(client(other.testKey), LOTES, { id: lote.id });
    await until(() => restricted.done && foreign.done, 'the refusals');
    expect(restricted.results[0]!.errors?.[0]?.extensions?.codigo).toBe('lote_nao_encontrado');
    expect(foreign.results[0]!.errors?.[0]?.extensions?.codigo).toBe('lote_nao_encontrado');
  });
});
