// The company body is declared once (companyBody) and validated once: REST maps its snake_case body to the
// declared shape at the edge, GraphQL's typed input reaches the engine as it is, and both report the same codes
// with snake_case JSON Pointers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyBody } from '../../src/engine/empresas/company-body.js';
import { EngineError } from '../../src/engine/errors.js';
import { bodyIssues, readBody } from '../../src/engine/nucleo/read-body.js';
import type { ValidationIssue } from '../../src/engine/nucleo/validation-issue.js';
import { camelBody } from '../../src/engine/nucleo/camel-body.js';
import { httpClient } from '../support/http.js';
import { MUNICIPIO_NACIONAL, seedAccount, type SeededAccount } from '../support/seed.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

function issuesOf(value: unknown, before: ValidationIssue[] = []): Array<[string, string]> {
  const result = bodyIssues(companyBody, value, before);
  return result.ok ? [] : result.issues.map((i) => [i.codigo, i.campo]);
}

describe('companyBody', () => {
  it('reports every problem at once, with snake_case pointers and Portuguese wording', () => {
    const issues = issuesOf({
      cnpj: '11111111111111',
      municipio: '9999999',
      serieNfe: '999',
      endereco: { logradouro: 'R', numero: 1, bairro: 'Centro', cep: '1', apto: '2' },
      autorizadosXml: ['11444777000162', 5],
      padroes: { aliquotaIss: 2 },
      extra: 1,
    });
    expect(issues).toEqual(
      expect.arrayContaining([
        ['documento_invalido', '/cnpj'],
        ['campo_obrigatorio', '/razao_social'],
        ['formato_invalido', '/municipio'],
        ['formato_invalido', '/serie_nfe'],
        ['formato_invalido', '/endereco/logradouro'],
        ['tipo_invalido', '/endereco/numero'],
        ['formato_invalido', '/endereco/cep'],
        ['campo_desconhecido', '/endereco/apto'],
        ['documento_invalido', '/autorizados_xml/0'],
        ['tipo_invalido', '/autorizados_xml/1'],
        ['tipo_invalido', '/padroes/aliquota_iss'],
        ['campo_desconhecido', '/extra'],
      ]),
    );
    expect(issues).toHaveLength(12);
    try {
      readBody(companyBody, {
        cnpj: '11222333000181',
        razaoSocial: 'X',
        municipio: MUNICIPIO_NACIONAL,
        padroes: { aliquotaIss: 2 },
      });
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(EngineError);
      const [issue] = (err as EngineError).extra.erros as ValidationIssue[];
      expect(issue).toMatchObject({
        codigo: 'tipo_invalido',
        campo: '/padroes/aliquota_iss',
        mensagem: 'Tipo inválido: esperado texto, recebido número.',
      });
      expect(issue!.correcao).toMatch(/entre aspas/);
    }
  });

  it('takes an alphanumeric CNPJ, masked or in lower case, by its check digits; refuses a wrong one', () => {
    const base = { razaoSocial: 'Empresa Alfa', municipio: MUNICIPIO_NACIONAL };
    expect(readBody(companyBody, { ...base, cnpj: '12.abc.345/01de-35' }).cnpj).toBe('12ABC34501DE35');
    expect(issuesOf({ ...base, cnpj: '12ABC34501DE36' })).toEqual([['documento_invalido', '/cnpj']]);
  });

  it('refuses the DPS séries 90000–99999 that the national schema of 27/07/2026 no longer accepts', () => {
    const base = { cnpj: '11222333000181', razaoSocial: 'X', municipio: MUNICIPIO_NACIONAL };
    expect(issuesOf({ ...base, serieDps: '90000' })).toEqual([['formato_invalido', '/serie_dps']]);
    expect(issuesOf({ ...base, serieDps: '99999' })).toEqual([['formato_invalido', '/serie_dps']]);
    expect(issuesOf({ ...base, serieDps: '89999' })).toEqual([]);
  });

  it('returns the typed, normalised body', () => {
    const body = readBody(companyBody, {
      cnpj: '11.222.333/0001-81',
      razaoSocial: '  ACME  ',
      municipio: MUNICIPIO_NACIONAL,
      serieDps: '',
      endereco: null,
      autorizadosXml: ['529.982.247-25'],
      padroes: { codigoNacional: '010101' },
    });
    expect(body).toMatchObject({
      cnpj: '11222333000181',
      razaoSocial: 'ACME',
      serieDps: null,
      endereco: null,
      autorizadosXml: ['52998224725'],
      padroes: { codigoNacional: '010101' },
    });
  });

  it('REST: a camelCase member has no API name and is refused with its own pointer, beside the other problems', () => {
    const before: ValidationIssue[] = [];
    const value = camelBody(
      {
        cnpj: '11222333000181',
        razaoSocial: 'X',
        municipio: MUNICIPIO_NACIONAL,
        padroes: { aliquota_iss: '2.00', issRetido: true },
      },
      '',
      before,
    );
    expect(value).toEqual({ cnpj: '11222333000181', municipio: MUNICIPIO_NACIONAL, padroes: { aliquotaIss: '2.00' } });
    expect(issuesOf(value, before)).toEqual([
      ['campo_desconhecido', '/razaoSocial'],
      ['campo_desconhecido', '/padroes/issRetido'],
      ['campo_obrigatorio', '/razao_social'],
    ]);
  });
});

describe('createCompany through REST and GraphQL', () => {
  let t: TestApp;
  let acct: SeededAccount;
  beforeAll(async () => {
    t = await startTestApp({ worker: false });
    acct = await seedAccount(t.app.engine);
  }, 120_000);
  afterAll(async () => t?.close());

  it('the same problems, with the REST body pointers, from both', async () => {
    const res = await fetch(`${t.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${acct.liveKey}` },
      body: JSON.stringify({
        query: `mutation($input: CompanyInput!) { createCompany(input: $input) { __typename ... on DomainError { codigo erros { codigo campo } } } }`,
        variables: {
          input: { cnpj: '11111111111111', razaoSocial: '', municipio: '9999999', padroes: { aliquotaIss: '2,5' } },
        },
      }),
    });
    const gql = (await res.json()) as {
      data: { createCompany: { codigo: string; erros: Array<{ codigo: string; campo: string }> } };
    };
    expect(gql.data.createCompany.codigo).toBe('validacao');
    const campos = gql.data.createCompany.erros.map((e) => e.campo).sort();
    expect(campos).toEqual(['/cnpj', '/municipio', '/padroes/aliquota_iss', '/razao_social']);

    const rest = await httpClient(t.url, acct.liveKey).post('/v1/companies', {
      cnpj: '11111111111111',
      razao_social: '',
      municipio: '9999999',
      padroes: { aliquota_iss: '2,5' },
    });
    expect(rest.status, rest.text).toBe(422);
    const prefixes = (rest.body.message as string[]).map((m) => m.slice(0, m.indexOf(':'))).sort();
    expect(prefixes).toEqual(['cnpj', 'municipio', 'padroes.aliquota_iss', 'razao_social']);

    const camel = await httpClient(t.url, acct.liveKey).post('/v1/companies', {
      cnpj: '11222333000181',
      razaoSocial: 'X',
      municipio: MUNICIPIO_NACIONAL,
    });
    expect(camel.status, camel.text).toBe(422);
    expect((camel.body.message as string[]).map((m) => m.slice(0, m.indexOf(':'))).sort()).toEqual([
      'razaoSocial',
      'razao_social',
    ]);
  });

  it("REST decides the key's permission before judging the body", async () => {
    const malformed = {
      cnpj: '11222333000181',
      razao_social: 'X',
      municipio: MUNICIPIO_NACIONAL,
      desconhecido: 1,
      padroes: { aliquota_iss: 2 },
    };
    const testKey = await httpClient(t.url, acct.testKey).post('/v1/companies', malformed);
    expect(testKey.status, testKey.text).toBe(403);
    const restricted = await httpClient(t.url, await acct.key('live', (await acct.company()).id)).post(
      '/v1/companies',
      malformed,
    );
    expect(restricted.status, restricted.text).toBe(403);
    // The same body with a key allowed to create companies is judged, every problem at once.
    const live = await httpClient(t.url, acct.liveKey).post('/v1/companies', malformed);
    expect(live.status, live.text).toBe(422);
    expect((live.body.message as string[]).map((m) => m.slice(0, m.indexOf(':'))).sort()).toEqual([
      'desconhecido',
      'padroes.aliquota_iss',
    ]);
  });
});
