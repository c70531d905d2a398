import { describe, expect, it } from 'vitest';
import { eventsOfType } from '../support/eventos.js';
import { graphql } from '../support/graphql.js';
import { httpClient } from '../support/http.js';
import { MUNICIPIO_NACIONAL, seedAccount, type SeededAccount } from '../support/seed.js';
import type { TestApp } from '../support/test-app.js';
import { useTestApp } from '../support/use-test-app.js';

let t: TestApp;
let acct: SeededAccount;

useTestApp(
  (s) => ({ t, acct } = s),
  () => ({ worker: false }),
);

const patch = (key: string, id: string, body: unknown) =>
  httpClient(t.url, key).request('PATCH', `/v1/companies/${id}`, { body });
const get = async (id: string) => (await httpClient(t.url, acct.liveKey).get(`/v1/companies/${id}`)).body;
const readinessEvents = async (companyId: string) =>
  (await eventsOfType(httpClient(t.url, acct.liveKey), 'EMPRESA_PRONTIDAO_ALTERADA')).filter(
    (e) => e.dados.empresa_id === companyId,
  );

describe('PATCH /v1/companies/{id}', () => {
  it('sets the tax regime readiness asked for; the blocked company becomes ready and EMPRESA_PRONTIDAO_ALTERADA is appended at once', async () => {
    const company = await acct.company({ regime_tributario: null });
    const before = await httpClient(t.url, acct.liveKey).get(`/v1/companies/${company.id}/prontidao`);
    expect(before.body.itens.find((i: { item: string }) => i.item === 'regime_tributario').situacao).toBe('bloqueio');

    const res = await patch(acct.liveKey, company.id, { regime_tributario: 'lucro_presumido' });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ id: company.id, cnpj: company.cnpj, regime_tributario: 'lucro_presumido' });

    const after = await httpClient(t.url, acct.liveKey).get(`/v1/companies/${company.id}/prontidao`);
    expect(after.body.itens.find((i: { item: string }) => i.item === 'regime_tributario').situacao).toBe('ok');
    const [event, ...more] = await readinessEvents(company.id);
    expect(more).toEqual([]);
    expect(event.ambiente).toBe('producao');
    expect(event.dados.alterados).toEqual([{ item: 'regime_tributario', de: 'bloqueio', para: 'ok' }]);
    expect(event.dados.itens.find((i: { item: string }) => i.item === 'regime_tributario').situacao).toBe('ok');

    // A change that moves no readiness item announces nothing; the test environment never gets the event.
    expect((await patch(acct.liveKey, company.id, { email: 'fiscal@example.com.br' })).body.email).toBe(
      'fiscal@example.com.br',
    );
    expect(await readinessEvents(company.id)).toHaveLength(1);
    expect(await eventsOfType(httpClient(t.url, acct.testKey), 'EMPRESA_PRONTIDAO_ALTERADA')).toEqual([]);
  });

  it('changes only the members sent: padroes merge member by member, null clears, the token is stored and never shown', async () => {
    const company = await acct.company({
      inscricao_municipal: '12345',
      padroes: { codigo_nacional: '010101', aliquota_iss: '2.00' },
    });
    const res = await patch(acct.liveKey, company.id, {
      razao_social: 'Nova Razão Ltda',
      padroes: { nbs: '115021000', aliquota_iss: null },
      token_municipio: 'tok-secreto-1',
      inscricao_municipal: null,
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({
      razao_social: 'Nova Razão Ltda',
      inscricao_municipal: null,
      municipio: MUNICIPIO_NACIONAL,
      token_municipio_configurado: true,
    });
    expect(res.body.padroes).toEqual({ codigo_nacional: '010101', nbs: '115021000' });
    expect(res.text).not.toContain('tok-secreto-1');
    expect(Date.parse(res.body.atualizado_em)).toBeGreaterThanOrEqual(Date.parse(res.body.criado_em));
    // {} changes nothing; null removes every default and the token.
    expect((await patch(acct.liveKey, company.id, { padroes: {} })).body.padroes).toEqual({
      codigo_nacional: '010101',
      nbs: '115021000',
    });
    const cleared = await patch(acct.liveKey, company.id, { padroes: null, token_municipio: null });
    expect(cleared.body).toMatchObject({
      padroes: {},
      token_municipio_configurado: false,
      razao_social: 'Nova Razão Ltda',
    });
  });

  it('concurrent changes of different defaults all survive (the merge reads the stored defaults under the row lock)', async () => {
    const company = await acct.company();
    const results = await Promise.all([
      patch(acct.liveKey, company.id, { padroes: { nbs: '115021000' } }),
      patch(acct.liveKey, company.id, { padroes: { iss_retido: true } }),
      patch(acct.liveKey, company.id, { padroes: { aliquota_iss: '3.00' } }),
    ]);
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    expect((await get(company.id)).padroes).toEqual({
      codigo_nacional: '010101',
      aliquota_iss: '3.00',
      nbs: '115021000',
      iss_retido: true,
    });
  });

  it('refuses a bad body with every problem named, in the companies error format, and changes nothing', async () => {
    const company = await acct.company();
    const stored = await get(company.id);
    const res = await patch(acct.liveKey, company.id, {
      cnpj: '11222333000181',
      razao_social: null,
      municipio: '9999999',
      regime_tributario: 'lucro_imaginario',
      serie_dps: '49999',
      campo_novo: 1,
    });
    expect(res.status, res.text).toBe(422);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(Object.keys(res.body).sort()).toEqual(['error', 'message', 'statusCode']);
    const messages: string[] = res.body.message;
    for (const field of ['cnpj', 'razao_social', 'municipio', 'regime_tributario', 'serie_dps', 'campo_novo']) {
      expect(
        messages.some((m) => m.startsWith(`${field}:`)),
        `${field} in ${JSON.stringify(messages)}`,
      ).toBe(true);
    }
    expect(messages.find((m) => m.startsWith('cnpj:'))).toMatch(/não muda/);
    expect(await get(company.id)).toEqual(stored);

    const wrongType = await patch(acct.liveKey, company.id, { padroes: { aliquota_iss: 2 }, autorizados_xml: ['123'] });
    expect(wrongType.status).toBe(422);
    expect(wrongType.body.message.some((m: string) => m.startsWith('padroes.aliquota_iss:'))).toBe(true);
    expect(wrongType.body.message.some((m: string) => m.startsWith('autorizados_xml.0:'))).toBe(true);
    expect(await get(company.id)).toEqual(stored);
  });

  it('is scoped: a test key cannot change companies, a restricted key only its own, another account sees none', async () => {
    const company = await acct.company();
    const other = await acct.company();
    const stored = await get(company.id);
    expect((await patch(acct.testKey, company.id, { email: 'x@example.com' })).status).toBe(403);
    const restricted = await acct.key('live', other.id);
    expect((await patch(restricted, company.id, { email: 'x@example.com' })).status).toBe(403);
    expect((await patch(restricted, other.id, { email: 'own@example.com' })).status).toBe(200);
    const foreign = await seedAccount(t.app.engine, 'Outra conta');
    expect((await patch(foreign.liveKey, company.id, { email: 'x@example.com' })).status).toBe(404);
    expect(await get(company.id)).toEqual(stored);
  });

  it('is the GraphQL mutation updateCompany, with the same rules', async () => {
    const company = await acct.company({ regime_tributario: 'simples_nacional' });
    const mutation = `mutation($id: ID!, $input: UpdateCompanyInput!) { updateCompany(id: $id, input: $input) {
      __typename ... on Company { regimeApuracaoSimples padroes } ... on DomainError { codigo campo extra } } }`;
    const ok = await graphql(t.url, acct.liveKey, mutation, {
      id: company.id,
      input: { regimeApuracaoSimples: 'federais_municipal_sn', padroes: { nbs: '122011100' } },
    });
    expect(ok.updateCompany).toMatchObject({
      __typename: 'Company',
      regimeApuracaoSimples: 'federais_municipal_sn',
      padroes: { codigo_nacional: '010101', nbs: '122011100' },
    });
    const [event] = await readinessEvents(company.id);
    expect(event.dados.alterados).toEqual(
      expect.arrayContaining([
        { item: 'regime_apuracao_simples', de: 'aviso', para: 'ok' },
        { item: 'reducao_ibs_cbs', de: 'ok', para: 'aviso' },
      ]),
    );
    const bad = await graphql(t.url, acct.liveKey, mutation, { id: company.id, input: { regimeTributario: 'outro' } });
    expect(bad.updateCompany).toMatchObject({ __typename: 'DomainError', codigo: 'validacao' });
    expect(bad.updateCompany.extra.erros[0]).toMatchObject({ campo: '/regime_tributario', codigo: 'formato_invalido' });
  });
});
