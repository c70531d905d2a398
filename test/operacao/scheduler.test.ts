import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { purgeEvents, EVENT_RETENTION } from '../../src/engine/eventos/purge-events.js';
import { DAY, FakeClock, HOUR } from '../../src/engine/nucleo/clock.js';
import { newId } from '../../src/engine/nucleo/new-id.js';
import { READINESS_JOB } from '../../src/engine/prontidao/check-readiness-changes.js';
import { startScheduler, type ScheduledTask } from '../../src/worker/start-scheduler.js';
import { startWebhookWorker } from '../../src/worker/webhook-worker.js';
import { startWorker } from '../../src/worker/start-worker.js';
import type { SeededAccount } from '../support/seed.js';
import type { TestApp } from '../support/test-app.js';
import { useTestApp } from '../support/use-test-app.js';

const clock = new FakeClock('2026-11-02T12:00:00Z');
let t: TestApp;
let acct: SeededAccount;

useTestApp(
  (s) => ({ t, acct } = s),
  () => ({ clock, worker: false }),
);

const deps = () => t.app.engine;

/** Waits until `done` holds, checking every 10 ms, up to 10 s. */
async function until(done: () => boolean | Promise<boolean>): Promise<void> {
  const end = Date.now() + 10_000;
  while (!(await done())) {
    if (Date.now() > end) throw new Error('condition not reached in 10 s');
    await sleep(10);
  }
}

/** A job that records who ran it and how many of its runs overlapped. */
function countedTask(name: string, everyMs: number) {
  const runs: string[] = [];
  let running = 0;
  let overlapped = 0;
  const task = (who: string): ScheduledTask => ({
    name,
    everyMs,
    run: async () => {
      running++;
      if (running > 1) overlapped++;
      runs.push(who);
      await sleep(30);
      running--;
    },
  });
  return { runs, task, overlapped: () => overlapped };
}

const row = (name: string) => t.app.engine.db.scheduledJob.findUnique({ where: { name } });

describe('the scheduler', () => {
  it('runs a job once per period across two schedulers on one database, never two runs at once', async () => {
    const job = countedTask('teste_dois_processos', HOUR);
    const a = startScheduler(deps(), [job.task('a')], { checkMs: 5 });
    const b = startScheduler(deps(), [job.task('b')], { checkMs: 5 });
    try {
      await until(() => job.runs.length === 1);
      // Both keep looking every 5 ms: nobody runs it again within the period.
      await sleep(300);
      expect(job.runs).toHaveLength(1);
      clock.advance(HOUR);
      await until(() => job.runs.length === 2);
      await sleep(300);
      expect(job.runs).toHaveLength(2);
      expect(job.overlapped()).toBe(0);
    } finally {
      await Promise.all([a.stop(), b.stop()]);
    }
    expect(await row('teste_dois_processos')).toMatchObject({ owner: null, leaseUntil: null });
  });

  it('runs a job missed while every process was down once on start, not once per missed period', async () => {
    const job = countedTask('teste_perdido', HOUR);
    await t.app.engine.db.scheduledJob.create({
      data: { name: 'teste_perdido', nextRunAt: new Date(clock.now().getTime() - 10 * HOUR) },
    });
    const s = startScheduler(deps(), [job.task('a')], { checkMs: 5 });
    try {
      await until(() => job.runs.length === 1);
      await sleep(300);
      expect(job.runs).toHaveLength(1);
    } finally {
      await s.stop();
    }
    expect((await row('teste_perdido'))!.nextRunAt).toEqual(new Date(clock.now().getTime() + HOUR));
  });

  it('takes over a run whose holder died once its lease ran out, not before', async () => {
    const job = countedTask('teste_dono_morto', HOUR);
    const now = clock.now().getTime();
    // Taken a minute ago by a process that died: its next run was set an hour ahead, its lease not renewed.
    await t.app.engine.db.scheduledJob.create({
      data: {
        name: 'teste_dono_morto',
        nextRunAt: new Date(now + HOUR - 60_000),
        owner: 'morto',
        leaseUntil: new Date(now + 30_000),
      },
    });
    const s = startScheduler(deps(), [job.task('a')], { checkMs: 5 });
    try {
      await sleep(200);
      expect(job.runs).toHaveLength(0);
      clock.advance(31_000);
      await until(() => job.runs.length === 1);
    } finally {
      await s.stop();
    }
  });
});

describe('purges', () => {
  it('delete expired rows in chunks of the configured size', async () => {
    const old = new Date(clock.now().getTime() - EVENT_RETENTION - DAY);
    const event = (seq: number, createdAt: Date) => ({
      id: newId(),
      accountId: acct.accountId,
      environment: 'test' as const,
      seq: BigInt(1_000_000 + seq),
      tipo: 'TESTE_EXPURGO',
      dados: {},
      createdAt,
    });
    await t.app.engine.db.event.createMany({
      data: [
        ...Array.from({ length: 2_500 }, (_, i) => event(i, old)),
        ...Array.from({ length: 10 }, (_, i) => event(10_000 + i, clock.now())),
      ],
    });
    const chunks: number[] = [];
    expect(await purgeEvents(deps(), { chunkRows: 1000, onChunk: (n) => chunks.push(n) })).toBe(2_500);
    expect(chunks).toEqual([1000, 1000, 500]);
    expect(await t.app.engine.db.event.count({ where: { tipo: 'TESTE_EXPURGO' } })).toBe(10);
    await t.app.engine.db.event.deleteMany({ where: { tipo: 'TESTE_EXPURGO' } });
  });
});

describe('the delivery and transmission loops', () => {
  it('the webhook worker does not run the readiness check', async () => {
    await t.app.engine.db.scheduledJob.deleteMany({ where: { name: READINESS_JOB } });
    const worker = startWebhookWorker(t.app.engine, { pollMs: 5 });
    await sleep(100);
    await worker.stop();
    expect(await row(READINESS_JOB)).toBeNull();
  });

  it('the transmission worker does not purge', async () => {
    const id = newId();
    const old = new Date(clock.now().getTime() - EVENT_RETENTION - DAY);
    await t.app.engine.db.event.create({
      data: {
        id,
        accountId: acct.accountId,
        environment: 'test',
        seq: 2_000_000n,
        tipo: 'TESTE',
        dados: {},
        createdAt: old,
      },
    });
    const worker = startWorker(t.app.engine, { pollMs: 5 });
    await sleep(100);
    await worker.stop();
    expect(await t.app.engine.db.event.count({ where: { id } })).toBe(1);
    await t.app.engine.db.event.delete({ where: { id } });
  });
});
