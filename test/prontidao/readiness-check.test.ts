import { describe, expect, it } from 'vitest';
import { DAY, FakeClock, HOUR } from '../../src/engine/nucleo/clock.js';
import { runReadinessCheckIfDue } from '../../src/engine/prontidao/check-readiness-changes.js';
import { drainWebhooks } from '../../src/worker/webhook-worker.js';
import { httpClient } from '../support/http.js';
import type { SeededAccount } from '../support/seed.js';
import type { TestApp } from '../support/test-app.js';
import { startReceiver } from '../support/webhooks.js';
import { useTestApp } from '../support/use-test-app.js';

const clock = new FakeClock('2026-11-02T12:00:00Z');
let t: TestApp;
let account: SeededAccount;

useTestApp(
  (s) => ({ t, acct: account } = s),
  () => ({ clock, worker: false, env: { WEBHOOK_ALLOWED_CIDRS: '127.0.0.1/32' } }),
);

describe('EMPRESA_PRONTIDAO_ALTERADA (every 6 hours, production)', () => {
  it('re-checks every company on the clock every 6 hours and sends the readiness with alterados when an item changes', async () => {
    const receiver = await startReceiver();
    const company = await account.company({}, { certificate: { notAfterDays: 31 } });
    const hook = await httpClient(t.url, account.liveKey).post('/v1/webhooks', {
      url: `${receiver.url}/prontidao`,
      eventos: ['EMPRESA_PRONTIDAO_ALTERADA'],
    });
    expect(hook.status, hook.text).toBe(201);
    const events = () =>
      t.app.engine.db.event.findMany({ where: { accountId: account.accountId, tipo: 'EMPRESA_PRONTIDAO_ALTERADA' } });

    expect(await runReadinessCheckIfDue(t.app.engine)).toBe(0); // first check: records only
    clock.set(new Date(Date.parse('2026-11-02T12:00:00Z') + 5 * HOUR));
    expect(await runReadinessCheckIfDue(t.app.engine)).toBeNull(); // not due yet
    clock.set(new Date(Date.parse('2026-11-02T12:00:00Z') + 6 * HOUR));
    expect(await runReadinessCheckIfDue(t.app.engine)).toBe(0); // due, nothing changed yet
    expect(await events()).toHaveLength(0);

    // Two days later the certificate is in its last 30 days: certificado ok → aviso.
    clock.set(new Date(Date.parse('2026-11-02T12:00:00Z') + 2 * DAY));
    expect(await runReadinessCheckIfDue(t.app.engine)).toBe(1);
    expect(await runReadinessCheckIfDue(t.app.engine)).toBeNull(); // once per 6 hours, whoever asks
    const [event] = await events();
    expect(event!.environment).toBe('live');
    const dados = event!.dados as {
      empresa_id: string;
      situacao: string;
      itens: Array<{ item: string; situacao: string }>;
      alterados: unknown;
    };
    expect(dados.empresa_id).toBe(company.id);
    expect(dados.alterados).toEqual([{ item: 'certificado', de: 'ok', para: 'aviso' }]);
    expect(dados.itens.find((i) => i.item === 'certificado')!.situacao).toBe('aviso');

    await drainWebhooks(t.app.engine);
    expect(receiver.received.map((r) => r.body.tipo)).toEqual(['EMPRESA_PRONTIDAO_ALTERADA']);
    expect(receiver.received[0]!.body.dados.alterados).toEqual([{ item: 'certificado', de: 'ok', para: 'aviso' }]);

    clock.advance(6 * HOUR);
    expect(await runReadinessCheckIfDue(t.app.engine)).toBe(0); // unchanged since: no new event
    await receiver.close();
  });

  it('announces an item the last record does not hold when it is not ok, as a change from ok', async () => {
    const company = await account.company({}, { certificate: { notAfterDays: 10 } });
    const events = () =>
      t.app.engine.db.event.findMany({
        where: { accountId: account.accountId, tipo: 'EMPRESA_PRONTIDAO_ALTERADA' },
        orderBy: { seq: 'asc' },
      });
    const before = (await events()).length;
    clock.advance(6 * HOUR);
    await runReadinessCheckIfDue(t.app.engine);
    const snapshot = await t.app.engine.db.companyReadinessSnapshot.findUniqueOrThrow({
      where: { companyId: company.id },
    });
    const situacoes = { ...(snapshot.situacoes as Record<string, string>) };
    expect(situacoes.certificado).toBe('aviso');
    // A record written before the certificate item existed.
    delete situacoes.certificado;
    await t.app.engine.db.companyReadinessSnapshot.update({ where: { companyId: company.id }, data: { situacoes } });

    clock.advance(6 * HOUR);
    expect(await runReadinessCheckIfDue(t.app.engine)).toBeGreaterThanOrEqual(1);
    const mine = (await events())
      .slice(before)
      .filter((e) => (e.dados as { empresa_id: string }).empresa_id === company.id);
    expect(mine.map((e) => (e.dados as { alterados: unknown }).alterados)).toEqual([
      [{ item: 'certificado', de: 'ok', para: 'aviso' }],
    ]);
  });
});
