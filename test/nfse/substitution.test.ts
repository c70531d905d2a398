import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildAccessKey } from '../../src/engine/nfse/nacional/access-key.js';
import { FakeClock, MINUTE } from '../../src/engine/nucleo/clock.js';
import { drainJobs } from '../../src/worker/start-worker.js';
import { eventsOfNote } from '../support/eventos.js';
import { expectProblem, expectStatus } from '../support/http.js';
import { startKit, type NationalApiKit } from '../support/nfse-api.js';
import { waitFor } from '../support/wait.js';

const clock = new FakeClock('2026-11-02T12:00:00Z');
let k: NationalApiKit;
beforeAll(async () => {
  // The timeout scenario waits this long for an answer that never comes.
  k = await startKit({ clock, worker: false, nationalTimeoutMs: 2_000 });
});
afterAll(() => k?.close());
beforeEach(() => clock.advance(MINUTE));

const sim = () => k.t.app.simulator;
const get = async (id: string, client = k.http) => expectStatus(await client.get(`/v1/nfse/${id}`), 200);
const subst = (over: Record<string, unknown>) => ({ substituicao: { codigo_motivo: '01', ...over } });

describe('substitution (substituicao) through the API', () => {
  it('an authorised substitute cancels the original: cancelada, substituida_por, NFSE_CANCELADA of the original', async () => {
    const original = expectStatus(await k.issue(), 201);
    const substitute = expectStatus(await k.issue({ body: subst({ nfse_id: original.id }) }), 201);
    expect(substitute.status).toBe('autorizada');
    expect(substitute.substitui).toBe(original.id);

    const after = await get(original.id);
    expect(after.status).toBe('cancelada');
    expect(after.substituida_por).toBe(substitute.id);
    expect(after.cancelamento).toMatchObject({
      tipo: 'substituicao',
      substituida_por: substitute.id,
      chave_substituta: substitute.chave_acesso,
    });
    const cancelled = await eventsOfNote(k.http, original.id, 'NFSE_CANCELADA');
    expect(cancelled).toHaveLength(1);
    expect(cancelled[0]!.dados.substituida_por).toBe(substitute.id);
    expect(await eventsOfNote(k.http, substitute.id, 'NFSE_AUTORIZADA')).toHaveLength(1);
    // The national side registered the substitution (event 105102) and links both keys.
    expect(sim().note(original.chave_acesso)).toMatchObject({
      status: 'substituida',
      substitutaChave: substitute.chave_acesso,
    });
    const xml = await k.http.get(`/v1/nfse/${substitute.id}/xml`);
    expect(xml.text).toContain(`<chSubstda>${original.chave_acesso}</chSubstda>`);

    // Already substituted: E0046 before anything is transmitted.
    const again = expectProblem(await k.issue({ body: subst({ nfse_id: original.id }) }), 422, 'substituicao_recusada');
    expect(again.codigo_oficial).toBe('E0046');
  });

  it('a rejected substitute leaves the original autorizada', async () => {
    const original = expectStatus(await k.issue(), 201);
    const problem = expectProblem(
      await k.issue({ simular: 'rejeitar', body: subst({ nfse_id: original.id }) }),
      422,
      'nfse_rejeitada',
    );
    expect(problem.nfse.substitui).toBe(original.id);
    const after = await get(original.id);
    expect(after.status).toBe('autorizada');
    expect(after.substituida_por).toBeNull();
    expect(await eventsOfNote(k.http, original.id, 'NFSE_CANCELADA')).toHaveLength(0);
    expect(sim().note(original.chave_acesso)?.status).toBe('autorizada');
  });

  it('E0046: a cancelled note cannot be substituted (refused before transmission)', async () => {
    const original = expectStatus(await k.issue(), 201);
    expectStatus(
      await k.http.post(`/v1/nfse/${original.id}/cancelamento`, {
        codigo_motivo: '1',
        motivo: 'Erro no valor do serviço',
      }),
      200,
    );
    const before = sim().notes().length;
    const problem = expectProblem(
      await k.issue({ body: subst({ nfse_id: original.id }) }),
      422,
      'substituicao_recusada',
    );
    expect(problem.codigo_oficial).toBe('E0046');
    expect(problem.campo).toBe('/substituicao');
    expect(sim().notes()).toHaveLength(before);
  });

  it('E0065: nfse_id of the other environment, and a chave_acesso whose environment digit is the other environment', async () => {
    const live = expectStatus(await k.issue({ client: k.live }), 201);
    const test = expectStatus(await k.issue(), 201);
    // Position 8 of the key marks the environment (1 production, 2 test).
    expect(live.chave_acesso[7]).toBe('1');
    expect(test.chave_acesso[7]).toBe('2');
    const before = sim().notes().length;

    const byId = expectProblem(await k.issue({ body: subst({ nfse_id: live.id }) }), 422, 'substituicao_recusada');
    expect(byId.codigo_oficial).toBe('E0065');
    const byKey = expectProblem(
      await k.issue({ body: subst({ chave_acesso: live.chave_acesso }) }),
      422,
      'substituicao_recusada',
    );
    expect(byKey.codigo_oficial).toBe('E0065');
    const foreignProductionKey = buildAccessKey({
      cMun: '3550308',
      ambGer: '1',
      CNPJ: k.company.cnpj,
      nNFSe: 77,
      emissao: clock.now(),
    });
    expect(
      expectProblem(
        await k.issue({ body: subst({ chave_acesso: foreignProductionKey }) }),
        422,
        'substituicao_recusada',
      ).codigo_oficial,
    ).toBe('E0065');
    const liveWithTestKey = expectProblem(
      await k.issue({ client: k.live, body: subst({ chave_acesso: test.chave_acesso }) }),
      422,
      'substituicao_recusada',
    );
    expect(liveWithTestKey.codigo_oficial).toBe('E0065');
    expect(sim().notes()).toHaveLength(before);

    // Same environment by chave_acesso works, and cancels the original.
    const substitute = expectStatus(
      await k.issue({ client: k.live, body: subst({ chave_acesso: live.chave_acesso }) }),
      201,
    );
    expect(substitute.ambiente).toBe('producao');
    expect((await get(live.id, k.live)).status).toBe('cancelada');
  });

  it('E0078: codigo_motivo 99 without motivo is refused by validation', async () => {
    const original = expectStatus(await k.issue(), 201);
    const problem = expectProblem(
      await k.issue({ body: subst({ nfse_id: original.id, codigo_motivo: '99' }) }),
      422,
      'validacao',
    );
    const item = problem.erros.find((e: { campo: string }) => e.campo === '/substituicao/motivo');
    expect(item).toMatchObject({ codigo: 'motivo_obrigatorio', codigo_oficial: 'E0078' });
    expect((await get(original.id)).status).toBe('autorizada');
  });

  it('another substitution in progress is refused; the original cannot be cancelled meanwhile; the first one completes', async () => {
    const original = expectStatus(await k.issue(), 201);
    const pending = expectStatus(
      await k.issue({ simular: 'timeout', wait: 0, body: subst({ nfse_id: original.id }) }),
      202,
    );
    const second = expectProblem(
      await k.issue({ body: subst({ nfse_id: original.id }) }),
      422,
      'substituicao_recusada',
    );
    expect(second.mensagem).toContain(pending.id);
    expectProblem(
      await k.http.post(`/v1/nfse/${original.id}/cancelamento`, {
        codigo_motivo: '1',
        motivo: 'Erro no valor do serviço',
      }),
      409,
      'nfse_nao_cancelavel',
    );

    await waitFor(async () => {
      const job = await k.t.app.engine.db.transmissionJob.findFirst({ where: { nfseId: pending.id } });
      return !job || job.lockedUntil === null;
    }, 'first attempt');
    clock.advance(5_000);
    await drainJobs(k.t.app.engine);
    expect((await get(pending.id)).status).toBe('autorizada');
    const after = await get(original.id);
    expect(after.status).toBe('cancelada');
    expect(after.substituida_por).toBe(pending.id);
    expect(await eventsOfNote(k.http, original.id, 'NFSE_CANCELADA')).toHaveLength(1);
  });
});
