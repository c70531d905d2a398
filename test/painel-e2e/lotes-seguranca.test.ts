import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { loteAccountTopic, loteTopic } from '../../src/engine/eventos/lote-topic.js';
import { createConvite } from '../../src/engine/pessoas/create-convite.js';
import { drainJobs } from '../../src/worker/start-worker.js';
import { expectStatus } from '../support/http.js';
import { linha } from '../support/lotes.js';
import { openMenu, screenshot, signIn } from '../support/painel-browser.js';
import { watchBus } from '../support/subscriptions.js';
import { usePainel, type Painel } from '../support/use-painel.js';

let p: Painel;
// No background worker: the test runs the batch's transmissions itself, a few at a time, and watches the page.
usePainel(
  (started) => (p = started),
  () => ({ worker: false }),
);
// The page's subscriptions, seen from the server: a change made before one is open is not the page's to hear of.
let bus: ReturnType<typeof watchBus>;
beforeAll(() => {
  bus = watchBus(p.t.app.engine, process.env.REDIS_URL);
});

const progresso = () => p.page.locator('[data-progresso]').first().textContent();

describe('batches with live progress, the other pages, and the session guards, in a real browser', () => {
  it("shows a batch's progress as its notes are transmitted, without reloading", async () => {
    await signIn(p.page, p.t.url, p.email, p.senha);
    await openMenu(p.page, 'Lotes', 'Lotes');
    await p.page.locator('[data-ao-vivo="sim"]').waitFor();
    await bus.live(loteAccountTopic(p.acct.accountId, 'live'));
    const lote = expectStatus(
      await p.live.post('/v1/lotes', { empresa_id: p.company.id, itens: [linha(), linha(), linha()] }),
      202,
    );
    const row = p.page.locator(`tr[data-lote="${lote.id}"]`);
    await row.waitFor();
    await screenshot(p.page, 'lotes');

    await row.getByRole('link').click();
    await p.page.getByRole('heading', { level: 1, name: /Lote de/ }).waitFor();
    await p.page.locator('[data-ao-vivo="sim"]').waitFor();
    await bus.live(loteTopic(lote.id));
    await expect.poll(progresso).toBe('0 de 3 linhas');

    // One transmission, then the rest: the page follows each step through its subscription.
    let rounds = 0;
    await drainJobs(p.t.app.engine, 1, { stopping: () => rounds++ >= 1 });
    await expect.poll(progresso).toBe('1 de 3 linhas');
    await drainJobs(p.t.app.engine);
    await expect.poll(progresso).toBe('3 de 3 linhas');
    await p.page.locator('h1 .situacao', { hasText: 'Concluído' }).waitFor();
    await expect.poll(() => p.page.locator('[data-contagem="autorizada"]').textContent()).toBe('3');
    await screenshot(p.page, 'lote');

    // The report downloads through the session (a panel never calls /v1): one row per line after the header.
    const [download] = await Promise.all([
      p.page.waitForEvent('download'),
      p.page.getByRole('link', { name: /Baixar o relatório/ }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`lote-${lote.id}.xlsx`);
    const rows: unknown[][] = [];
    for await (const sheet of new ExcelJS.stream.xlsx.WorkbookReader((await download.path())!, {}))
      for await (const r of sheet) rows.push(r.values as unknown[]);
    expect(rows).toHaveLength(4);

    // Its notes are listed with origin Lote.
    await openMenu(p.page, 'Notas (NFS-e)', /NFS-e/);
    await expect.poll(() => p.page.locator('td[data-origem="lote"]').count()).toBe(3);
    expect(await p.page.locator('td[data-origem="lote"]').first().textContent()).toBe('Lote');
  });

  it('opens every other page without an error (screenshots for the README)', async () => {
    const pages: Array<[string, string | RegExp, string]> = [
      ['NF-e', /NF-e/, 'nfe'],
      ['Empresas', 'Empresas', 'empresas'],
      ['Webhooks', 'Webhooks', 'webhooks'],
      ['Eventos', 'Eventos', 'eventos'],
      ['Uso', /Uso do ciclo/, 'uso'],
    ];
    for (const [link, heading, name] of pages) {
      await openMenu(p.page, link, heading);
      await p.page.locator('.carregando').waitFor({ state: 'detached' });
      expect(
        await p.page.locator('p.erro').count(),
        `${link}: ${await p.page.locator('p.erro').allTextContents()}`,
      ).toBe(0);
      await screenshot(p.page, name);
    }
    // A company's page: readiness, certificate and settings.
    await openMenu(p.page, 'Empresas', 'Empresas');
    await p.page.locator(`tr[data-empresa="${p.company.id}"]`).getByRole('link').click();
    await p.page.getByRole('heading', { name: /Prontidão para emitir/ }).waitFor();
    await expect.poll(() => p.page.locator('tbody').first().textContent()).toContain('Certificado A1');
    await screenshot(p.page, 'empresa');
  });

  it('refuses a state change without the CSRF token, and an API key on the panel', async () => {
    const mutation = JSON.stringify({
      query: 'mutation($id: ID!) { pauseCompany(id: $id) { __typename } }',
      variables: { id: p.company.id },
    });
    const statuses = await p.page.evaluate(async (body) => {
      const post = (headers: Record<string, string>) =>
        fetch('/painel/graphql', {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...headers },
          body,
        }).then((r) => r.status);
      return { none: await post({}), wrong: await post({ 'x-csrf-token': 'nao-e-o-token' }) };
    }, mutation);
    expect(statuses).toEqual({ none: 403, wrong: 403 });
    // Neither changed the company.
    expect((await p.t.app.engine.db.company.findUniqueOrThrow({ where: { id: p.company.id } })).status).toBe('ativa');
    // The session cookie is HttpOnly: the page's script cannot read it.
    expect(await p.page.evaluate(() => document.cookie)).not.toContain('fiscal_sessao');
    const cookie = (await p.context.cookies(`${p.t.url}/painel/`)).find((c) => c.name === 'fiscal_sessao');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/painel' });
    // An API key is never a panel credential.
    const withKey = await fetch(`${p.t.url}/painel/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${p.acct.liveKey}` },
      body: JSON.stringify({ query: '{ account { id } }' }),
    });
    expect(withKey.status).toBe(401);
  });

  it('signs out, then locks the e-mail out after repeated wrong passwords, even for the right one', async () => {
    await p.page.getByRole('button', { name: 'Sair' }).click();
    await p.page.getByRole('heading', { name: 'Painel fiscal' }).waitFor();
    const attempt = async (senha: string) => {
      await p.page.getByLabel('E-mail').fill(p.email);
      await p.page.getByLabel('Senha').fill(senha);
      const [res] = await Promise.all([
        p.page.waitForResponse((r) => r.url().endsWith('/painel/api/entrar')),
        p.page.getByRole('button', { name: 'Entrar' }).click(),
      ]);
      return res.status();
    };
    const alert = () => p.page.getByRole('alert').textContent();
    for (let i = 0; i < 5; i++) {
      expect(await attempt(`senha errada número ${i}`)).toBe(401);
      await expect.poll(alert).toBe('E-mail ou senha incorretos.');
    }
    expect(await attempt(p.senha)).toBe(429);
    await expect.poll(alert).toMatch(/bloqueada/i);
    await screenshot(p.page, 'entrada-bloqueada');
    expect(await p.page.locator('nav').count()).toBe(0);
  });

  it('an invitation link lets a new person choose a password and signs them in', async () => {
    const email = `convidada-${Date.now().toString(36)}@exemplo.com.br`;
    const convite = await createConvite(p.t.app.engine, { email, accountId: p.acct.accountId });
    await p.page.goto(`${p.t.url}${convite.link}`);
    await p.page.getByLabel('Senha', { exact: true }).fill('a senha da convidada');
    await p.page.getByLabel('Confirme a senha').fill('a senha da convidada');
    await p.page.getByRole('button', { name: 'Definir senha e entrar' }).click();
    await p.page.getByRole('heading', { level: 1, name: /Notas de serviço/ }).waitFor();
    expect(p.page.url()).toBe(`${p.t.url}/painel/notas`);
    // The link was for one use.
    await p.page.getByRole('button', { name: 'Sair' }).click();
    await p.page.goto(`${p.t.url}${convite.link}`);
    await p.page.getByLabel('Senha', { exact: true }).fill('outra senha qualquer');
    await p.page.getByLabel('Confirme a senha').fill('outra senha qualquer');
    await p.page.getByRole('button', { name: 'Definir senha e entrar' }).click();
    await expect.poll(() => p.page.getByRole('alert').textContent()).toMatch(/convite/i);
  });

  it('ran without a script error or anything the Content-Security-Policy refused', () => {
    expect(p.problems).toEqual([]);
  });
});
