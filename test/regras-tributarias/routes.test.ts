import { describe, expect, it } from 'vitest';
import { REGRAS_POR_EMPRESA } from '../../src/engine/regras-tributarias/create-regra-tributaria.js';
import { dashboardGraphql } from '../support/graphql.js';
import { httpClient } from '../support/http.js';
import { seedAccount, type SeededAccount } from '../support/seed.js';
import type { TestApp } from '../support/test-app.js';
import { useTestApp } from '../support/use-test-app.js';

let t: TestApp;
let acct: SeededAccount;
let seq = 0;

useTestApp((s) => ({ t, acct } = s));
const { gql } = dashboardGraphql(() => ({ url: t.url, key: acct.liveKey }));

const path = (empresaId: string, id?: string) => `/v1/companies/${empresaId}/regras-tributarias${id ? `/${id}` : ''}`;
const monofasico = (extra: Record<string, unknown> = {}) => ({
  descricao: `Água: PIS/COFINS monofásico ${++seq}`,
  criterios: { ncm_prefixo: '2201.10', uf_destino: 'sp' },
  tributacao: { pis: { cst: '04' }, cofins: { cst: '04' } },
  ...extra,
});

describe('REST /v1/companies/{id}/regras-tributarias', () => {
  it('creates, reads, lists, changes and removes a rule, criteria normalised and unset members left out', async () => {
    const company = await acct.company();
    const live = httpClient(t.url, acct.liveKey);
    const created = await live.post(path(company.id), monofasico());
    expect(created.status, created.text).toBe(201);
    expect(created.body).toMatchObject({
      empresa_id: company.id,
      criterios: { ncm_prefixo: '220110', uf_destino: 'SP' },
      tributacao: { pis: { cst: '04' }, cofins: { cst: '04' } },
      ativa: true,
      ambiente: 'producao',
    });
    expect(Object.keys(created.body.criterios).sort()).toEqual(['ncm_prefixo', 'uf_destino']);
    expect(created.body.tributacao).not.toHaveProperty('icms');
    const id = created.body.id as string;

    expect((await live.get(path(company.id, id))).body).toEqual(created.body);

    const changed = await live.request('PATCH', path(company.id, id), {
      body: { ativa: false, tributacao: { ibs_cbs: { c_class_trib: '200003' } } },
    });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body).toMatchObject({ ativa: false, tributacao: { ibs_cbs: { c_class_trib: '200003' } } });
    expect(changed.body.tributacao).not.toHaveProperty('pis');
    expect(changed.body.criterios).toEqual(created.body.criterios);

    const list = await live.get(path(company.id));
    expect(list.status).toBe(200);
    expect(list.body.dados.map((r: { id: string }) => r.id)).toEqual([id]);

    expect((await live.request('DELETE', path(company.id, id))).status).toBe(204);
    const gone = await live.get(path(company.id, id));
    expect(gone.status).toBe(404);
    expect(gone.body.message).toContain(`Regra tributária ${id} não encontrada`);
  });

  it('pages oldest first with an opaque cursor', async () => {
    const company = await acct.company();
    const live = httpClient(t.url, acct.liveKey);
    const ids: string[] = [];
    for (const uf of ['SP', 'RJ', 'MG']) {
      const res = await live.post(path(company.id), monofasico({ criterios: { uf_destino: uf } }));
      expect(res.status, res.text).toBe(201);
      ids.push(res.body.id);
    }
    const first = await live.get(`${path(company.id)}?limite=2`);
    expect(first.body.dados.map((r: { id: string }) => r.id)).toEqual(ids.slice(0, 2));
    const second = await live.get(`${path(company.id)}?limite=2&cursor=${first.body.proximo_cursor}`);
    expect(second.body).toMatchObject({ proximo_cursor: null });
    expect(second.body.dados.map((r: { id: string }) => r.id)).toEqual([ids[2]]);
    const bad = await live.get(`${path(company.id)}?cursor=xyz`);
    expect(bad.status).toBe(400);
  });

  it('another account or environment neither sees nor changes the rule; a key of another company gets 403', async () => {
    const company = await acct.company();
    const other = await acct.company();
    const live = httpClient(t.url, acct.liveKey);
    const created = await live.post(path(company.id), monofasico());
    const id = created.body.id as string;

    const sandbox = httpClient(t.url, acct.testKey);
    expect((await sandbox.get(path(company.id, id))).status).toBe(404);
    expect((await sandbox.get(path(company.id))).body.dados).toEqual([]);
    expect((await sandbox.request('PATCH', path(company.id, id), { body: { ativa: false } })).status).toBe(404);
    expect((await sandbox.request('DELETE', path(company.id, id))).status).toBe(404);
    // The same criteria are free in the other environment: each environment has its own rules.
    expect((await sandbox.post(path(company.id), monofasico())).status).toBe(201);

    const stranger = httpClient(t.url, (await seedAccount(t.app.engine, 'Outra conta')).liveKey);
    expect((await stranger.get(path(company.id, id))).status).toBe(404);
    expect((await stranger.request('DELETE', path(company.id, id))).status).toBe(404);
    expect((await stranger.post(path(company.id), monofasico())).status).toBe(404);

    // The rule of one company is not found under another of the same account.
    expect((await live.get(path(other.id, id))).status).toBe(404);
    const restricted = httpClient(t.url, await acct.key('live', other.id));
    expect((await restricted.get(path(company.id))).status).toBe(403);

    const still = await live.get(path(company.id, id));
    expect(still.status).toBe(200);
    expect(still.body.ativa).toBe(true);
  });

  it('reports every problem at once in Portuguese, each message starting with the member path', async () => {
    const company = await acct.company();
    const res = await httpClient(t.url, acct.liveKey).post(path(company.id), {
      descricao: '',
      criterios: {
        ncm_prefixo: '2',
        cest: '9999999',
        produto: 'NAO-EXISTE',
        operacao: 'devolucao',
        uf_origem: 'XX',
        contribuinte: 'sim',
        cor: 'azul',
      },
      tributacao: { pis: { cst: '1' }, icms: { cst: '00', csosn: '102' } },
    });
    expect(res.status, res.text).toBe(422);
    const message = res.body.message as string[];
    for (const start of [
      'descricao: ',
      'criterios.ncm_prefixo: prefixo do NCM tem de 2 a 8 dígitos',
      'criterios.operacao: operação é venda, venda_consumidor_final, bonificacao',
      'criterios.uf_origem: UF é a sigla',
      'criterios.contribuinte: ',
      'criterios.cor: ',
      'tributacao.pis.cst: CST com 2 dígitos',
      'tributacao.icms: informe cst ou csosn',
    ])
      expect(
        message.some((m) => m.startsWith(start)),
        `${start} in ${JSON.stringify(message)}`,
      ).toBe(true);

    // The tables and the catalogue are read once the shape is right.
    const tables = await httpClient(t.url, acct.liveKey).post(path(company.id), {
      descricao: 'Regra com códigos inexistentes',
      criterios: { ncm_prefixo: '99999999', cest: '9999999', produto: 'NAO-EXISTE' },
      tributacao: { pis: { cst: '06' } },
    });
    expect(tables.status, tables.text).toBe(422);
    expect(tables.body.message).toEqual([
      expect.stringMatching(/^criterios\.ncm_prefixo: NCM 99999999 não existe/),
      expect.stringMatching(/^criterios\.cest: CEST 9999999 não existe/),
      expect.stringMatching(/^criterios\.produto: Produto com SKU NAO-EXISTE não encontrado/),
    ]);

    const empty = await httpClient(t.url, acct.liveKey).post(path(company.id), {
      descricao: 'Sem nada',
      tributacao: { pis: {} },
    });
    expect(empty.status).toBe(422);
    expect(empty.body.message[0]).toMatch(/^tributacao: a regra não define nenhum membro/);
  });

  it('the same criteria set twice is 409 regra_tributaria_duplicada, on creation and on change', async () => {
    const company = await acct.company();
    const live = httpClient(t.url, acct.liveKey);
    expect((await live.post(path(company.id), monofasico())).status).toBe(201);
    const again = await live.post(
      path(company.id),
      monofasico({ criterios: { uf_destino: 'SP', ncm_prefixo: '220110' } }),
    );
    expect(again.status, again.text).toBe(409);
    expect(again.body.message).toContain('mesmos critérios');
    const other = await live.post(path(company.id), monofasico({ criterios: { ncm_prefixo: '2201' } }));
    expect(other.status).toBe(201);
    const clash = await live.request('PATCH', path(company.id, other.body.id), {
      body: { criterios: { ncm_prefixo: '2201.10', uf_destino: 'SP' } },
    });
    expect(clash.status).toBe(409);
  });

  it(`refuses the rule past ${REGRAS_POR_EMPRESA} per company and environment`, async () => {
    const company = await acct.company();
    const now = new Date();
    await t.app.engine.db.regraTributaria.createMany({
      data: Array.from({ length: REGRAS_POR_EMPRESA }, (_, i) => ({
        id: crypto.randomUUID(),
        accountId: acct.accountId,
        environment: 'live' as const,
        companyId: company.id,
        descricao: `regra ${i}`,
        produto: `SKU-${i}`,
        chave: `chave-${i}`,
        tributacao: { pis: { cst: '06' } },
        ativa: true,
        createdAt: now,
        updatedAt: now,
      })),
    });
    const res = await httpClient(t.url, acct.liveKey).post(path(company.id), monofasico());
    expect(res.status, res.text).toBe(422);
    expect(res.body.message).toContain(`o limite é ${REGRAS_POR_EMPRESA}`);
    expect((await httpClient(t.url, acct.testKey).post(path(company.id), monofasico())).status).toBe(201);
  });
});

describe('GraphQL regrasTributarias', () => {
  const CRIAR = `mutation($id: ID!, $input: CreateRegraTributariaInput!) { createRegraTributaria(empresaId: $id, input: $input) {
    __typename ... on RegraTributaria { id criterios { ufDestino ncmPrefixo } tributacao { ibsCbs { cClassTrib } } }
    ... on DomainError { codigo erros { codigo campo mensagem } } } }`;

  it('creates through the mutation, lists in the connection with totalCount, and names each problem by its JSON Pointer', async () => {
    const company = await acct.company();
    const ok = await gql(CRIAR, {
      id: company.id,
      input: {
        descricao: 'Cesta básica',
        criterios: { ncmPrefixo: '1006', ufDestino: 'rj' },
        tributacao: { ibsCbs: { cClassTrib: '200003' } },
      },
    });
    expect(ok.errors).toBeUndefined();
    expect(ok.data.createRegraTributaria).toMatchObject({
      __typename: 'RegraTributaria',
      criterios: { ufDestino: 'RJ', ncmPrefixo: '1006' },
      tributacao: { ibsCbs: { cClassTrib: '200003' } },
    });
    const list = await gql(
      `query($id: ID!) { company(id: $id) { ... on Company {
      regrasTributarias(first: 10) { totalCount edges { node { id descricao } } } } } }`,
      { id: company.id },
    );
    expect(list.data.company.regrasTributarias).toMatchObject({
      totalCount: 1,
      edges: [{ node: { id: ok.data.createRegraTributaria.id, descricao: 'Cesta básica' } }],
    });

    const bad = await gql(CRIAR, {
      id: company.id,
      input: { descricao: 'x', criterios: { ufDestino: 'ZZ' }, tributacao: { ibsCbs: { cClassTrib: '12' } } },
    });
    expect(bad.data.createRegraTributaria.codigo).toBe('validacao');
    expect(bad.data.createRegraTributaria.erros).toEqual([
      expect.objectContaining({ campo: '/criterios/uf_destino', mensagem: expect.stringContaining('UF') }),
      expect.objectContaining({
        campo: '/tributacao/ibs_cbs/c_class_trib',
        mensagem: expect.stringContaining('cClassTrib'),
      }),
    ]);
  });
});
