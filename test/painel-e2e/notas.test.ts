import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { nfseAccountTopic } from '../../src/engine/nfse/nfse-topic.js';
import { expectStatus } from '../support/http.js';
import { CPF, nfseBody } from '../support/nfse.js';
import { openMenu, screenshot, signIn } from '../support/painel-browser.js';
import { reais } from '../support/reais.js';
import { watchBus } from '../support/subscriptions.js';
import { usePainel, type Painel } from '../support/use-painel.js';

let p: Painel;

usePainel((started) => (p = started));
// The page's subscriptions, seen from the server: a change made before one is open is not the page's to hear of.
let bus: ReturnType<typeof watchBus>;
beforeAll(() => {
  bus = watchBus(p.t.app.engine, process.env.REDIS_URL);
});

const row = (id: string) => p.page.locator(`tr[data-nota="${id}"]`);

describe('the notes pages (NFS-e), in a real browser', () => {
  it('signs in with e-mail and password and opens on the notes page', async () => {
    await p.page.goto(`${p.t.url}/painel/`);
    await p.page.getByRole('heading', { name: 'Painel fiscal' }).waitFor();
    await screenshot(p.page, 'entrar');
    await signIn(p.page, p.t.url, p.email, p.senha);
    expect(p.page.url()).toBe(`${p.t.url}/painel/notas`);
  });

  it('shows a note issued through /v1 as it is issued, without reloading, in Brazilian formats', async () => {
    await expect.poll(() => p.page.locator('.resumo').first().textContent()).toContain('0 nota(s)');
    await p.page.locator('[data-ao-vivo="sim"]').waitFor();
    await bus.live(nfseAccountTopic(p.acct.accountId, 'live'));
    const issued = expectStatus(await p.live.post('/v1/nfse', nfseBody(p.company.id, { valor: '1234.56' })), 201);
    await row(issued.id).waitFor();
    const text = await row(issued.id).textContent();
    expect(text).toContain('R$\u00a01.234,56');
    expect(text).toContain(issued.referencia);
    expect(text).toContain('Autorizada');
    expect(await row(issued.id).locator('td[data-origem="api"]').textContent()).toBe('API');
    // The CNPJ with its mask, the date as dd/mm/aaaa.
    expect(text).toContain(p.company.cnpj.replace(/^(\d{2})(\d{3})(\d{3})(\d{4})(\d{2})$/, '$1.$2.$3/$4-$5'));
    expect(text).toMatch(/\d{2}\/\d{2}\/\d{4}/);
    await screenshot(p.page, 'notas');
  });

  it('a test-key note never appears: the panel is production only', async () => {
    const test = expectStatus(await p.live.post('/v1/nfse', nfseBody(p.company.id), { key: p.acct.testKey }), 201);
    const live = expectStatus(await p.live.post('/v1/nfse', nfseBody(p.company.id)), 201);
    await row(live.id).waitFor();
    expect(await row(test.id).count()).toBe(0);
  });

  it("opens a note's page with its timeline and downloads its XML", async () => {
    const issued = expectStatus(await p.live.post('/v1/nfse', nfseBody(p.company.id)), 201);
    await row(issued.id).getByRole('link').click();
    await p.page.getByRole('heading', { level: 1, name: /NFS-e/ }).waitFor();
    const timeline = p.page.locator('.linha-do-tempo');
    await expect.poll(() => timeline.textContent()).toContain('Criada');
    expect(await p.page.locator('.chave').textContent()).toBe(issued.chave_acesso);
    expect(await p.page.locator('dd[data-origem]').textContent()).toBe('API');
    const [download] = await Promise.all([
      p.page.waitForEvent('download'),
      p.page.getByRole('button', { name: 'Baixar XML' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`nfse-${issued.chave_acesso}.xml`);
    const xml = readFileSync((await download.path())!, 'utf8');
    expect(xml).toContain(issued.chave_acesso);
  });

  it('discards a failed note: the button asks first, then the note is descartada', async () => {
    const issued = expectStatus(await p.live.post('/v1/nfse', nfseBody(p.company.id)), 201);
    // A production note whose DPS never left (what a transmission failure before sending leaves): simulations
    // are for test keys, and test notes are not in the panel.
    await p.t.app.engine.db.nfse.update({
      where: { id: issued.id },
      data: { status: 'falha_transmissao', falha: { dps_enviada: 'nao', motivo: 'Sistema nacional indisponível.' } },
    });
    await p.page.goto(`${p.t.url}/painel/notas/${issued.id}`);
    await p.page.getByText('Falha de transmissão:').waitFor();
    p.page.once('dialog', (d) => void d.accept());
    await p.page.getByRole('button', { name: 'Descartar nota' }).click();
    await p.page.locator('h1 .situacao', { hasText: 'Descartada' }).waitFor();
    expect(expectStatus(await p.live.get(`/v1/nfse/${issued.id}`), 200).status).toBe('descartada');
    await expect.poll(() => p.page.locator('.linha-do-tempo').textContent()).toContain('Descartada');
  });

  it('filters by status from the keyboard', async () => {
    await openMenu(p.page, 'Notas (NFS-e)', /Notas de serviço/);
    await p.page.getByLabel('Situação').selectOption('descartada');
    await p.page.getByLabel('Referência').focus();
    await p.page.keyboard.press('Enter');
    await expect.poll(() => p.page.locator('.resumo').first().textContent()).toContain('1 nota(s)');
    expect(await p.page.locator('tbody tr').count()).toBe(1);
  });

  it('filters by creation day typed as dd/mm/aaaa, and says so when a date is not one', async () => {
    const resumo = p.page.locator('.resumo').first();
    await p.page.getByLabel('Situação').selectOption('');
    await p.page.getByRole('button', { name: 'Buscar' }).click();
    await expect.poll(() => resumo.textContent()).toMatch(/^[2-9]\d* nota\(s\)/);
    const all = (await resumo.textContent())!.match(/^\d+/)![0];
    const day = (await p.page.locator('tbody tr').first().textContent())!.match(/(\d{2})\/(\d{2})\/(\d{4})/)!;

    await p.page.getByLabel('Criada desde').fill('31/02/2026');
    await p.page.getByRole('button', { name: 'Buscar' }).click();
    await p.page.getByText('Data inválida: 31/02/2026. Use dd/mm/aaaa.').waitFor();

    await p.page.getByLabel('Criada desde').fill(day[0]);
    await p.page.getByLabel('Criada até').fill(day[0]);
    await p.page.getByRole('button', { name: 'Buscar' }).click();
    await expect.poll(() => resumo.textContent()).toContain(`${all} nota(s)`);

    const before = new Date(Date.UTC(Number(day[3]), Number(day[2]) - 1, Number(day[1]) - 1));
    const dayBefore = `${String(before.getUTCDate()).padStart(2, '0')}/${String(before.getUTCMonth() + 1).padStart(2, '0')}/${before.getUTCFullYear()}`;
    await p.page.getByLabel('Criada desde').fill('');
    await p.page.getByLabel('Criada até').fill(dayBefore);
    await p.page.getByRole('button', { name: 'Buscar' }).click();
    await expect.poll(() => resumo.textContent()).toContain('0 nota(s)');
  });

  it('finds a note by número, by part of the taker name and by value range, and exports the list as CSV', async () => {
    const resumo = p.page.locator('.resumo').first();
    const alvo = expectStatus(
      await p.live.post(
        '/v1/nfse',
        nfseBody(p.company.id, { valor: '777.70', tomador: { documento: CPF, nome: 'Padaria Estrela Azul' } }),
      ),
      201,
    );
    const outra = expectStatus(await p.live.post('/v1/nfse', nfseBody(p.company.id, { valor: '12.00' })), 201);
    await p.page.getByRole('button', { name: 'Limpar' }).click();
    await row(alvo.id).waitFor();

    await p.page.getByLabel('Número').fill(alvo.numero);
    await p.page.getByRole('button', { name: 'Buscar' }).click();
    await expect.poll(() => resumo.textContent()).toContain('1 nota(s)');
    await row(alvo.id).waitFor();
    await p.page.getByLabel('Número').fill('');

    await p.page.getByLabel('Tomador').fill('estrela');
    await p.page.getByRole('button', { name: 'Buscar' }).click();
    await expect.poll(() => resumo.textContent()).toContain('1 nota(s)');
    await row(alvo.id).waitFor();
    await p.page.getByLabel('Tomador').fill('');

    await p.page.getByLabel('Valor de').fill('777,00');
    await p.page.getByLabel('Valor até').fill('777,99');
    await p.page.getByRole('button', { name: 'Buscar' }).click();
    await expect.poll(() => resumo.textContent()).toContain('1 nota(s)');
    await row(alvo.id).waitFor();
    expect(await row(outra.id).count()).toBe(0);

    const href = (await p.page.getByRole('link', { name: 'Exportar CSV' }).getAttribute('href'))!;
    expect(href).toContain('valor_min=777.00');
    const csv = await p.page.request.get(`${p.t.url}${href}`);
    expect(csv.status()).toBe(200);
    const text = await csv.text();
    expect(text).toContain(alvo.id);
    expect(text).not.toContain(outra.id);
    expect(text.trim().split('\n')).toHaveLength(2);
  });

  it('at 390 px wide a note shows its número, valor and situação on screen', async () => {
    await p.page.setViewportSize({ width: 390, height: 844 });
    const linha = p.page.locator('tbody tr').first();
    for (const rotulo of ['Número', 'Valor', 'Situação']) {
      const cell = linha.locator(`td[data-rotulo="${rotulo}"]`);
      const box = (await cell.boundingBox())!;
      expect(box.x, rotulo).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, rotulo).toBeLessThanOrEqual(390);
    }
    expect(await linha.textContent()).toContain('R$\u00a0777,70');
    await screenshot(p.page, 'notas-390');
    await p.page.setViewportSize({ width: 1366, height: 768 });
  });

  it("a cancelled note's page shows the taker, the values, the reason and a timeline in words, without raw JSON", async () => {
    const issued = expectStatus(await p.live.post('/v1/nfse', nfseBody(p.company.id)), 201);
    expectStatus(
      await p.live.post(`/v1/nfse/${issued.id}/cancelamento`, {
        codigo_motivo: '2',
        motivo: 'Serviço não foi prestado ao cliente',
      }),
      200,
    );
    await p.page.goto(`${p.t.url}/painel/notas/${issued.id}`);
    await p.page.getByRole('heading', { level: 1, name: /NFS-e/ }).waitFor();
    const motivo = p.page.locator('dd[data-cancelamento]');
    await expect.poll(() => motivo.textContent()).toContain('Serviço não foi prestado ao cliente');
    expect(await motivo.textContent()).toContain('2 — Serviço não prestado');
    const valores = (await p.page.locator('[data-valores]').textContent())!;
    expect(valores).toContain('Cliente Ltda');
    expect(valores).toContain('R$\u00a01.500,00');
    expect(valores).toContain('Base de cálculo');
    expect(valores).toMatch(/Valor líquidoR\$\u00a0\d/);
    const timeline = (await p.page.locator('.linha-do-tempo').textContent())!;
    expect(timeline).toContain('Cancelada');
    expect(timeline).toMatch(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
    expect(timeline).not.toMatch(/[{}"]/);
  });

  it('a note with IBS/CBS shows its classification and the base, rates and amounts of the authorised document, also at 390 px', async () => {
    const issued = expectStatus(
      await p.live.post(
        '/v1/nfse',
        nfseBody(p.company.id, {
          servico: {
            descricao: 'Desenvolvimento de sistema sob encomenda',
            ibs_cbs: { c_class_trib: '000001', cst: '000', indicador_operacao: '030101' },
          },
        }),
      ),
      201,
    );
    const xml = (await p.live.get(`/v1/nfse/${issued.id}/xml`)).text;
    const grupo = /<IBSCBS><cLocalidadeIncid>[\s\S]*?<\/IBSCBS>/.exec(xml)![0];
    const tag = (nome: string) => new RegExp(`<${nome}>([^<]*)</${nome}>`).exec(grupo)![1]!;
    await p.page.goto(`${p.t.url}/painel/notas/${issued.id}`);
    const dados = p.page.locator('[data-ibs-cbs]');
    await dados.waitFor();
    const texto = (await dados.textContent())!;
    expect(texto).toContain('CST000');
    expect(texto).toContain('000001 — ');
    expect(texto).toContain('030101');
    expect(texto).toContain(tag('xLocalidadeIncid'));
    expect(texto).toContain(`Base de cálculo${reais(tag('vBC'))}`);
    expect(texto).toContain(`Total do IBS${reais(tag('vIBSTot'))}`);
    const linha = (tributo: string) => p.page.locator(`tr[data-tributo="${tributo}"]`).textContent();
    const cbs = (await linha('CBS'))!;
    expect(cbs).toContain(`${tag('pCBS').replace('.', ',')}%`);
    expect(cbs).toContain(reais(tag('vCBS')));
    const uf = (await linha('IBS estadual (UF)'))!;
    expect(uf).toContain(`${tag('pAliqEfetUF').replace('.', ',')}%`);
    expect(uf).toContain(reais(tag('vIBSUF')));
    expect(await linha('IBS municipal')).toContain(reais(tag('vIBSMun')));
    await screenshot(p.page, 'nota');

    await p.page.setViewportSize({ width: 390, height: 844 });
    expect(await p.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    for (const rotulo of ['Alíquota efetiva', 'Valor']) {
      const box = (await p.page.locator(`tr[data-tributo="CBS"] td[data-rotulo="${rotulo}"]`).boundingBox())!;
      expect(box.x, rotulo).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, rotulo).toBeLessThanOrEqual(390);
    }
    await screenshot(p.page, 'nota-390');
    await p.page.setViewportSize({ width: 1366, height: 768 });
  });

  it('ran without a script error or anything the Content-Security-Policy refused', () => {
    expect(p.problems).toEqual([]);
  });
});
