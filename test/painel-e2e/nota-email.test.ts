import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectStatus } from '../support/http.js';
import { nfseBody } from '../support/nfse.js';
import { signIn } from '../support/painel-browser.js';
import { TestSmtp } from '../support/test-smtp.js';
import { usePainel, type Painel } from '../support/use-painel.js';

const smtp = new TestSmtp();
beforeAll(() => smtp.up());
afterAll(() => smtp.down());

let p: Painel;
// The app's own worker sends the e-mails, as in production.
usePainel(
  (started) => (p = started),
  () => ({ env: smtp.env() }),
);

describe('e-mailing a note from its page, in a real browser', () => {
  it('shows a bad address next to the field, then queues the e-mail, which the worker sends and the timeline shows', async () => {
    await signIn(p.page, p.t.url, p.email, p.senha);
    const issued = expectStatus(await p.live.post('/v1/nfse', nfseBody(p.company.id)), 201);
    await p.page.goto(`${p.t.url}/painel/notas/${issued.id}`);
    await p.page.getByRole('button', { name: 'Enviar por e-mail…' }).click();
    const form = p.page.getByRole('form', { name: 'Envio por e-mail' });
    await form.getByLabel('Destinatários').fill('contas@cliente.test, sem-arroba');
    await form.getByRole('button', { name: 'Enviar' }).click();
    const fieldError = form.locator('[data-campo="/destinatarios"]');
    await fieldError.waitFor();
    expect(await fieldError.textContent()).toContain('"sem-arroba" não é válido');
    expect(smtp.mails).toHaveLength(0);

    await form.getByLabel('Destinatários').fill('contas@cliente.test\ndono@cliente.test');
    await form.getByRole('button', { name: 'Enviar' }).click();
    await form.getByText('Envio para contas@cliente.test, dono@cliente.test na fila').waitFor();
    expect(await fieldError.count()).toBe(0);
    await expect.poll(() => smtp.mails.length, { timeout: 15_000 }).toBe(1);
    const [mail] = smtp.take();
    expect(mail!.subject).toContain(`NFS-e nº ${issued.numero}`);
    expect(mail!.attachments.map((a) => a.contentType).sort()).toEqual(['application/pdf', 'application/xml']);
    await expect
      .poll(() => p.page.locator('.linha-do-tempo').textContent(), { timeout: 15_000 })
      .toContain('E-mail enviado');
    expect(await p.page.locator('.linha-do-tempo').textContent()).toContain('contas@cliente.test, dono@cliente.test');
  });

  it("turns the company's automatic e-mail on from its settings", async () => {
    await p.page.goto(`${p.t.url}/painel/empresas/${p.company.id}`);
    const form = p.page.getByRole('form', { name: 'Configurações' });
    await form.getByLabel('Enviar cada NFS-e autorizada ou cancelada ao e-mail do tomador (PDF e XML)').check();
    await form.getByRole('button', { name: 'Salvar configurações' }).click();
    await form.getByText('Configurações salvas.').waitFor();
    const company = expectStatus(await p.live.get(`/v1/companies/${p.company.id}`), 200);
    expect(company.email_tomador).toEqual({ automatico: true });
  });
});
