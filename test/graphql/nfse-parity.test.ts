// issueNfse, nfse, notas and eventos over POST /graphql give the data of
// the REST routes, with camelCase field names (JSON values such as `detalhe` and `dados` are left as they are).
import { beforeAll, describe, expect, it } from 'vitest';
import { camelKeys } from '../../src/rest/camel-keys.js';
import { graphql } from '../support/graphql.js';
import { httpClient, type Http } from '../support/http.js';
import { nfseBody } from '../support/nfse.js';
import type { SeededAccount, SeededCompany } from '../support/seed.js';
import type { TestApp } from '../support/test-app.js';
import { useTestApp } from '../support/use-test-app.js';

let t: TestApp;
let acct: SeededAccount;
let company: SeededCompany;
let key: string;
let rest: Http;

useTestApp((s) => ({ t, acct } = s));
beforeAll(async () => {
  company = await acct.company();
  key = await acct.key('test');
  rest = httpClient(t.url, await acct.key('test'));
});

const NFSE = `
  id referencia status ambiente empresaId valor competencia serieDps numeroDps dpsId numero chaveAcesso
  rejeicao { codigoOficial mensagem explicacao erros }
  cancelamento substitui substituidaPor
  falha { dpsEnviada motivo }
  aviso { codigo mensagem desde }
  eventos { tipo em detalhe }
  ajustes { campo acao motivo regra }
  regrasVersao criadaEm atualizadaEm autorizadaEm`;
const ERROR = `... on DomainError { codigo mensagem campo correcao codigoOficial retentavel erros { codigo campo mensagem correcao codigoOficial } extra }`;

const camelKey = (k: string) => k.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
function camelObject(o: Record<string, unknown> | null) {
  return o === null ? null : Object.fromEntries(Object.entries(o).map(([k, v]) => [camelKey(k), v]));
}
/** The REST record in the GraphQL names: record and typed sub-objects; JSON scalars untouched. */
function camelNote(n: Record<string, any>) {
  return {
    ...camelObject(n),
    rejeicao: camelObject(n.rejeicao),
    falha: camelObject(n.falha),
    aviso: camelObject(n.aviso),
    eventos: n.eventos.map(camelObject),
    ajustes: n.ajustes.map(camelObject),
  };
}

describe('GraphQL parity with REST', () => {
  it('issueNfse returns the note REST shows', async () => {
    const data = await graphql(
      t.url,
      key,
      `mutation($input: NfseInput!) { issueNfse(input: $input) { __typename ... on Nfse { ${NFSE} } ${ERROR} } }`,
      {
        input: camelKeys(nfseBody(company.id)),
      },
    );
    const note = data.issueNfse;
    expect(note.__typename).toBe('Nfse');
    expect(note.status).toBe('autorizada');
    const { __typename, ...fields } = note;
    expect(fields).toEqual(camelNote((await rest.get(`/v1/nfse/${note.id}`)).body));
  });

  it('issueNfse refusals are DomainError members with the REST codes and erros', async () => {
    const body = nfseBody(company.id, {
      valor: '10,50',
      competencia: '2020-13',
      servico: { descricao: '', codigo_nacional: 'abc' },
    });
    const data = await graphql(
      t.url,
      key,
      `mutation($input: NfseInput!) { issueNfse(input: $input) { __typename ${ERROR} } }`,
      { input: camelKeys(body) },
    );
    const viaRest = await rest.post('/v1/nfse', body);
    expect(viaRest.status).toBe(422);
    expect(data.issueNfse).toMatchObject({ __typename: 'DomainError', codigo: 'validacao', retentavel: false });
    expect(data.issueNfse.erros).toEqual(viaRest.body.erros.map(camelObject));

    const rejected = await graphql(
      t.url,
      key,
      `mutation($input: NfseInput!, $s: String) { issueNfse(input: $input, simular: $s) { __typename ${ERROR} } }`,
      {
        input: camelKeys(nfseBody(company.id)),
        s: 'rejeitar',
      },
    );
    expect(rejected.issueNfse).toMatchObject({ __typename: 'DomainError', codigo: 'nfse_rejeitada' });
    expect(rejected.issueNfse.codigoOficial).toMatch(/^E\d{4}$/);
    const restNote = (await rest.get(`/v1/nfse/${rejected.issueNfse.extra.nfse.id}`)).body;
    expect(rejected.issueNfse.extra.nfse).toEqual(restNote);
  });

  it('issueNfse with waitSeconds 0 answers transmitindo, like Prefer: wait=0', async () => {
    const data = await graphql(
      t.url,
      key,
      `
        mutation ($input: NfseInput!) {
          issueNfse(input: $input, waitSeconds: 0) {
            ... on Nfse {
              id
              status
            }
          }
        }
      `,
      {
        input: camelKeys(nfseBody(company.id)),
      },
    );
    expect(data.issueNfse.status).toBe('transmitindo');
  });

  it('nfse(id) by id, referencia and chave_acesso equals GET /v1/nfse/{id}', async () => {
    const body = nfseBody(company.id);
    const created = (await rest.post('/v1/nfse', body)).body;
    for (const id of [created.id, body.referencia, created.chave_acesso]) {
      const data = await graphql(
        t.url,
        key,
        `query($id: String!) { nfse(id: $id) { __typename ... on Nfse { ${NFSE} } ${ERROR} } }`,
        { id },
      );
      const { __typename, ...fields } = data.nfse;
      expect(__typename).toBe('Nfse');
      expect(fields).toEqual(camelNote(created));
    }
    const missing = await graphql(t.url, key, `query { nfse(id: "nao-existe") { __typename ${ERROR} } }`);
    expect(missing.nfse).toMatchObject({ __typename: 'DomainError', codigo: 'nfse_nao_encontrada' });
  });

  it('notas pages like GET /v1/nfse (which executes it), cursor included', async () => {
    for (let i = 0; i < 3; i++) expect((await rest.post('/v1/nfse', nfseBody(company.id))).status).toBe(201);
    const NOTAS = `query($c: String, $f: NotasFiltro) { notas(first: 2, after: $c, filtro: $f) { pageInfo { hasNextPage endCursor } edges { node { ${NFSE} } } } }`;
    const first = await graphql(t.url, key, NOTAS);
    const restFirst = (await rest.get('/v1/nfse?limite=2')).body;
    expect(first.notas.edges.map((e: { node: unknown }) => e.node)).toEqual(restFirst.dados.map(camelNote));
    expect(first.notas.pageInfo).toEqual({ hasNextPage: true, endCursor: restFirst.proximo_cursor });
    const second = await graphql(t.url, key, NOTAS, {
      c: first.notas.pageInfo.endCursor,
      f: { status: ['autorizada'] },
    });
    const restSecond = (await rest.get(`/v1/nfse?limite=2&status=autorizada&cursor=${restFirst.proximo_cursor}`)).body;
    expect(second.notas.edges.map((e: { node: unknown }) => e.node)).toEqual(restSecond.dados.map(camelNote));
    const res = await fetch(`${t.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
      body: JSON.stringify({ query: '{ notas(after: "???") { totalCount } }' }),
    });
    const bad = (await res.json()) as { errors?: Array<{ extensions?: Record<string, unknown> }> };
    expect(bad.errors?.[0]?.extensions).toMatchObject({ codigo: 'parametro_invalido' });
  });

  it('eventos equals GET /v1/eventos (dados untouched)', async () => {
    expect((await rest.post('/v1/nfse', nfseBody(company.id))).status).toBe(201);
    const data = await graphql(
      t.url,
      key,
      `
        {
          eventos(first: 1000) {
            proximoCursor
            edges {
              node {
                id
                tipo
                ambiente
                criadoEm
                dados
              }
            }
          }
        }
      `,
    );
    const viaRest = (await rest.get('/v1/eventos?limite=1000')).body;
    const eventos = data.eventos.edges.map((e: { node: unknown }) => e.node);
    expect(eventos.length).toBeGreaterThan(0);
    expect(eventos).toEqual(viaRest.eventos.map(camelObject));
    expect(data.eventos.proximoCursor).toBe(viaRest.proximo_cursor);
    const res = await fetch(`${t.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
      body: JSON.stringify({ query: '{ eventos(first: 0) { proximoCursor } }' }),
    });
    const bad = (await res.json()) as { errors?: Array<{ extensions?: Record<string, unknown> }> };
    expect(bad.errors?.[0]?.extensions).toMatchObject({ codigo: 'parametro_invalido' });
  });

  it('without a key GraphQL refuses the NFS-e fields', async () => {
    const res = await fetch(`${t.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ notas { totalCount } }' }),
    });
    const body = (await res.json()) as { data?: unknown; errors?: unknown[] };
    expect(body.errors?.length).toBeGreaterThan(0);
  });
});
