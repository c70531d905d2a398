import { describe, expect, it } from 'vitest';
import { FakeClock, HOUR } from '../../nucleo/clock.js';
import { ParametrosCache } from './parametros-cache.js';
import type { ConsultaParametro } from './query-parametros-adn.js';

function source(answers: Array<ConsultaParametro<string>>) {
  let calls = 0;
  return {
    get calls() {
      return calls;
    },
    fetch: async () => answers[Math.min(calls++, answers.length - 1)]!,
  };
}

describe('ParametrosCache', () => {
  it('serves an answer within the TTL on the injected clock, then asks again', async () => {
    const clock = new FakeClock('2026-11-02T12:00:00Z');
    const cache = new ParametrosCache({ ttlMs: 12 * HOUR });
    const api = source([
      { kind: 'found', value: 'a', mensagem: null },
      { kind: 'found', value: 'b', mensagem: null },
    ]);
    const now = () => clock.now();
    expect(await cache.obter('k', now, api.fetch)).toMatchObject({ kind: 'found', value: 'a', origem: 'api' });
    clock.advance(12 * HOUR - 1);
    expect(await cache.obter('k', now, api.fetch)).toMatchObject({
      value: 'a',
      origem: 'cache',
      consultadoEm: new Date('2026-11-02T12:00:00Z'),
    });
    expect(api.calls).toBe(1);
    clock.advance(1);
    expect(await cache.obter('k', now, api.fetch)).toMatchObject({ value: 'b', origem: 'api' });
    expect(api.calls).toBe(2);
  });

  it('keeps a 404 as an answer, and uses an expired answer only while the API fails and within the stale window', async () => {
    const clock = new FakeClock('2026-11-02T12:00:00Z');
    const cache = new ParametrosCache({ ttlMs: HOUR, staleMs: 10 * HOUR });
    const now = () => clock.now();
    await cache.obter('k', now, async (): Promise<ConsultaParametro<string>> => ({
      kind: 'not_found',
      mensagem: 'Alíquotas não encontradas',
    }));
    const down = async (): Promise<ConsultaParametro<string>> => ({ kind: 'unknown', cause: 'HTTP 503' });
    clock.advance(2 * HOUR);
    expect(await cache.obter('k', now, down)).toMatchObject({
      kind: 'not_found',
      origem: 'cache_expirado',
      mensagem: 'Alíquotas não encontradas',
    });
    clock.advance(9 * HOUR);
    expect(await cache.obter('k', now, down)).toEqual({ kind: 'unknown', cause: 'HTTP 503', origem: 'indisponivel' });
    expect(
      await cache.obter('other', now, async () => {
        throw new Error('ECONNREFUSED');
      }),
    ).toMatchObject({ kind: 'unknown', cause: 'ECONNREFUSED' });
  });

  it('does not wait past its limit; the late answer still fills the cache, and concurrent readers share one call', async () => {
    const clock = new FakeClock();
    const cache = new ParametrosCache({ esperaMs: 20 });
    const now = () => clock.now();
    let calls = 0;
    const slow = () =>
      new Promise<ConsultaParametro<string>>((resolve) => {
        calls++;
        setTimeout(resolve, 60, { kind: 'found', value: 'x', mensagem: null });
      });
    const [a, b] = await Promise.all([cache.obter('k', now, slow), cache.obter('k', now, slow)]);
    expect(a).toMatchObject({ kind: 'unknown', origem: 'indisponivel' });
    expect(b).toMatchObject({ kind: 'unknown' });
    expect(calls).toBe(1);
    await new Promise((r) => setTimeout(r, 80));
    expect(await cache.obter('k', now, slow)).toMatchObject({ value: 'x', origem: 'cache' });
    expect(calls).toBe(1);
  });
});
