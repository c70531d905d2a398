import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import {
  CENARIOS_SIMULACAO,
  FiscalApi,
  FiscalApiError,
  TIPOS_EVENTO,
  Transport,
  Transporte,
  type CenarioSimulacao,
} from '../../sdk/typescript/src/index.js';
import { EVENT_TYPES, TEST_EVENT } from '../../src/engine/webhooks/event-types.js';
import { SCENARIOS } from '../../src/engine/nfse/simulator-scenario.js';
import { backoffDelay, rateLimitDelay } from '../../sdk/typescript/src/backoff-delay.js';

type Answer = Response | Error;

/** A client whose fetch plays `answers` in order and records each request; waits are recorded, not slept. */
function scripted(answers: Answer[], extra: Partial<ConstructorParameters<typeof FiscalApi>[0]> = {}) {
  const requests: Array<{ url: string; method: string; key: string | null; userAgent: string | null }> = [];
  const waits: number[] = [];
  const cliente = new FiscalApi({
    chaveApi: 'svc_test_x',
    urlBase: 'http://api.invalid',
    esperar: async (ms) => void waits.push(ms),
    fetch: async (input, init) => {
      const headers = new Headers(init?.headers);
      requests.push({
        url: String(input),
        method: init?.method ?? 'GET',
        key: headers.get('idempotency-key'),
        userAgent: headers.get('user-agent'),
      });
      const next = answers.shift();
      if (!next) throw new Error('no more scripted answers');
      if (next instanceof Error) throw next;
      return next;
    },
    ...extra,
  });
  return { cliente, requests, waits };
}

const problem = (status: number, codigo: string, retentavel: boolean, extra: object = {}) =>
  new Response(
    JSON.stringify({
      type: `x/erros/${codigo}`,
      codigo,
      codigo_oficial: null,
      campo: null,
      mensagem: codigo,
      correcao: null,
      retentavel,
      requisicao_id: 'req-1',
      ...extra,
    }),
    {
      status,
      headers: { 'content-type': 'application/problem+json', 'x-request-id': 'req-1' },
    },
  );
const note = () =>
  new Response(JSON.stringify({ id: 'n1', status: 'autorizada' }), {
    status: 201,
    headers: { 'content-type': 'application/json' },
  });
const emitir = (cliente: FiscalApi) => cliente.nfse.emitir({ empresa_id: 'e', valor: '1.00' } as never);

describe('retry rules of the TypeScript client', () => {
  it.each([
    [400, 'requisicao_invalida', false],
    [401, 'nao_autenticado', false],
    [403, 'acesso_negado', false],
    [404, 'nfse_nao_encontrada', false],
    [409, 'conflito', true],
    [412, 'empresa_nao_pronta', false],
    [422, 'validacao', false],
  ])('never repeats a %i (%s)', async (status, codigo, retentavel) => {
    const { cliente, requests } = scripted([problem(status, codigo, retentavel), note()]);
    const erro = (await emitir(cliente).catch((e) => e)) as FiscalApiError;
    expect(erro).toBeInstanceOf(FiscalApiError);
    expect([erro.status, erro.codigo, erro.requisicao_id]).toEqual([status, codigo, 'req-1']);
    expect(requests).toHaveLength(1);
  });

  it('repeats a 500, a 503 and a dropped connection with the same key, then succeeds', async () => {
    const { cliente, requests, waits } = scripted([
      problem(500, 'erro_interno', true),
      problem(503, 'servico_indisponivel', true),
      new TypeError('fetch failed'),
      note(),
    ]);
    expect((await emitir(cliente)).id).toBe('n1');
    expect(requests).toHaveLength(4);
    expect(new Set(requests.map((r) => r.key)).size).toBe(1);
    expect(requests[0]!.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(waits).toHaveLength(3);
  });

  it('does not repeat a 5xx whose body says retentavel false', async () => {
    const { cliente, requests } = scripted([problem(503, 'manutencao', false), note()]);
    expect(((await emitir(cliente).catch((e) => e)) as FiscalApiError).codigo).toBe('manutencao');
    expect(requests).toHaveLength(1);
  });

  it('honours Retry-After on a 429, else waits for the next clock minute', async () => {
    const limited = (headers: Record<string, string>) =>
      new Response(JSON.stringify({ message: 'Too Many Requests', code: 'RATE_LIMITED' }), { status: 429, headers });
    const { cliente, waits } = scripted([
      limited({ 'retry-after': '7' }),
      limited({ date: 'Thu, 26 Nov 2026 17:00:45 GMT' }),
      note(),
    ]);
    expect((await emitir(cliente)).id).toBe('n1');
    expect(waits[0]).toBe(7_000);
    expect(waits[1]).toBe(15_250);
  });

  it('gives up after maxRetentativas with the last error, the key unchanged', async () => {
    const { cliente, requests } = scripted(
      [problem(500, 'erro_interno', true), problem(500, 'erro_interno', true), problem(500, 'erro_interno', true)],
      { maxRetentativas: 2 },
    );
    const erro = (await emitir(cliente).catch((e) => e)) as FiscalApiError;
    expect([erro.status, erro.codigo, erro.retentavel]).toEqual([500, 'erro_interno', true]);
    expect(requests).toHaveLength(3);
    expect(new Set(requests.map((r) => r.key)).size).toBe(1);
  });

  it('a connection that keeps failing becomes FiscalApiError erro_de_conexao', async () => {
    const { cliente } = scripted([new TypeError('fetch failed'), new TypeError('fetch failed')], {
      maxRetentativas: 1,
    });
    const erro = (await emitir(cliente).catch((e) => e)) as FiscalApiError;
    expect([erro.status, erro.codigo, erro.retentavel]).toEqual([0, 'erro_de_conexao', true]);
  });

  it('a caller-supplied key is sent as is; GETs carry none', async () => {
    const { cliente, requests } = scripted([note(), new Response('{"id":"n1"}', { status: 200 })]);
    await cliente.nfse.emitir({} as never, { chaveIdempotencia: 'pedido-42' });
    await cliente.nfse.obter('n1');
    expect(requests.map((r) => r.key)).toEqual(['pedido-42', null]);
  });

  it('maps the {statusCode, message, error} routes onto codigo', async () => {
    const nest = new Response(
      JSON.stringify({ statusCode: 403, message: ['chave de teste não pode criar empresas'], error: 'Forbidden' }),
      { status: 403, headers: { 'x-request-id': 'req-9' } },
    );
    const { cliente } = scripted([nest]);
    const erro = (await cliente.empresas.criar({} as never).catch((e) => e)) as FiscalApiError;
    expect([erro.status, erro.codigo, erro.mensagem, erro.requisicao_id]).toEqual([
      403,
      'acesso_negado',
      'chave de teste não pode criar empresas',
      'req-9',
    ]);
  });

  it('still takes the deprecated option names for one version (apiKey, baseUrl, maxRetries, timeoutMs…)', async () => {
    const requests: string[] = [];
    const waits: number[] = [];
    const antigo = new FiscalApi({
      apiKey: 'svc_test_antiga',
      baseUrl: 'http://api.invalid/',
      maxRetries: 1,
      retryDelayMs: 40,
      maxRetryDelayMs: 40,
      timeoutMs: 5,
      esperar: async (ms) => void waits.push(ms),
      fetch: async (input, init) => {
        requests.push(`${String(input)} ${new Headers(init?.headers).get('authorization')}`);
        return new Promise<Response>((_resolve, reject) =>
          init?.signal?.addEventListener('abort', () => reject(new Error('abortado'))),
        );
      },
    });
    const erro = (await antigo.nfse.obter('n1').catch((e) => e)) as FiscalApiError;
    expect([erro.codigo, erro.mensagem]).toEqual(['tempo_esgotado', 'Sem resposta em 5 ms após 2 tentativas']);
    expect(requests).toEqual(Array(2).fill('http://api.invalid/v1/nfse/n1 Bearer svc_test_antiga'));
    expect(waits).toHaveLength(1);
    expect(waits[0]).toBeGreaterThanOrEqual(20);
    expect(waits[0]).toBeLessThanOrEqual(40);
    const transporte = new Transport({ apiKey: 'svc_test_antiga', baseUrl: 'http://api.invalid/' });
    expect(transporte).toBeInstanceOf(Transporte);
    expect([transporte.apiKey, transporte.baseUrl]).toEqual([transporte.chaveApi, transporte.urlBase]);
    expect(transporte.urlBase).toBe('http://api.invalid');
  });

  it('waits out a 409 conflito on a repeated attempt (its own first one still running), Retry-After first', async () => {
    const conflito = (headers: Record<string, string> = {}) => {
      const answer = problem(409, 'conflito', true);
      for (const [name, value] of Object.entries(headers)) answer.headers.set(name, value);
      return answer;
    };
    const { cliente, requests, waits } = scripted([
      new TypeError('fetch failed'),
      conflito(),
      conflito({ 'retry-after': '2' }),
      note(),
    ]);
    expect((await emitir(cliente)).id).toBe('n1');
    expect(requests).toHaveLength(4);
    expect(new Set(requests.map((r) => r.key)).size).toBe(1);
    expect(waits).toHaveLength(3);
    expect(waits[2]).toBe(2_000);
  });

  it('gives the 409 conflito to the caller once the waits would pass limiteConflitoMs', async () => {
    const conflito = () => {
      const answer = problem(409, 'conflito', true);
      answer.headers.set('retry-after', '2');
      return answer;
    };
    const { cliente, requests, waits } = scripted(
      [new TypeError('fetch failed'), conflito(), conflito(), conflito(), note()],
      { limiteConflitoMs: 5_000 },
    );
    const erro = (await emitir(cliente).catch((e) => e)) as FiscalApiError;
    expect([erro.status, erro.codigo, erro.retentavel]).toEqual([409, 'conflito', true]);
    // The connection failure's backoff, then two waits of 2 s: a third would pass 5 s.
    expect(waits.slice(1)).toEqual([2_000, 2_000]);
    expect(requests).toHaveLength(4);
  });

  it('does not wait out another 409 on a repeated attempt', async () => {
    const { cliente, requests } = scripted([
      new TypeError('fetch failed'),
      problem(409, 'idempotencia_conflito', false),
      note(),
    ]);
    expect(((await emitir(cliente).catch((e) => e)) as FiscalApiError).codigo).toBe('idempotencia_conflito');
    expect(requests).toHaveLength(2);
  });

  it('names the library and its version in User-Agent, then the application when it gives one', async () => {
    const { version } = JSON.parse(readFileSync('sdk/typescript/package.json', 'utf8')) as { version: string };
    const proprio = scripted([note()]);
    await emitir(proprio.cliente);
    expect(proprio.requests[0]!.userAgent).toBe(`fiscal-api-sdk-typescript/${version}`);
    const comApp = scripted([note()], { userAgent: 'minha-loja/2.3' });
    await emitir(comApp.cliente);
    expect(comApp.requests[0]!.userAgent).toBe(`fiscal-api-sdk-typescript/${version} minha-loja/2.3`);
  });

  it('passes every filter of a list through to the query string', async () => {
    const page = () => new Response(JSON.stringify({ dados: [], proximo_cursor: null }), { status: 200 });
    const events = () => new Response(JSON.stringify({ eventos: [], proximo_cursor: 'c9' }), { status: 200 });
    const { cliente, requests } = scripted([page(), page(), events(), page()]);
    await cliente.lotes.itens('l1', { status: 'com_erro_validacao', limite: 5 }).todos();
    await cliente.nfse.listar({ status: 'autorizada', cursor: 'c1' }).todos();
    await cliente.eventos.listar({ empresa_id: 'e1', apos: 'c2' }).todos();
    await cliente.nfe.listar({ referencia: 'pedido', desde: '2026-01-01', empresa_id: 'e1' }).todos();
    const queries = requests.map((r) => Object.fromEntries(new URL(r.url).searchParams));
    expect(queries).toEqual([
      { status: 'com_erro_validacao', limite: '5' },
      { status: 'autorizada', cursor: 'c1' },
      { empresa_id: 'e1', apos: 'c2' },
      { referencia: 'pedido', desde: '2026-01-01', empresa_id: 'e1' },
    ]);
  });

  it("names the service's event types and simulator scenarios", () => {
    expect([...TIPOS_EVENTO].sort()).toEqual([...EVENT_TYPES, TEST_EVENT].sort());
    for (const cenario of CENARIOS_SIMULACAO) expect(cenario).toMatch(SCENARIOS);
    const codigos: CenarioSimulacao = 'rejeitar:E0312,E0316';
    expect(codigos).toMatch(SCENARIOS);
    // @ts-expect-error a scenario the service does not know is a type error, not a string passed along
    const errado: CenarioSimulacao = 'rejeita';
    expect(errado).not.toMatch(SCENARIOS);
  });

  it('backoff doubles from the base and stops at the cap', () => {
    const top = (n: number) => backoffDelay(n, 500, 8_000, () => 1);
    expect([1, 2, 3, 4, 5, 6].map(top)).toEqual([500, 1_000, 2_000, 4_000, 8_000, 8_000]);
    expect(backoffDelay(3, 500, 8_000, () => 0)).toBe(1_000);
    expect(rateLimitDelay('Thu, 26 Nov 2026 17:01:00 GMT', 'Thu, 26 Nov 2026 17:00:30 GMT', 0)).toBe(30_000);
  });
});
