// Mutations take typed input objects, and the REST facade maps its JSON body onto them. Both
// keep one validation (the engine's) and one error table: a GraphQL client and a REST client sending the same
// request get the same codes, pointers and messages, and a REST body the input type cannot carry (an unknown or
// camelCase member, a number where text is expected) still gets every error the engine reports.
import { beforeAll, describe, expect, it } from 'vitest';
import { expectProblem, httpClient } from '../support/http.js';
import { erro, nfseBody } from '../support/nfse.js';
import type { SeededAccount, SeededCompany } from '../support/seed.js';
import { dashboardGraphql } from '../support/graphql.js';
import type { TestApp } from '../support/test-app.js';
import { fakeDns, PUBLIC_IP } from '../support/webhooks.js';
import { useTestApp } from '../support/use-test-app.js';

let t: TestApp;
let acct: SeededAccount;
let company: SeededCompany;
let http: ReturnType<typeof httpClient>;

useTestApp(
  (s) => ({ t, acct } = s),
  () => ({ worker: false, resolveHost: fakeDns({ 'hooks.example.com': [PUBLIC_IP] }) }),
);
beforeAll(async () => {
  company = await acct.company();
  http = httpClient(t.url, acct.testKey);
}, 120_000);

const { gql } = dashboardGraphql(() => ({ url: t.url, key: acct.testKey }));

const VALIDATE = `mutation($input: NfseInput!) { validateNfse(input: $input) {
  __typename ... on NfseValidation { valida erros { codigo campo mensagem correcao } } ... on DomainError { codigo } } }`;

describe('validateNfse with NfseInput', () => {
  it('reports the same errors as POST /v1/nfse/validacoes for the same request', async () => {
    const rest = {
      empresa_id: company.id,
      referencia: 'x'.repeat(61),
      competencia: '2020-13',
      tomador: { documento: '123', endereco: { cep: '1' } },
      valor: '10,50',
      servico: { descricao: 'Consultoria', aliquota_iss: '9.99', iss_retido: true },
    };
    const typed = {
      empresaId: company.id,
      referencia: 'x'.repeat(61),
      competencia: '2020-13',
      tomador: { documento: '123', endereco: { cep: '1' } },
      valor: '10,50',
      servico: { descricao: 'Consultoria', aliquotaIss: '9.99', issRetido: true },
    };
    const viaRest = await http.post('/v1/nfse/validacoes', rest);
    expect(viaRest.status, viaRest.text).toBe(200);
    expect(viaRest.body.valida).toBe(false);
    const viaGraphql = await gql(VALIDATE, { input: typed });
    expect(viaGraphql.errors).toBeUndefined();
    expect(viaGraphql.data.validateNfse.valida).toBe(false);
    expect(viaGraphql.data.validateNfse.erros.length).toBeGreaterThanOrEqual(5);
    expect(viaGraphql.data.validateNfse.erros).toEqual(
      viaRest.body.erros.map((e: Record<string, unknown>) => ({
        codigo: e.codigo,
        campo: e.campo,
        mensagem: e.mensagem,
        correcao: e.correcao,
      })),
    );
  });

  it('accepts a valid typed request', async () => {
    const body = await gql(VALIDATE, {
      input: {
        empresaId: company.id,
        tomador: { documento: '11222333000181', nome: 'Cliente Ltda' },
        valor: '1500.00',
        servico: { descricao: 'Desenvolvimento de sistema' },
      },
    });
    expect(body.errors).toBeUndefined();
    expect(body.data.validateNfse).toMatchObject({ __typename: 'NfseValidation', valida: true, erros: [] });
  });

  it('refuses a JSON number as Decimal before anything runs', async () => {
    const body = await gql(VALIDATE, { input: { empresaId: company.id, valor: 10.5 } });
    expect(body.data).toBeUndefined();
    expect(body.errors?.[0]?.message).toMatch(/Decimal é um texto decimal/);
    expect(body.errors?.[0]?.extensions?.code).toBe('requisicao_invalida');
  });
});

describe('REST bodies the typed input cannot carry', () => {
  it('a camelCase member is unknown to REST, though it is the typed input name', async () => {
    const res = await http.post('/v1/nfse/validacoes', { ...nfseBody(company.id), informacoesComplementares: 'x' });
    expect(res.status, res.text).toBe(200);
    expect(res.body.valida).toBe(false);
    erro(res.body.erros, 'campo_desconhecido', '/informacoesComplementares');
  });

  it('an id sent as a number is a type error, not coerced to text', async () => {
    const res = await http.post('/v1/nfse/validacoes', { ...nfseBody(undefined), empresa_id: 123 });
    expect(res.status, res.text).toBe(200);
    erro(res.body.erros, 'tipo_invalido', '/empresa_id');
  });

  it('every error of a wrong-typed body is listed at once', async () => {
    const res = await http.post('/v1/nfse', {
      ...nfseBody(company.id),
      valor: 1500,
      extra: true,
      servico: { descricao: 7 },
    });
    const problem = expectProblem(res, 422, 'validacao');
    erro(problem.erros, 'tipo_invalido', '/valor');
    erro(problem.erros, 'campo_desconhecido', '/extra');
    erro(problem.erros, 'tipo_invalido', '/servico/descricao');
  });
});

describe('webhooks with WebhookInput', () => {
  const CREATE = `mutation($input: WebhookInput!) { createWebhook(input: $input) {
    __typename ... on WebhookWithSecret { id url eventos cabecalhos { nome } }
    ... on DomainError { codigo erros { codigo campo mensagem } } } }`;

  it('creates with EventType values and lists the domain errors otherwise', async () => {
    const ok = await gql(CREATE, {
      input: {
        url: 'https://hooks.example.com/fiscal',
        eventos: ['NFSE_AUTORIZADA'],
        cabecalhos: [{ nome: 'X-Token', valor: 's' }],
      },
    });
    expect(ok.errors).toBeUndefined();
    expect(ok.data.createWebhook).toMatchObject({
      __typename: 'WebhookWithSecret',
      eventos: ['NFSE_AUTORIZADA'],
      cabecalhos: [{ nome: 'X-Token' }],
    });

    const bad = await gql(CREATE, { input: { url: 'http://localhost/x', eventos: [] } });
    expect(bad.errors).toBeUndefined();
    expect(bad.data.createWebhook.__typename).toBe('DomainError');
    expect(bad.data.createWebhook.codigo).toBe('validacao');
    const viaRest = await http.post('/v1/webhooks', { url: 'http://localhost/x', eventos: [] });
    expect(viaRest.status, viaRest.text).toBe(422);
    expect(bad.data.createWebhook.erros).toEqual(
      viaRest.body.erros.map((e: Record<string, unknown>) => ({
        codigo: e.codigo,
        campo: e.campo,
        mensagem: e.mensagem,
      })),
    );
  });

  it('an unknown event name is a GraphQL coercion error for GraphQL and evento_desconhecido for REST', async () => {
    const viaGraphql = await gql(CREATE, { input: { url: 'https://hooks.example.com/a', eventos: ['NAO_EXISTE'] } });
    expect(viaGraphql.data).toBeUndefined();
    expect(viaGraphql.errors?.[0]?.message).toMatch(/EventType/);
    const viaRest = await http.post('/v1/webhooks', { url: 'https://hooks.example.com/a', eventos: ['NAO_EXISTE'] });
    erro(expectProblem(viaRest, 422, 'validacao').erros, 'evento_desconhecido', '/eventos/0');
  });
});
