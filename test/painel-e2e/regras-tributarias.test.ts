import { describe, expect, it } from 'vitest';
import { expectStatus } from '../support/http.js';
import { openMenu, screenshot, signIn } from '../support/painel-browser.js';
import { usePainel, type Painel } from '../support/use-painel.js';

let p: Painel;
usePainel((started) => (p = started));

const regras = async () =>
  expectStatus(await p.live.get(`/v1/companies/${p.company.id}/regras-tributarias`), 200).dados as Array<
    Record<string, any>
  >;

describe("a company's tax rules managed in the panel, in a real browser", () => {
  it('opens from the company page; a refused rule shows each problem by its field and nothing is created', async () => {
    await signIn(p.page, p.t.url, p.email, p.senha);
    await openMenu(p.page, 'Empresas', 'Empresas');
    await p.page.getByRole('link', { name: 'Serviços de Teste Ltda' }).first().click();
    await p.page.getByRole('link', { name: 'Regras tributárias da NF-e' }).click();
    await p.page.getByRole('heading', { level: 1, name: 'Regras tributárias' }).waitFor();
    await p.page.getByText('Nenhuma regra tributária cadastrada.').waitFor();

    const form = p.page.getByRole('form', { name: 'Nova regra' });
    await form.getByLabel('Descrição').fill('Bebidas para SP: PIS/COFINS monofásico');
    await form.getByLabel('NCM (início)').fill('2202.1');
    await form.getByLabel('UF de destino').fill('SP');
    await form.getByLabel('PIS: CST').fill('1');
    await form.getByLabel('COFINS: CST').fill('04');
    await form.getByRole('button', { name: 'Criar regra' }).click();
    const pis = form.locator('[data-campo="/tributacao/pis/cst"]');
    await pis.waitFor();
    expect(await pis.textContent()).toContain('CST com 2 dígitos.');
    expect(await form.locator('[data-erros-gerais] li').count()).toBe(0);
    expect(await regras()).toEqual([]);
  });

  it('creates the rule once fixed and lists it in words; the same criteria again are refused', async () => {
    const form = p.page.getByRole('form', { name: 'Nova regra' });
    await form.getByLabel('PIS: CST').fill('04');
    await form.getByRole('button', { name: 'Criar regra' }).click();
    await expect.poll(() => p.page.locator('tbody').textContent()).toContain('NCM 22021…, para SP');
    const [regra] = await regras();
    expect(regra).toMatchObject({
      descricao: 'Bebidas para SP: PIS/COFINS monofásico',
      criterios: { ncm_prefixo: '22021', uf_destino: 'SP' },
      tributacao: { pis: { cst: '04' }, cofins: { cst: '04' } },
      ativa: true,
    });
    expect(await p.page.locator(`tr[data-regra="${regra!.id}"]`).textContent()).toContain('PIS: CST 04');
    // The form is empty again; the same criteria are a conflict, shown at the top of the form.
    expect(await form.getByLabel('Descrição').inputValue()).toBe('');
    await form.getByLabel('Descrição').fill('Outra com os mesmos critérios');
    await form.getByLabel('NCM (início)').fill('22021');
    await form.getByLabel('UF de destino').fill('sp');
    await form.getByLabel('IBS/CBS: cClassTrib').fill('000001');
    await form.getByRole('button', { name: 'Criar regra' }).click();
    const geral = form.locator('[data-erros-gerais]');
    await geral.waitFor();
    expect(await geral.textContent()).toContain('mesmos critérios');
    expect(await regras()).toHaveLength(1);
    await screenshot(p.page, 'regras-tributarias');
  });

  it('edits the rule: a new CST and inactive, shown in the list and kept by the API', async () => {
    const [regra] = await regras();
    await p.page.getByRole('button', { name: `Editar ${regra!.descricao}` }).click();
    const form = p.page.getByRole('form', { name: 'Editar regra' });
    expect(await form.getByLabel('PIS: CST').inputValue()).toBe('04');
    await form.getByLabel('PIS: CST').fill('06');
    await form.getByLabel('Regra ativa').uncheck();
    await form.getByRole('button', { name: 'Salvar regra' }).click();
    const row = p.page.locator(`tr[data-regra="${regra!.id}"]`);
    await expect.poll(() => row.textContent()).toContain('Inativa');
    expect(await row.textContent()).toContain('PIS: CST 06');
    expect(await form.count()).toBe(0);
    const [changed] = await regras();
    expect(changed).toMatchObject({ ativa: false, tributacao: { pis: { cst: '06' }, cofins: { cst: '04' } } });
  });

  it('removes the rule after confirmation', async () => {
    const [regra] = await regras();
    p.page.once('dialog', (d) => void d.accept());
    await p.page.getByRole('button', { name: `Remover ${regra!.descricao}` }).click();
    await p.page.getByText('Nenhuma regra tributária cadastrada.').waitFor();
    expect(await regras()).toEqual([]);
  });
});
