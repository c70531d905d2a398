import { describe, expect, it } from 'vitest';
import { httpClient, expectProblem } from '../support/http.js';
import type { SeededAccount } from '../support/seed.js';
import type { TestApp } from '../support/test-app.js';
import { fakeDns, PUBLIC_IP, PUBLIC_URL, webhookBody } from '../support/webhooks.js';
import { useTestApp } from '../support/use-test-app.js';

let t: TestApp;
let account: SeededAccount;

useTestApp(
  (s) => ({ t, acct: account } = s),
  () => ({
    worker: false,
    resolveHost: fakeDns({ 'hooks.example.com': [PUBLIC_IP], 'intranet.example.com': [PUBLIC_IP, '10.0.0.7'] }),
  }),
);

const erros = (body: { erros: Array<{ codigo: string; campo: string; mensagem: string }> }) =>
  body.erros.map((e) => [e.codigo, e.campo]);

describe('webhook resource', () => {
  it('creates with a 48-character secret shown once, header names only, values sealed at rest', async () => {
    const http = httpClient(t.url, account.liveKey);
    const created = await http.post('/v1/webhooks', webhookBody());
    expect(created.status, created.text).toBe(201);
    expect(created.body.segredo).toMatch(/^[A-Za-z0-9_-]{48}$/);
    expect(created.body).toMatchObject({
      url: PUBLIC_URL,
      eventos: ['NFSE_AUTORIZADA', 'NFSE_CANCELADA'],
      cabecalhos: [{ nome: 'X-Token' }],
      ambiente: 'producao',
    });

    const one = await http.get(`/v1/webhooks/${created.body.id}`);
    expect(one.status).toBe(200);
    expect(one.body.segredo).toBeUndefined();
    expect(one.text).not.toContain('segredo-do-cliente-123');
    const row = await t.app.engine.db.webhook.findUniqueOrThrow({ where: { id: created.body.id } });
    expect(JSON.stringify({ ...row, fromSeq: String(row.fromSeq) })).not.toContain('segredo-do-cliente-123');
    expect(JSON.stringify({ ...row, fromSeq: String(row.fromSeq) })).not.toContain(created.body.segredo);
  });

  it('keeps the environments apart: a test key neither lists nor reads a live webhook', async () => {
    const live = httpClient(t.url, account.liveKey);
    const test = httpClient(t.url, account.testKey);
    const liveHook = (await live.post('/v1/webhooks', webhookBody())).body;
    const testHook = (await test.post('/v1/webhooks', webhookBody())).body;
    expect(testHook.ambiente).toBe('sandbox');
    const testList = (await test.get('/v1/webhooks')).body as Array<{ id: string }>;
    expect(testList.map((w) => w.id)).toContain(testHook.id);
    expect(testList.map((w) => w.id)).not.toContain(liveHook.id);
    expectProblem(await test.get(`/v1/webhooks/${liveHook.id}`), 404, 'nao_encontrado');
    expectProblem(
      await test.request('PATCH', `/v1/webhooks/${liveHook.id}`, { body: { url: PUBLIC_URL } }),
      404,
      'nao_encontrado',
    );
  });

  it('refuses reserved header names in any case, more than 5 headers and unknown event types, naming each', async () => {
    const http = httpClient(t.url, account.liveKey);
    const reserved = [
      'content-type',
      'Content-Length',
      'HOST',
      'Transfer-Encoding',
      'connection',
      'X-Service-Event',
      'x-service-anything',
    ];
    for (const nome of reserved) {
      const res = await http.post('/v1/webhooks', webhookBody({ cabecalhos: [{ nome, valor: 'x' }] }));
      expect(erros(expectProblem(res, 422, 'validacao')), nome).toEqual([
        ['cabecalho_reservado', '/cabecalhos/0/nome'],
      ]);
    }
    const six = Array.from({ length: 6 }, (_, i) => ({ nome: `X-H${i}`, valor: 'v' }));
    expect(
      erros(expectProblem(await http.post('/v1/webhooks', webhookBody({ cabecalhos: six })), 422, 'validacao')),
    ).toEqual([['limite_excedido', '/cabecalhos']]);

    const unknown = expectProblem(
      await http.post(
        '/v1/webhooks',
        webhookBody({ eventos: ['NFSE_AUTORIZADA', 'NOTA_INVENTADA', 'nfse_autorizada'] }),
      ),
      422,
      'validacao',
    );
    expect(erros(unknown)).toEqual([
      ['evento_desconhecido', '/eventos/1'],
      ['evento_desconhecido', '/eventos/2'],
    ]);
    expect(unknown.erros[0].mensagem).toContain('NOTA_INVENTADA');
    expect(await t.app.engine.db.webhook.count({ where: { url: { contains: 'nada' } } })).toBe(0);
  });

  it('accepts only http(s) URLs of public hosts; one internal address refuses the whole host', async () => {
    const http = httpClient(t.url, account.liveKey);
    for (const url of ['ftp://hooks.example.com/x', 'file:///etc/passwd', 'javascript:alert(1)', 'nao e url']) {
      expect(
        erros(expectProblem(await http.post('/v1/webhooks', webhookBody({ url })), 422, 'validacao')),
        url,
      ).toEqual([['formato_invalido', '/url']]);
    }
    for (const url of [
      'https://intranet.example.com/x',
      'http://127.0.0.1/',
      'http://2130706433/',
      'http://[::1]/',
      'https://nao-existe.example.com/',
    ]) {
      expect(
        erros(expectProblem(await http.post('/v1/webhooks', webhookBody({ url })), 422, 'validacao')),
        url,
      ).toEqual([['endereco_interno', '/url']]);
    }
  });

  it('gives a company-restricted key 403 chave_restrita on every webhook route', async () => {
    const company = await account.company({}, { certificate: false });
    const restricted = httpClient(t.url, await account.key('live', company.id));
    const hook = (await httpClient(t.url, account.liveKey).post('/v1/webhooks', webhookBody())).body;
    expectProblem(await restricted.post('/v1/webhooks', webhookBody()), 403, 'chave_restrita');
    expectProblem(await restricted.get('/v1/webhooks'), 403, 'chave_restrita');
    expectProblem(await restricted.get(`/v1/webhooks/${hook.id}`), 403, 'chave_restrita');
    expectProblem(await restricted.post(`/v1/webhooks/${hook.id}/rotacao-segredo`), 403, 'chave_restrita');
  });

  it('replays the first response for the same Idempotency-Key without storing the secret in clear', async () => {
    const http = httpClient(t.url, account.liveKey);
    const headers = { 'idempotency-key': `wh-${Date.now()}` };
    const first = await http.post('/v1/webhooks', webhookBody(), { headers });
    const again = await http.post('/v1/webhooks', webhookBody(), { headers });
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(await t.app.engine.db.webhook.count({ where: { id: first.body.id } })).toBe(1);
    const record = await t.app.engine.db.idempotencyRecord.findFirstOrThrow({
      where: { key: headers['idempotency-key'] },
    });
    expect(JSON.stringify(record.responseBody)).not.toContain(first.body.segredo);
    expectProblem(
      await http.post('/v1/webhooks', webhookBody({ eventos: ['NFSE_REJEITADA'] }), { headers }),
      409,
      'idempotencia_conflito',
    );
  });

  it('updates, tests, rotates and removes', async () => {
    const http = httpClient(t.url, account.liveKey);
    const hook = (await http.post('/v1/webhooks', webhookBody())).body;
    const patched = await http.request('PATCH', `/v1/webhooks/${hook.id}`, {
      body: { eventos: ['NFSE_REJEITADA'], cabecalhos: [] },
    });
    expect(patched.status, patched.text).toBe(200);
    expect(patched.body).toMatchObject({ id: hook.id, eventos: ['NFSE_REJEITADA'], cabecalhos: [] });
    expect(
      erros(
        expectProblem(
          await http.request('PATCH', `/v1/webhooks/${hook.id}`, { body: { url: 'http://10.1.2.3/' } }),
          422,
          'validacao',
        ),
      ),
    ).toEqual([['endereco_interno', '/url']]);

    const teste = await http.post(`/v1/webhooks/${hook.id}/teste`);
    expect(teste.status, teste.text).toBe(202);
    expect(teste.body.tipo).toBe('webhook.teste');
    const delivery = await t.app.engine.db.webhookDelivery.findUniqueOrThrow({ where: { id: teste.body.entrega_id } });
    expect(delivery.dados).toEqual({ mensagem: expect.any(String), testeId: teste.body.evento_id });

    const rotated = await http.post(`/v1/webhooks/${hook.id}/rotacao-segredo`);
    expect(rotated.status).toBe(200);
    expect(rotated.body.segredo).toMatch(/^[A-Za-z0-9_-]{48}$/);
    expect(rotated.body.segredo).not.toBe(hook.segredo);

    expect((await http.delete(`/v1/webhooks/${hook.id}`)).status).toBe(204);
    expectProblem(await http.get(`/v1/webhooks/${hook.id}`), 404, 'nao_encontrado');
    expect(((await http.get('/v1/webhooks')).body as Array<{ id: string }>).map((w) => w.id)).not.toContain(hook.id);
  });
});
