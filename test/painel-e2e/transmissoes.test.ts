import { describe, expect, it } from 'vitest';
import { FakeClock } from '../../src/engine/nucleo/clock.js';
import { drainJobs } from '../../src/worker/start-worker.js';
import { expectStatus } from '../support/http.js';
import { nfseBody } from '../support/nfse.js';
import { openMenu, screenshot, signIn } from '../support/painel-browser.js';
import { usePainel, type Painel } from '../support/use-painel.js';
import { waitFor } from '../support/wait.js';

// No background worker: the test runs the transmissions itself. One attempt per job, so an outage kills it.
const clock = new FakeClock('2026-11-02T12:00:00Z');
let p: Painel;
usePainel(
  (started) => (p = started),
  () => ({ worker: false, clock, env: { JOB_MAX_ATTEMPTS: '1' } }),
);

describe('dead transmissions, in a real browser', () => {
  it('lists a dead NFS-e with its reference and reason; "Tentar novamente" sends it again', async () => {
    const engine = p.t.app.engine;
    const jobOf = (nfseId: string) => engine.db.transmissionJob.findFirstOrThrow({ where: { nfseId } });
    p.t.app.simulator.startOutage({ calls: 1 });
    const body = nfseBody(p.company.id, { referencia: 'pedido-painel-1' });
    const note = expectStatus(await p.live.post('/v1/nfse', body, { headers: { prefer: 'wait=0' } }), 202);
    await waitFor(async () => (await jobOf(note.id)).lockedUntil === null, 'the first attempt to end');
    clock.advance(60_000);
    await drainJobs(engine);
    const job = await jobOf(note.id);
    expect(job.deadAt).not.toBeNull();

    await signIn(p.page, p.t.url, p.email, p.senha);
    await openMenu(p.page, 'Transmissões desistidas', 'Transmissões desistidas');
    const row = p.page.locator(`tr[data-transmissao="${job.id}"]`);
    await row.waitFor();
    const text = await row.textContent();
    expect(text).toContain(note.id);
    expect(text).toContain('pedido-painel-1');
    expect(text).toContain('NFS-e');
    expect(text).toContain('A transmissão desistiu após 1 tentativas.');
    await screenshot(p.page, 'transmissoes');

    await row.getByRole('button', { name: /^Tentar novamente/ }).click();
    await row.waitFor({ state: 'detached' });
    await expect.poll(() => p.page.locator('.resumo').textContent()).toBe('0 transmissão(ões) desistida(s)');
    expect((await jobOf(note.id)).deadAt).toBeNull();

    await drainJobs(engine);
    expect(expectStatus(await p.live.get(`/v1/nfse/${note.id}`), 200).status).toBe('autorizada');
  });

  it('ran without a script error or anything the Content-Security-Policy refused', () => {
    expect(p.problems).toEqual([]);
  });
});
