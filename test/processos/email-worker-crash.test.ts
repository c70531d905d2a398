import type { ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanUpChildren } from '../support/child-service.js';
import { expectStatus, httpClient } from '../support/http.js';
import { nfseBody } from '../support/nfse.js';
import { usingPostgres } from '../support/test-app.js';
import { TestSmtp } from '../support/test-smtp.js';
import { startChild, stopChild } from '../support/webhook-children.js';

const dataDir = mkdtempSync(join(tmpdir(), 'fiscal-api-email-crash-'));
const children: ChildProcess[] = [];
const smtp = new TestSmtp();
beforeAll(() => smtp.up());
afterAll(async () => {
  await cleanUpChildren(children, dataDir, null);
  await smtp.down();
});

// One embedded database (DATA_DIR) used by one process after the other, as a single-machine install restarts.
describe.skipIf(usingPostgres())('a process killed with SIGKILL while it sends an NFS-e e-mail', () => {
  it('sends the e-mail again after restart: the job is not lost, the note shows the attempt that went through', async () => {
    // The server takes the message and never answers: the process is inside the send when it is killed.
    smtp.hang = 1;
    const env = { DATA_DIR: dataDir, ...smtp.env() };
    const first = await startChild({ ...env, CHILD_SEED: 'empresa' }, children);
    const http = httpClient(first.info.url, first.info.liveKey);
    const note = expectStatus(await http.post('/v1/nfse', nfseBody(first.info.companyId)), 201);
    expectStatus(await http.post(`/v1/nfse/${note.id}/email`, { destinatarios: ['contas@cliente.test'] }), 202);
    for (let i = 0; i < 200 && smtp.started === 0; i++) await new Promise((r) => setTimeout(r, 50));
    expect(smtp.started).toBe(1);
    expect(await stopChild(first, 'SIGKILL')).toBe('SIGKILL');
    expect(smtp.mails).toHaveLength(0);

    // The restarted process ends the dead one's leases on the embedded database and its worker sends the e-mail.
    const second = await startChild(env, children);
    const after = httpClient(second.info.url, first.info.liveKey);
    let steps: Array<{ tipo: string; detalhe: any }> = [];
    for (let i = 0; i < 300 && !steps.some((s) => s.tipo === 'email_enviado'); i++) {
      await new Promise((r) => setTimeout(r, 100));
      steps = expectStatus(await after.get(`/v1/nfse/${note.id}`), 200).eventos.filter((e: { tipo: string }) =>
        e.tipo.startsWith('email_'),
      );
    }
    expect(steps).toEqual([
      expect.objectContaining({
        tipo: 'email_enviado',
        detalhe: expect.objectContaining({ destinatarios: ['contas@cliente.test'], tentativa: 2 }),
      }),
    ]);
    expect(smtp.take().map((m) => m.subject)).toEqual([`NFS-e nº ${note.numero} emitida por Serviços de Teste Ltda`]);
    await stopChild(second);
  }, 120_000);
});
