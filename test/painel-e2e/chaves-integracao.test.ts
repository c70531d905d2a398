import { describe, expect, it } from 'vitest';
import { expectStatus, httpClient } from '../support/http.js';
import { openMenu, screenshot, signIn } from '../support/painel-browser.js';
import { usePainel, type Painel } from '../support/use-painel.js';

let p: Painel;
usePainel((started) => (p = started));

describe('API keys and the integration log, in a real browser', () => {
  let chave: string;

  it('creates a production key restricted to a company, shown once, that works with the API', async () => {
    const other = await p.acct.company({ razao_social: 'Outra Empresa Ltda' });
    await signIn(p.page, p.t.url, p.email, p.senha);
    await openMenu(p.page, 'Chaves de API', 'Chaves de API');
    const form = p.page.getByRole('form', { name: 'Nova chave' });
    await form.getByLabel('Ambiente').selectOption('producao');
    await form.getByLabel('Restrita à empresa').selectOption(p.company.id);
    await form.getByRole('button', { name: 'Criar chave' }).click();
    chave = (await p.page.locator('[data-chave-criada]').textContent())!.trim();
    expect(chave).toMatch(/^svc_live_/);
    // The list shows its prefix, never the key.
    await expect.poll(() => p.page.locator('tbody').textContent()).toContain('Serviços de Teste Ltda');
    expect(await p.page.locator('tbody').textContent()).not.toContain(chave);
    await screenshot(p.page, 'chaves');

    const api = httpClient(p.t.url, chave);
    const companies = expectStatus(await api.get('/v1/companies'), 200);
    const ids = companies.map((c: { id: string }) => c.id);
    expect(ids).toEqual([p.company.id]);
    expect(ids).not.toContain(other.id);

    // Gone from the page once acknowledged, and not shown again after a reload.
    await p.page.getByRole('button', { name: 'Já copiei' }).click();
    await p.page.reload();
    await p.page.getByRole('heading', { level: 1, name: 'Chaves de API' }).waitFor();
    expect(await p.page.content()).not.toContain(chave);
  });

  it("finds the key's call in the integration log by its X-Request-Id", async () => {
    const res = await httpClient(p.t.url, chave).get(`/v1/companies/${p.company.id}`);
    expectStatus(res, 200);
    const requestId = res.requestId!;
    await openMenu(p.page, 'Integração', 'Log de integração');
    await p.page.getByLabel('X-Request-Id').fill(requestId);
    await p.page.getByRole('button', { name: 'Buscar' }).click();
    // The page opened on every call (this one among them); the search leaves this one only.
    await expect.poll(() => p.page.locator('.resumo[aria-live]').textContent()).toBe('1 chamada(s)');
    expect(await p.page.locator('tbody tr').count()).toBe(1);
    const row = p.page.locator(`tr[data-requisicao="${requestId}"]`);
    const text = await row.textContent();
    expect(text).toContain('GET /v1/companies/{id}');
    expect(text).toContain('200');
    await screenshot(p.page, 'integracao');
  });

  it('revokes the key: the API refuses it from then on', async () => {
    await openMenu(p.page, 'Chaves de API', 'Chaves de API');
    // The seeded keys have no company; the one made above is the row naming the company.
    const row = p.page.locator('tbody tr', { hasText: 'Serviços de Teste Ltda' });
    p.page.once('dialog', (d) => void d.accept());
    await row.getByRole('button', { name: /^Revogar/ }).click();
    await row.getByText(/Revogada em/).waitFor();
    // GET /v1/companies answers errors in the NestJS-style format (statusCode, message, error).
    expect((await httpClient(p.t.url, chave).get('/v1/companies')).status).toBe(401);
  });

  it('ran without a script error or anything the Content-Security-Policy refused', () => {
    expect(p.problems).toEqual([]);
  });
});
