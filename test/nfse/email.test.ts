import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimEmailJobs } from '../../src/engine/nfse/email/claim-email-jobs.js';
import { EMAIL_LEASE_MS } from '../../src/engine/nfse/email/next-email-attempt-at.js';
import { FakeClock, HOUR, MINUTE } from '../../src/engine/nucleo/clock.js';
import { drainEmails } from '../../src/worker/start-email-worker.js';
import { eventsOfNote } from '../support/eventos.js';
import { expectProblem, expectStatus } from '../support/http.js';
import { erro } from '../support/nfse.js';
import { startKit, type NationalApiKit } from '../support/nfse-api.js';
import { TestSmtp } from '../support/test-smtp.js';

const clock = new FakeClock('2026-11-02T12:00:00Z');
const smtp = new TestSmtp();
let k: NationalApiKit;

beforeAll(async () => {
  await smtp.up();
  k = await startKit({
    clock,
    worker: false,
    env: smtp.env(),
  });
});
afterAll(async () => {
  await k?.close();
  await smtp.down();
});

const drain = () => drainEmails(k.t.app.engine);
const emailSteps = (note: { eventos: Array<{ tipo: string; detalhe: any }> }) =>
  note.eventos.filter((e) => e.tipo.startsWith('email_'));
const getNote = async (id: string) => expectStatus(await k.http.get(`/v1/nfse/${id}`), 200);
const attachment = (mail: ParsedMail, suffix: string) => mail.attachments.find((a) => a.filename?.endsWith(suffix));

async function setAutomatic(automatico: boolean) {
  const res = await k.live.request('PATCH', `/v1/companies/${k.company.id}`, {
    body: { email_tomador: { automatico } },
  });
  expect(expectStatus(res, 200).email_tomador).toEqual({ automatico });
}

describe('NFS-e e-mailed to the taker', () => {
  it('on authorisation and on cancellation when the company asks for it: PDF, XML and the event XML attached, timeline and events per attempt', async () => {
    await setAutomatic(true);
    const note = expectStatus(
      await k.issue({
        body: { tomador: { documento: '11222333000181', nome: 'Cliente Ltda', email: 'financeiro@cliente.test' } },
      }),
      201,
    );
    expect(await drain()).toBe(1);
    const [mail, ...others] = smtp.take();
    expect(others).toHaveLength(0);
    expect(mail!.to).toMatchObject({ value: [{ address: 'financeiro@cliente.test' }] });
    expect(mail!.from?.value[0]?.address).toBe('notas@fiscal.test');
    expect(mail!.subject).toBe(`NFS-e nº ${note.numero} emitida por Serviços de Teste Ltda`);
    expect(mail!.text).toContain('Olá, Cliente Ltda.');
    expect(mail!.text).toContain('R$ 1.500,00');
    expect(mail!.text).toContain(note.chave_acesso);
    const pdf = attachment(mail!, '.pdf')!;
    expect(pdf.contentType).toBe('application/pdf');
    expect(pdf.content.subarray(0, 5).toString()).toBe('%PDF-');
    const xml = (await k.http.get(`/v1/nfse/${note.id}/xml`)).text;
    expect(attachment(mail!, `nfse-${note.chave_acesso}.xml`)!.content.toString()).toBe(xml);

    const sent = await getNote(note.id);
    expect(emailSteps(sent)).toEqual([
      expect.objectContaining({
        tipo: 'email_enviado',
        detalhe: expect.objectContaining({
          motivo: 'autorizacao',
          destinatarios: ['financeiro@cliente.test'],
          tentativa: 1,
        }),
      }),
    ]);
    const enviados = await eventsOfNote(k.http, note.id, 'NFSE_EMAIL_ENVIADO');
    expect(enviados).toHaveLength(1);
    expect(enviados[0]!.dados.email).toMatchObject({
      motivo: 'autorizacao',
      destinatarios: ['financeiro@cliente.test'],
    });

    const cancelled = expectStatus(
      await k.http.post(`/v1/nfse/${note.id}/cancelamento`, {
        codigo_motivo: '2',
        motivo: 'Serviço não foi prestado ao cliente',
      }),
      200,
    );
    expect(await drain()).toBe(1);
    const [cancelMail] = smtp.take();
    expect(cancelMail!.subject).toBe(`NFS-e nº ${note.numero} de Serviços de Teste Ltda cancelada`);
    expect(cancelMail!.text).toContain('Motivo: Serviço não foi prestado ao cliente.');
    expect(cancelMail!.attachments.map((a) => a.filename).sort()).toEqual(
      [
        `cancelamento-${note.chave_acesso}.xml`,
        `nfse-${note.chave_acesso}.pdf`,
        `nfse-${note.chave_acesso}.xml`,
      ].sort(),
    );
    expect(attachment(cancelMail!, `cancelamento-${note.chave_acesso}.xml`)!.content.toString()).toBe(
      cancelled.cancelamento.evento_xml,
    );
    // The stamped DANFSe differs from the one sent on authorisation.
    expect(attachment(cancelMail!, '.pdf')!.content.equals(pdf.content)).toBe(false);
    // Each change is e-mailed once.
    expect(await drain()).toBe(0);
    expect((await eventsOfNote(k.http, note.id, 'NFSE_EMAIL_ENVIADO')).map((e) => e.dados.email.motivo)).toEqual([
      'autorizacao',
      'cancelamento',
    ]);
  });

  it("a note's email option overrides the company's setting, and names its own addresses", async () => {
    await setAutomatic(true);
    const off = expectStatus(
      await k.issue({
        body: { tomador: { documento: '11222333000181', email: 'a@cliente.test' }, email: { enviar: false } },
      }),
      201,
    );
    await setAutomatic(false);
    const plain = expectStatus(
      await k.issue({ body: { tomador: { documento: '11222333000181', email: 'a@cliente.test' } } }),
      201,
    );
    const on = expectStatus(
      await k.issue({
        body: {
          tomador: { documento: '11222333000181', email: 'a@cliente.test' },
          email: { enviar: true, destinatarios: ['contas@cliente.test', 'dono@cliente.test'] },
        },
      }),
      201,
    );
    expect(await drain()).toBe(1);
    const [mail] = smtp.take();
    expect((mail!.to as { value: Array<{ address: string }> }).value.map((v) => v.address)).toEqual([
      'contas@cliente.test',
      'dono@cliente.test',
    ]);
    expect(mail!.subject).toContain(`nº ${on.numero} `);
    expect(emailSteps(await getNote(off.id))).toEqual([]);
    expect(emailSteps(await getNote(plain.id))).toEqual([]);
  });

  it('rejects invalid note options with a JSON Pointer to the member', async () => {
    const res = await k.issue({ body: { email: { enviar: true, destinatarios: ['ok@cliente.test', 'sem-arroba'] } } });
    const problem = expectProblem(res, 422, 'validacao');
    erro(problem.erros, 'formato_invalido', '/email/destinatarios/1');
  });
});

describe('POST /v1/nfse/{id}/email', () => {
  it('queues the e-mail (202) and the worker sends it to the addresses given', async () => {
    const note = expectStatus(await k.issue(), 201);
    const res = await k.http.post(`/v1/nfse/${note.id}/email`, { destinatarios: ['a@x.test', 'b@x.test'] });
    const job = expectStatus(res, 202);
    expect(job).toMatchObject({
      nfse_id: note.id,
      motivo: 'sob_demanda',
      destinatarios: ['a@x.test', 'b@x.test'],
      status: 'pendente',
      tentativas: 0,
      enviado_em: null,
    });
    expect(await drain()).toBe(1);
    const [mail] = smtp.take();
    expect((mail!.to as { value: Array<{ address: string }> }).value.map((v) => v.address)).toEqual([
      'a@x.test',
      'b@x.test',
    ]);
    expect(attachment(mail!, '.xml')).toBeDefined();
    const [step] = emailSteps(await getNote(note.id));
    expect(step).toMatchObject({ tipo: 'email_enviado', detalhe: { id: job.id, motivo: 'sob_demanda' } });
  });

  it('refuses bad addresses (422 with campo), too many (422), and a note without NFS-e (409)', async () => {
    const note = expectStatus(await k.issue(), 201);
    const bad = expectProblem(
      await k.http.post(`/v1/nfse/${note.id}/email`, { destinatarios: ['x@y.test', 'nope'] }),
      422,
      'validacao',
    );
    erro(bad.erros, 'formato_invalido', '/destinatarios/1');
    const many = Array.from({ length: 11 }, (_, i) => `p${i}@x.test`);
    const tooMany = expectProblem(
      await k.http.post(`/v1/nfse/${note.id}/email`, { destinatarios: many }),
      422,
      'validacao',
    );
    expect(tooMany.erros[0].campo).toBe('/destinatarios');
    expect(tooMany.erros[0].mensagem).toContain('10');
    const rejected = expectStatus(await k.issue({ simular: 'rejeitar' }), 422);
    expectProblem(
      await k.http.post(`/v1/nfse/${rejected.nfse.id}/email`, { destinatarios: ['x@y.test'] }),
      409,
      'nfse_sem_pdf',
    );
    expect(await drain()).toBe(0);
  });
});

describe('failures', () => {
  it('SMTP down: the attempt fails and is retried after its wait, then sent when the server is back', async () => {
    const note = expectStatus(await k.issue(), 201);
    await smtp.down();
    expectStatus(await k.http.post(`/v1/nfse/${note.id}/email`, { destinatarios: ['a@x.test'] }), 202);
    expect(await drain()).toBe(1);
    const [failed] = emailSteps(await getNote(note.id));
    expect(failed).toMatchObject({ tipo: 'email_falhou', detalhe: { tentativa: 1 } });
    expect(failed!.detalhe.erro).toMatch(/ECONNREFUSED/);
    expect(Date.parse(failed!.detalhe.proxima_tentativa_em) - clock.now().getTime()).toBe(MINUTE);
    // Not due yet.
    expect(await drain()).toBe(0);
    await smtp.up();
    clock.advance(MINUTE);
    expect(await drain()).toBe(1);
    expect(smtp.take()).toHaveLength(1);
    expect(emailSteps(await getNote(note.id)).map((s) => [s.tipo, s.detalhe.tentativa])).toEqual([
      ['email_falhou', 1],
      ['email_enviado', 2],
    ]);
    const events = await eventsOfNote(k.http, note.id);
    expect(events.filter((e) => e.tipo.startsWith('NFSE_EMAIL')).map((e) => e.tipo)).toEqual([
      'NFSE_EMAIL_FALHOU',
      'NFSE_EMAIL_ENVIADO',
    ]);
  });

  it('gives up after the last attempt, and at once when the server refuses the mailbox (SMTP 5xx)', async () => {
    const note = expectStatus(await k.issue(), 201);
    await smtp.down();
    const job = expectStatus(await k.http.post(`/v1/nfse/${note.id}/email`, { destinatarios: ['a@x.test'] }), 202);
    for (let i = 0; i < 6; i++) {
      expect(await drain()).toBe(1);
      clock.advance(5 * HOUR);
    }
    expect(await drain()).toBe(0);
    await smtp.up();
    const steps = emailSteps(await getNote(note.id)).filter((s) => s.detalhe.id === job.id);
    expect(steps.map((s) => s.tipo)).toEqual(Array(6).fill('email_falhou'));
    expect(steps[5]!.detalhe.proxima_tentativa_em).toBeNull();
    expect(await k.t.app.engine.db.nfseEmailJob.findUnique({ where: { id: job.id } })).toMatchObject({
      status: 'falhou',
    });

    const refused = expectStatus(
      await k.http.post(`/v1/nfse/${note.id}/email`, { destinatarios: ['inexistente@x.test'] }),
      202,
    );
    expect(await drain()).toBe(1);
    const last = emailSteps(await getNote(note.id)).filter((s) => s.detalhe.id === refused.id);
    expect(last).toHaveLength(1);
    expect(last[0]).toMatchObject({ tipo: 'email_falhou', detalhe: { proxima_tentativa_em: null } });
    expect(last[0]!.detalhe.erro).toMatch(/550/);
    expect(smtp.take()).toHaveLength(0);
  });

  it('a process that dies mid-send loses nothing: once its lease runs out the e-mail is claimed and sent again', async () => {
    const note = expectStatus(await k.issue(), 201);
    const job = expectStatus(await k.http.post(`/v1/nfse/${note.id}/email`, { destinatarios: ['a@x.test'] }), 202);
    // The dead process's claim: leased to it, never recorded.
    const [claimed] = await claimEmailJobs(k.t.app.engine, 10);
    expect(claimed!.id).toBe(job.id);
    expect(await drain()).toBe(0);
    clock.advance(EMAIL_LEASE_MS + 1);
    expect(await drain()).toBe(1);
    expect(smtp.take()).toHaveLength(1);
    const [step] = emailSteps(await getNote(note.id));
    // The lost attempt counts: this was the second.
    expect(step).toMatchObject({ tipo: 'email_enviado', detalhe: { id: job.id, tentativa: 2 } });
    // The dead process's late outcome is fenced off: the job carries another lease generation now.
    const row = await k.t.app.engine.db.nfseEmailJob.findUniqueOrThrow({ where: { id: job.id } });
    expect(row.lease).toBe(claimed!.lease + 1);
    expect(row.status).toBe('enviado');
  });
});

describe('without SMTP', () => {
  let bare: NationalApiKit;
  beforeAll(async () => {
    bare = await startKit({ clock, worker: false });
  });
  afterAll(() => bare?.close());

  it('the on-demand route says SMTP is not configured; an automatic e-mail is recorded as not sent', async () => {
    const res = await bare.live.request('PATCH', `/v1/companies/${bare.company.id}`, {
      body: { email_tomador: { automatico: true } },
    });
    expectStatus(res, 200);
    const note = expectStatus(
      await bare.issue({ body: { tomador: { documento: '11222333000181', email: 'a@cliente.test' } } }),
      201,
    );
    const problem = expectProblem(
      await bare.http.post(`/v1/nfse/${note.id}/email`, { destinatarios: ['a@x.test'] }),
      503,
      'email_nao_configurado',
    );
    expect(problem.mensagem).toContain('SMTP');
    expect(await drainEmails(bare.t.app.engine)).toBe(1);
    const got = expectStatus(await bare.http.get(`/v1/nfse/${note.id}`), 200);
    expect(emailSteps(got)).toEqual([
      expect.objectContaining({
        tipo: 'email_nao_enviado',
        detalhe: expect.objectContaining({ erro: expect.stringContaining('SMTP'), destinatarios: ['a@cliente.test'] }),
      }),
    ]);
    expect(await eventsOfNote(bare.http, note.id, 'NFSE_EMAIL_FALHOU')).toHaveLength(1);
  });
});
