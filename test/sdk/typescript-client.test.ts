import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { FiscalApi, FiscalApiError, verificarWebhook } from '../../sdk/typescript/src/index.js';
import { startFaultProxy } from '../support/fault-proxy.js';
import { CNPJ_TOMADOR, nfseBody, ref } from '../support/nfse.js';
import { seedAccount, type SeededAccount, type SeededCompany } from '../support/seed.js';
import { xlsxOf } from '../support/sheets.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { startReceiver } from '../support/webhooks.js';

let t: TestApp;
let account: SeededAccount;
let company: SeededCompany;
let cliente: FiscalApi;
let proxy: Awaited<ReturnType<typeof startFaultProxy>>;

const novoCliente = (urlBase: string, extra: Partial<ConstructorParameters<typeof FiscalApi>[0]> = {}) =>
  new FiscalApi({ chaveApi: account.testKey, urlBase, esperaInicialMs: 20, esperaMaximaMs: 100, ...extra });

/** The client's error of a call that must fail. */
async function falhaDe(call: Promise<unknown>): Promise<FiscalApiError> {
  const erro = await call.then(
    () => null,
    (e: unknown) => e,
  );
  expect(erro).toBeInstanceOf(FiscalApiError);
  return erro as FiscalApiError;
}

beforeAll(async () => {
  t = await startTestApp({ env: { WEBHOOK_ALLOWED_CIDRS: '127.0.0.1/32' }, simulatorDelays: { slowMs: 1_500 } });
  account = await seedAccount(t.app.engine);
  company = await account.company();
  cliente = novoCliente(t.url);
  proxy = await startFaultProxy(t.url);
});
afterAll(async () => {
  await proxy?.close();
  await t?.close();
});

describe('TypeScript client against the running service', () => {
  it('issues a note and reads it back by id and by referencia', async () => {
    const corpo = nfseBody(company.id);
    const nota = await cliente.nfse.emitir(corpo as never);
    expect(nota.status).toBe('autorizada');
    expect(nota.referencia).toBe(corpo.referencia);
    expect(nota.chave_acesso).toMatch(/^\d{50}$/);
    expect((await cliente.nfse.obter(nota.id)).id).toBe(nota.id);
    expect((await cliente.nfse.obter(corpo.referencia as string)).id).toBe(nota.id);
  });

  it('enviarEmail reaches POST /v1/nfse/{id}/email: a bad address is 422 with its campo, a service without SMTP 503 not retried', async () => {
    const nota = await cliente.nfse.emitir(nfseBody(company.id) as never);
    const invalido = await falhaDe(cliente.nfse.enviarEmail(nota.id, { destinatarios: ['nope'] }));
    expect(invalido.status).toBe(422);
    expect(invalido.erros.map((e) => e.campo)).toEqual(['/destinatarios/0']);
    const semSmtp = await falhaDe(cliente.nfse.enviarEmail(nota.id, { destinatarios: ['contas@cliente.test'] }));
    expect(semSmtp).toMatchObject({ status: 503, codigo: 'email_nao_configurado', retentavel: false });
    expect(semSmtp.mensagem).toContain('SMTP');
  });

  it('follows the cursors across pages with for await', async () => {
    const prefixo = ref('pag');
    const emitidas: string[] = [];
    for (let i = 0; i < 5; i++)
      emitidas.push((await cliente.nfse.emitir(nfseBody(company.id, { referencia: `${prefixo}-${i}` }) as never)).id);
    const vistas: string[] = [];
    for await (const nota of cliente.nfse.listar({ limite: 2 })) vistas.push(nota.id);
    expect(vistas).toEqual(expect.arrayContaining(emitidas));
    expect(new Set(vistas).size).toBe(vistas.length);
    const paginas = [];
    for await (const pagina of cliente.nfse.listar({ limite: 2 }).paginas()) paginas.push(pagina);
    expect(paginas.length).toBeGreaterThanOrEqual(3);
    expect(paginas.slice(0, -1).every((p) => p.itens.length === 2 && typeof p.proximo_cursor === 'string')).toBe(true);
    expect(paginas.at(-1)!.proximo_cursor).toBeNull();
  });

  it('a 422 nfse_rejeitada is one FiscalApiError carrying the note, and is not retried', async () => {
    const corpo = nfseBody(company.id);
    let chamadas = 0;
    const contando = novoCliente(t.url, { fetch: (input, init) => (chamadas++, fetch(input, init)) });
    const erro = await falhaDe(contando.nfse.emitir(corpo as never, { simular: 'rejeitar' }));
    expect(erro.status).toBe(422);
    expect(erro.codigo).toBe('nfse_rejeitada');
    expect(erro.codigo_oficial).toMatch(/^E\d+/);
    expect(erro.requisicao_id).toMatch(/\S/);
    expect(erro.nfse?.status).toBe('rejeitada');
    expect(erro.nfse?.referencia).toBe(corpo.referencia);
    expect(chamadas).toBe(1);
  });

  it('a 422 validacao carries erros[] with JSON Pointers and is not retried', async () => {
    let chamadas = 0;
    const contando = novoCliente(t.url, { fetch: (input, init) => (chamadas++, fetch(input, init)) });
    const erro = await falhaDe(
      contando.nfse.emitir(nfseBody(company.id, { valor: 10, tomador: { documento: '123' } }) as never),
    );
    expect(erro.codigo).toBe('validacao');
    expect(erro.erros.map((e) => e.campo)).toEqual(expect.arrayContaining(['/valor', '/tomador/documento']));
    expect(erro.erros.find((e) => e.campo === '/valor')?.codigo).toBe('tipo_invalido');
    expect(chamadas).toBe(1);
  });

  it('an invalid key is 401 nao_autenticado, never retried', async () => {
    let chamadas = 0;
    const errado = new FiscalApi({
      chaveApi: 'svc_test_invalida',
      urlBase: t.url,
      fetch: (input, init) => (chamadas++, fetch(input, init)),
    });
    const erro = await falhaDe(errado.nfse.obter('qualquer'));
    expect([erro.status, erro.codigo, chamadas]).toEqual([401, 'nao_autenticado', 1]);
  });

  it.each([
    ['cair', 'a dropped connection'],
    ['502', 'a 502 from a proxy'],
    ['lento', 'an answer later than the timeout'],
  ] as const)('repeats the issuance after %s (%s) with the same Idempotency-Key: one note', async (modo, _falha) => {
    const corpo = nfseBody(company.id);
    const viaProxy = novoCliente(`${proxy.url}/${modo}`, { tempoLimiteMs: 1_000 });
    const chave = `sdk-${modo}-${corpo.referencia}`;
    const nota = await viaProxy.nfse.emitir(corpo as never, { chaveIdempotencia: chave });
    expect(nota.status).toBe('autorizada');
    const tentativas = proxy.attemptsOf(chave);
    expect(tentativas.map((a) => a.mode)).toEqual([modo, null]);
    // The service answered both; the second is the stored first answer, so one note exists.
    expect(tentativas.map((a) => a.upstreamStatus)).toEqual([201, 201]);
    const mesmas = (await cliente.nfse.listar({ limite: 100 }).todos()).filter(
      (n) => n.referencia === corpo.referencia,
    );
    expect(mesmas.map((n) => n.id)).toEqual([nota.id]);
  });

  it('generates one Idempotency-Key per logical call and reuses it on the retry', async () => {
    const corpo = nfseBody(company.id);
    const viaProxy = novoCliente(`${proxy.url}/502`);
    const antes = proxy.attempts.length;
    const nota = await viaProxy.nfse.emitir(corpo as never);
    const [primeira, segunda] = proxy.attempts.slice(antes);
    expect(primeira!.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(segunda!.idempotencyKey).toBe(primeira!.idempotencyKey);
    const outra = await viaProxy.nfse.emitir(nfseBody(company.id) as never);
    expect(outra.id).not.toBe(nota.id);
    expect(proxy.attempts.at(-1)!.idempotencyKey).not.toBe(primeira!.idempotencyKey);
  });

  it('verifies a real delivery (V2, legacy, tolerance, both secrets during a rotation)', async () => {
    const receiver = await startReceiver();
    try {
      const webhook = await cliente.webhooks.criar({
        url: `${receiver.url}/hook`,
        eventos: ['NFSE_AUTORIZADA'],
        cabecalhos: [],
      });
      const nota = await cliente.nfse.emitir(nfseBody(company.id) as never);
      const [entrega] = await receiver.waitFor(1);
      const evento = await cliente.webhooks.verificar({
        corpo: entrega!.raw,
        cabecalhos: entrega!.headers,
        segredos: webhook.segredo!,
      });
      expect([evento.tipo, evento.esquema, evento.evento_id]).toEqual([
        'NFSE_AUTORIZADA',
        'v2',
        entrega!.headers['x-service-event-id'],
      ]);
      expect((evento.dados as { id: string }).id).toBe(nota.id);
      const t0 = Number(entrega!.headers['x-service-timestamp']) * 1000;
      expect(
        (
          await falhaDe(
            verificarWebhook({ corpo: entrega!.raw, cabecalhos: entrega!.headers, segredos: 'outro-segredo' }),
          )
        ).codigo,
      ).toBe('assinatura_invalida');
      expect(
        (
          await falhaDe(
            verificarWebhook({ corpo: `${entrega!.raw} `, cabecalhos: entrega!.headers, segredos: webhook.segredo! }),
          )
        ).codigo,
      ).toBe('assinatura_invalida');
      expect(
        (
          await falhaDe(
            verificarWebhook({
              corpo: entrega!.raw,
              cabecalhos: entrega!.headers,
              segredos: webhook.segredo!,
              agora: t0 + 301_000,
            }),
          )
        ).codigo,
      ).toBe('assinatura_expirada');
      await expect(
        verificarWebhook({
          corpo: entrega!.raw,
          cabecalhos: entrega!.headers,
          segredos: webhook.segredo!,
          agora: t0 + 299_000,
        }),
      ).resolves.toMatchObject({ esquema: 'v2' });
      // Legacy scheme: only on request, and over the raw body alone.
      const { 'x-service-signature-v2': _v2, ...soLegado } = entrega!.headers;
      expect(
        (await falhaDe(verificarWebhook({ corpo: entrega!.raw, cabecalhos: soLegado, segredos: webhook.segredo! })))
          .codigo,
      ).toBe('assinatura_ausente');
      await expect(
        verificarWebhook({
          corpo: entrega!.raw,
          cabecalhos: soLegado,
          segredos: webhook.segredo!,
          aceitarLegado: true,
        }),
      ).resolves.toMatchObject({ esquema: 'legado' });

      const rotacao = await cliente.webhooks.rotacionarSegredo(webhook.id);
      await cliente.nfse.emitir(nfseBody(company.id) as never);
      const [, depois] = await receiver.waitFor(2);
      expect(String(depois!.headers['x-service-signature-v2']).match(/v1=/g)).toHaveLength(2);
      for (const segredos of [[rotacao.segredo], [webhook.segredo!], [rotacao.segredo, webhook.segredo!]]) {
        await expect(
          verificarWebhook({ corpo: depois!.raw, cabecalhos: depois!.headers, segredos: segredos as string[] }),
        ).resolves.toMatchObject({ tipo: 'NFSE_AUTORIZADA' });
      }
    } finally {
      await receiver.close();
    }
  });

  it('follows a note live over the GraphQL subscription until it leaves transmitindo', async () => {
    const nota = await cliente.nfse.emitir(nfseBody(company.id) as never, {
      simular: 'processamento_lento',
      esperaSegundos: 0,
    });
    expect(nota.status).toBe('transmitindo');
    const vistos: string[] = [];
    for await (const atual of cliente.nfse.acompanhar(nota.id, { webSocketImpl: WebSocket })) vistos.push(atual.status);
    expect(vistos[0]).toBe('transmitindo');
    expect(vistos.at(-1)).toBe('autorizada');
  });

  it('lets an attempt last the wait it asks for: a 201 given after tempoLimiteMs still reaches the caller', async () => {
    // The simulated national system answers after 1.5 s; the attempt's own limit is 300 ms and there is no retry.
    const curto = novoCliente(t.url, { tempoLimiteMs: 300, maxRetentativas: 0 });
    const nota = await curto.nfse.emitir(nfseBody(company.id) as never, {
      simular: 'processamento_lento',
      esperaSegundos: 20,
    });
    expect(nota.status).toBe('autorizada');
    const erro = await falhaDe(curto.nfse.emitir(nfseBody(company.id) as never, { simular: 'processamento_lento' }));
    expect([erro.status, erro.codigo]).toEqual([0, 'tempo_esgotado']);
  });

  it('reads the event log until caught up', async () => {
    const eventos = await cliente.eventos.listar({ limite: 2 }).todos();
    expect(eventos.length).toBeGreaterThan(2);
    expect(eventos.every((e) => typeof e.id === 'string' && typeof e.tipo === 'string')).toBe(true);
    expect(new Set(eventos.map((e) => e.id)).size).toBe(eventos.length);
  });

  it('creates batches from JSON and from an .xlsx file, and reads the company list', async () => {
    const json = await cliente.lotes.criar({
      empresa_id: company.id,
      ao_validar: 'aguardar',
      itens: [nfseBody(undefined) as never],
    });
    expect([json.status, json.origem, json.total]).toEqual(['validando', 'json', 1]);
    const planilha = await xlsxOf([
      ['referencia', 'tomador.documento', 'valor', 'servico.descricao'],
      [ref('xlsx'), CNPJ_TOMADOR, '99.90', 'Consultoria'],
    ]);
    const lote = await cliente.lotes.criar({
      empresa_id: company.id,
      ao_validar: 'aguardar',
      planilha: new Uint8Array(planilha),
    });
    expect([lote.origem, lote.total]).toEqual(['planilha', 1]);
    expect((await cliente.lotes.obter(lote.id)).id).toBe(lote.id);
    expect((await cliente.empresas.listar()).map((e) => e.id)).toContain(company.id);
  });
});
