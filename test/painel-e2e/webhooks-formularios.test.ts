import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { municipio } from '../../src/engine/tabelas/index.js';
import { eventsTopic } from '../../src/engine/eventos/events-topic.js';
import { EVENT_TYPES } from '../../src/engine/webhooks/event-types.js';
import { expectStatus } from '../support/http.js';
import { nfseBody } from '../support/nfse.js';
import { openMenu, screenshot, signIn } from '../support/painel-browser.js';
import { watchBus } from '../support/subscriptions.js';
import { usePainel, type Painel } from '../support/use-painel.js';
import { emitEvent, startReceiver } from '../support/webhooks.js';

let p: Painel;
// Loopback is where the test receiver listens; every other internal range stays refused.
usePainel(
  (started) => (p = started),
  () => ({ env: { WEBHOOK_ALLOWED_CIDRS: '127.0.0.1/32' } }),
);

// The receiver fails its first request, after a while, and accepts every later one: the first delivery stays
// pending, retrying, and its row is written (with that attempt) well after its event reached the page.
let receiver: Awaited<ReturnType<typeof startReceiver>>;
beforeAll(async () => {
  let answered = 0;
  receiver = await startReceiver(async () => {
    if (answered++ > 0) return 200;
    await new Promise((resolve) => setTimeout(resolve, 2500));
    return 500;
  });
});
afterAll(() => receiver?.close());

const brasilia = (iso: string | Date) =>
  new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', day: '2-digit', month: '2-digit', year: 'numeric' })
    .format(new Date(iso))
    .replace(/\s/g, '');

describe('webhooks managed in the panel, forms that show each problem by its field', () => {
  it('a webhook with no event type ticked is refused in the form, by the field, and nothing is sent', async () => {
    await signIn(p.page, p.t.url, p.email, p.senha);
    await openMenu(p.page, 'Webhooks', 'Webhooks');
    const form = p.page.getByRole('form', { name: 'Novo webhook' });
    await form.getByLabel('Endereço (URL pública)').fill(`${receiver.url}/hook`);
    await form.getByRole('button', { name: 'Criar webhook' }).click();
    const eventos = form.locator('[data-campo="/eventos"]');
    await eventos.waitFor();
    expect(await eventos.textContent()).toContain('Marque ao menos um tipo de evento.');
    expect(expectStatus(await p.live.get('/v1/webhooks'), 200)).toEqual([]);
  });

  it("shows the server's problems beside their fields: a reserved header under the headers, an internal address under the URL", async () => {
    const form = p.page.getByRole('form', { name: 'Novo webhook' });
    await form.getByRole('button', { name: 'Marcar todos', exact: true }).click();
    await form.getByRole('button', { name: 'Adicionar cabeçalho' }).click();
    await form.getByLabel('Nome 1').fill('Host');
    await form.getByLabel('Valor 1').fill('exemplo');
    await form.getByRole('button', { name: 'Criar webhook' }).click();
    const cabecalhos = form.locator('[data-campo="/cabecalhos"]');
    await cabecalhos.waitFor();
    expect(await cabecalhos.textContent()).toContain('O cabeçalho Host é reservado.');
    // The refusal's message is at the top; its problem is by its field, so it is not listed there again.
    expect(await form.locator('[data-erros-gerais]').count()).toBe(1);
    expect(await form.locator('[data-erros-gerais] li').count()).toBe(0);

    await form.getByRole('button', { name: 'Remover cabeçalho 1' }).click();
    await form.getByLabel('Endereço (URL pública)').fill('http://10.1.2.3/hook');
    await form.getByRole('button', { name: 'Criar webhook' }).click();
    const url = form.locator('[data-campo="/url"]');
    await url.waitFor();
    expect(await url.textContent()).toMatch(/não aponta para um endereço público/);
    expect(await cabecalhos.count()).toBe(0);
    expect(expectStatus(await p.live.get('/v1/webhooks'), 200)).toEqual([]);
    await screenshot(p.page, 'webhooks-erros');
  });

  it('creates one with every type, shows the secret once, and lists it with its types in words', async () => {
    const form = p.page.getByRole('form', { name: 'Novo webhook' });
    await form.getByLabel('Endereço (URL pública)').fill(`${receiver.url}/hook`);
    await form.getByRole('button', { name: 'Criar webhook' }).click();
    await p.page.getByText('Segredo de assinatura:').waitFor();
    const [webhook] = expectStatus(await p.live.get('/v1/webhooks'), 200);
    expect([...webhook.eventos].sort()).toEqual([...EVENT_TYPES].sort());
    await expect.poll(() => p.page.locator('tbody').textContent()).toContain(`Todos (${EVENT_TYPES.length})`);
    await p.page.getByRole('button', { name: 'Já copiei' }).click();
  });

  it('a delivery still retrying is tried now, once: the receiver never gets the event twice; the list updates by itself', async () => {
    const [webhook] = expectStatus(await p.live.get('/v1/webhooks'), 200);
    const bus = watchBus(p.t.app.engine, process.env.REDIS_URL);
    const topic = eventsTopic(p.acct.accountId, 'live');
    await p.page.getByRole('link', { name: `${receiver.url}/hook` }).click();
    await p.page.getByRole('heading', { level: 1, name: 'Webhook' }).waitFor();
    await p.page.locator('[data-ao-vivo="sim"]').waitFor();
    // The page's subscription is open before the event: an event committed earlier is not its to hear of.
    await bus.live(topic);
    const event = await emitEvent(p.t.app.engine, p.acct.accountId, 'live', 'NFSE_AUTORIZADA', { id: 'painel' });
    // The delivery appears without a reload, pending after its first attempt failed.
    const row = p.page.locator('tbody tr[data-entrega]');
    await expect.poll(() => row.first().textContent(), { timeout: 30_000 }).toMatch(/Pendente.*HTTP 500/);
    expect(await row.first().textContent()).toContain('NFS-e autorizada');
    expect(receiver.received).toHaveLength(1);
    await row
      .first()
      .getByRole('button', { name: `Reenviar o evento ${event.id}` })
      .click();
    await expect.poll(() => row.first().textContent(), { timeout: 30_000 }).toContain('Entregue');
    expect(await row.count()).toBe(1);
    expect(receiver.received.map((r) => r.headers['x-service-event-id'])).toEqual([event.id, event.id]);
    expect(new Set(receiver.received.map((r) => r.headers['x-service-delivery-id'])).size).toBe(1);
    const entregas = expectStatus(await p.live.get(`/v1/webhooks/${webhook.id}/entregas`), 200).entregas;
    expect(entregas.map((e: { status: string }) => e.status)).toEqual(['entregue']);
    await screenshot(p.page, 'webhook');
  });

  it('edits the URL and the types, with the problems by the field, disables and enables it, then deletes it', async () => {
    const [webhook] = expectStatus(await p.live.get('/v1/webhooks'), 200);
    await p.page.getByRole('button', { name: 'Editar' }).click();
    const form = p.page.getByRole('form', { name: 'Editar webhook' });
    await form.getByLabel('Endereço (URL pública)').fill('http://192.168.0.10/x');
    await form.getByRole('button', { name: 'Salvar alterações' }).click();
    await form.locator('[data-campo="/url"]').waitFor();
    await form.getByLabel('Endereço (URL pública)').fill(`${receiver.url}/outro`);
    await form.getByRole('button', { name: 'Desmarcar todos' }).click();
    await form.getByLabel('NFS-e cancelada').check();
    await form.getByRole('button', { name: 'Salvar alterações' }).click();
    await expect.poll(() => p.page.locator('dl.dados').textContent()).toContain(`${receiver.url}/outro`);
    expect(await p.page.locator('dl.dados').textContent()).toContain('NFS-e cancelada');
    expect(expectStatus(await p.live.get(`/v1/webhooks/${webhook.id}`), 200)).toMatchObject({
      url: `${receiver.url}/outro`,
      eventos: ['NFSE_CANCELADA'],
    });

    p.page.once('dialog', (d) => void d.accept());
    await p.page.getByRole('button', { name: 'Desativar' }).click();
    await p.page.getByRole('button', { name: 'Ativar' }).waitFor();
    // The button and the heading come from two renders: the heading is waited for too.
    await expect.poll(() => p.page.getByRole('heading', { level: 1 }).textContent()).toContain('Desativado');
    expect(expectStatus(await p.live.get(`/v1/webhooks/${webhook.id}`), 200).ativo).toBe(false);
    await p.page.getByRole('button', { name: 'Ativar' }).click();
    await p.page.getByRole('button', { name: 'Desativar' }).waitFor();
    expect(expectStatus(await p.live.get(`/v1/webhooks/${webhook.id}`), 200).ativo).toBe(true);

    p.page.once('dialog', (d) => void d.accept());
    await p.page.getByRole('button', { name: 'Excluir' }).click();
    await p.page.getByRole('heading', { level: 1, name: 'Webhooks' }).waitFor();
    await p.page.getByText('Nenhum webhook cadastrado.').waitFor();
    expect((await p.live.get(`/v1/webhooks/${webhook.id}`)).status).toBe(404);
  });

  it("the company's settings form shows a refused rate under its field", async () => {
    await openMenu(p.page, 'Empresas', 'Empresas');
    await p.page.locator(`tr[data-empresa="${p.company.id}"]`).getByRole('link').click();
    await p.page.getByRole('heading', { name: /Prontidão para emitir/ }).waitFor();
    const form = p.page.getByRole('form', { name: 'Configurações' });
    await form.getByLabel('Alíquota do ISS (padrão, %)').fill('abc');
    await form.getByRole('button', { name: 'Salvar configurações' }).click();
    const campo = form.locator('[data-campo="/padroes/aliquota_iss"]');
    await campo.waitFor();
    expect(await campo.textContent()).toContain('alíquota');
  });

  it('readiness in words: item names, the municipality by name, regimes in words, dates as dd/mm/aaaa', async () => {
    const company = await p.acct.company({
      razao_social: 'Simples de Teste Ltda',
      regime_tributario: 'simples_nacional',
      regime_apuracao_simples: 'federais_municipal_sn',
    });
    await p.page.goto(`${p.t.url}/painel/empresas/${company.id}`);
    await p.page.getByRole('heading', { name: /Prontidão para emitir/ }).waitFor();
    const table = p.page.locator('table.prontidao');
    await expect.poll(() => table.locator('tbody tr').count()).toBeGreaterThan(10);
    const text = (await table.textContent())!;
    expect(await table.locator('tr[data-item="empresa_ativa"] th').textContent()).toBe('Empresa ativa');
    expect(await table.locator('tr[data-item="regime_tributario"]').textContent()).toContain(
      'Regime tributário: Simples Nacional.',
    );
    expect(text).toContain('Federais e municipal pelo Simples');
    expect(text).not.toMatch(/empresa_ativa|simples_nacional|federais_municipal_sn|\d{4}-\d{2}-\d{2}/);
    expect(await table.locator('tr[data-item="certificado"]').textContent()).toMatch(/válido até \d{2}\/\d{2}\/\d{4}/);
    // The seeded company's default rate is set: no advice to set it.
    expect(text).not.toContain('informe padroes.aliquota_iss');
    const cidade = municipio((await p.live.get(`/v1/companies/${company.id}`)).body.municipio)!;
    expect(await p.page.locator('dl.dados').textContent()).toContain(`${cidade.nome}/${cidade.uf}`);
    await screenshot(p.page, 'empresa-prontidao');
  });

  it('the event log opens newest first with the types in words', async () => {
    for (const [i, tipo] of ['NFSE_AUTORIZADA', 'NFE_AUTORIZADA', 'LOTE_EMISSAO_CONCLUIDO'].entries())
      await emitEvent(p.t.app.engine, p.acct.accountId, 'live', tipo, { referencia: `ordem-${i}` });
    await openMenu(p.page, 'Eventos', 'Eventos');
    const first = p.page.locator('tbody tr[data-evento]').first();
    await expect.poll(() => first.getAttribute('data-evento')).toBe('LOTE_EMISSAO_CONCLUIDO');
    expect(await first.textContent()).toContain('Lote concluído');
    expect(await p.page.locator('main table').last().textContent()).not.toContain('LOTE_EMISSAO_CONCLUIDO');
  });

  it('usage counts the received documents as GET /v1/documents?papel=RECEBIDA does, and ends the cycle on its last day', async () => {
    const now = p.t.app.engine.clock.now();
    const document = (papel: string, i: number) => ({
      id: crypto.randomUUID(),
      accountId: p.acct.accountId,
      environment: 'live' as const,
      companyId: p.company.id,
      tipo: 'NFSE',
      papel,
      chaveAcesso: String(i).padStart(44, '5'),
      origem: 'ADN',
      nsu: BigInt(i),
      xml: '<x/>',
      createdAt: now,
      updatedAt: now,
    });
    await p.t.app.engine.db.receivedDocument.createMany({
      data: [document('RECEBIDA', 1), document('EMITIDA', 2), document('EMITIDA', 3)],
    });
    const recebidos = expectStatus(await p.live.get('/v1/documents?papel=RECEBIDA'), 200).itens.length;
    const usage = expectStatus(await p.live.get('/v1/usage'), 200);
    await openMenu(p.page, 'Uso', /Uso do ciclo/);
    const card = p.page.locator('[data-cartao="Documentos recebidos"] .valor');
    await card.waitFor();
    expect(await card.textContent()).toBe(String(recebidos));
    expect(recebidos).toBe(1);
    const lastDay = brasilia(new Date(Date.parse(usage.fim) - 1));
    expect(await p.page.locator('.resumo').textContent()).toContain(`a ${lastDay}`);
    expect(lastDay).not.toBe(brasilia(usage.fim));
  });

  it('at 390 px the menu is one row and a list is cards with número, valor and situação on screen', async () => {
    const issued = expectStatus(await p.live.post('/v1/nfse', nfseBody(p.company.id, { valor: '98.76' })), 201);
    await p.page.setViewportSize({ width: 390, height: 844 });
    await openMenu(p.page, 'Notas (NFS-e)', /Notas de serviço/);
    const row = p.page.locator(`tr[data-nota="${issued.id}"]`);
    await row.waitFor();
    const text = (await row.textContent())!;
    expect(text).toContain('R$\u00a098,76');
    expect(text).toContain('Autorizada');
    // Every cell of the card is inside the screen: nothing is off to the right.
    for (const cell of await row.locator('td').all()) {
      const box = await cell.boundingBox();
      if (!box) continue;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(390);
    }
    const menu = await p.page.getByRole('navigation', { name: 'Seções' }).boundingBox();
    expect(menu!.height).toBeLessThan(60);
    const width = await p.page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await screenshot(p.page, 'celular-notas');
    await p.page.setViewportSize({ width: 1366, height: 768 });
  });

  it('ran without a script error or anything the Content-Security-Policy refused', () => {
    expect(p.problems).toEqual([]);
  });
});
