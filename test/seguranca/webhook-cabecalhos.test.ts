// A webhook's custom headers are what Node's HTTP client will send: a value with a control character (other than
// tab) or a character outside ASCII is refused at registration, naming the header, instead of being accepted and
// failing every delivery.
import { validateHeaderName, validateHeaderValue } from 'node:http';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { webhookFields } from '../../src/engine/webhooks/webhook-fields.js';
import { expectProblem, httpClient } from '../support/http.js';
import type { SeededAccount } from '../support/seed.js';
import type { TestApp } from '../support/test-app.js';
import { fakeDns, PUBLIC_IP, webhookBody } from '../support/webhooks.js';
import { useTestApp } from '../support/use-test-app.js';

let t: TestApp;
let account: SeededAccount;

useTestApp(
  (s) => ({ t, acct: account } = s),
  () => ({ worker: false, resolveHost: fakeDns({ 'hooks.example.com': [PUBLIC_IP] }) }),
);

const erros = (body: { erros: Array<{ codigo: string; campo: string }> }) => body.erros.map((e) => [e.codigo, e.campo]);

const accepts = (schema: v.GenericSchema, value: unknown) => v.safeParse(schema, value).success;
const sends = (check: () => void) => {
  try {
    check();
    return true;
  } catch {
    return false;
  }
};

describe('custom webhook headers', () => {
  it('refuses values with a vertical tab, DEL, U+2028 or an accent, naming the header (create and PATCH)', async () => {
    const http = httpClient(t.url, account.liveKey);
    const hostile = { 'vertical tab': 'a\vb', DEL: 'a\x7fb', 'U+2028': 'a\u2028b', acento: 'São Paulo' };
    for (const [kind, valor] of Object.entries(hostile)) {
      const res = await http.post(
        '/v1/webhooks',
        webhookBody({
          cabecalhos: [
            { nome: 'X-Ok', valor: 'ok' },
            { nome: 'X-Tenant', valor },
          ],
        }),
      );
      expect(erros(expectProblem(res, 422, 'validacao')), kind).toEqual([['formato_invalido', '/cabecalhos/1/valor']]);
    }
    const hook = await http.post('/v1/webhooks', webhookBody({ cabecalhos: [{ nome: 'X-Tenant', valor: 'a\tb c~' }] }));
    expect(hook.status, hook.text).toBe(201);
    const patched = await http.request('PATCH', `/v1/webhooks/${hook.body.id}`, {
      body: { cabecalhos: [{ nome: 'X-Tenant', valor: 'a\u2028b' }] },
    });
    expect(erros(expectProblem(patched, 422, 'validacao'))).toEqual([['formato_invalido', '/cabecalhos/0/valor']]);
  });

  it('accepts a name or a value only where Node would send it: names RFC 9110 tokens, values ASCII and tab', () => {
    const header = (nome: string, valor: string) => [{ nome, valor }];
    for (let code = 0; code <= 0x2100; code++) {
      const c = String.fromCharCode(code);
      const value = `a${c}b`;
      const valueOk = accepts(webhookFields.cabecalhos, header('X-A', value));
      expect(valueOk, `value U+${code.toString(16)}`).toBe(code === 9 || (code >= 0x20 && code <= 0x7e));
      if (valueOk) expect(sends(() => validateHeaderValue('x-a', value))).toBe(true);
      const name = `X${c}`;
      if (accepts(webhookFields.cabecalhos, header(name, 'v')))
        expect(sends(() => validateHeaderName(name))).toBe(true);
    }
  });
});
