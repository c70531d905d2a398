// The NFS-e route of a municipality comes from the provider table (data directory) with its confidence, an act
// or the national parameters API overriding it, and the company's rota_nfse last. A route no system serves is
// refused before anything is sent (412 on POST /v1/nfse and POST /v1/lotes), never sent to the national system;
// a company that chose the national system issues there, and readiness shows the choice.
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FakeClock, MINUTE } from '../../src/engine/nucleo/clock.js';
import type { ReadinessItem } from '../../src/engine/prontidao/readiness-items.js';
import { graphql } from '../support/graphql.js';
import { expectProblem, expectStatus, httpClient, type Http } from '../support/http.js';
import { linha } from '../support/lotes.js';
import { allNotes, nfseBody } from '../support/nfse.js';
import type { SeededAccount } from '../support/seed.js';
import type { TestApp } from '../support/test-app.js';
import { useTestApp } from '../support/use-test-app.js';

const RIO = '3304557';
const FEIRA_DE_SANTANA = '2910800';
const SALVADOR = '2927408';
// National DPS layout over the provider's web service (SilTecnologia), whose own contract is not implemented.
const VILA_VELHA = '3205200';
// The provider's own layout (eGoverneISS), which no profile describes.
const OSASCO = '3534401';
// No provider known.
const CAUCAIA = '2303709';

const clock = new FakeClock('2026-11-02T12:00:00Z');
let t: TestApp;
let acct: SeededAccount;
let live: Http;

useTestApp(
  (s) => ({ t, acct } = s),
  () => ({ clock }),
);
beforeAll(async () => {
  live = httpClient(t.url, await acct.key('live'));
});
// A fresh clock minute per test keeps the per-key rate limit out of the way.
beforeEach(() => clock.advance(MINUTE));

const PROVEDOR = 'provedor { nome familia versao rota confianca fonte data origem suportado }';
const provedorRest = async (ibge: string) =>
  expectStatus(await httpClient(t.url, acct.testKey).get(`/v1/municipios/${ibge}`), 200).provedor;
const provedorGraphql = async (ibge: string) =>
  (
    await graphql(
      t.url,
      acct.testKey,
      `query($ibge: String!) { municipio(ibge: $ibge) { __typename ... on Municipio { ${PROVEDOR} } } }`,
      { ibge },
    )
  ).municipio.provedor;
const patch = (id: string, body: unknown) => live.request('PATCH', `/v1/companies/${id}`, { body });
const itemOf = (itens: ReadinessItem[], item: string) => itens.find((i) => i.item === item)!;

describe('GET /v1/municipios/{ibge} provedor', () => {
  it('a national municipality: the official adhesion list, overridden by its act', async () => {
    const rest = await provedorRest(RIO);
    expect(rest).toMatchObject({ rota: 'nacional', confianca: 'oficial', suportado: true });
    // Rio's act (national issuer since 2026-01-01) is the fact that places it.
    expect(['tabela', 'ato', 'api']).toContain(rest.origem);
    expect(await provedorGraphql(RIO)).toEqual(rest);
  });

  it('an ABRASF municipality: provider, family and version of the table row, with its third-party source', async () => {
    const rest = await provedorRest(FEIRA_DE_SANTANA);
    expect(rest).toMatchObject({
      nome: 'WebISS',
      familia: 'WebISS',
      versao: '2.02',
      rota: 'abrasf',
      confianca: 'terceiros',
      data: '2024-01-13',
      origem: 'tabela',
    });
    expect(rest.fonte).toContain('ACBrNFSeXServicos.ini');
    expect(await provedorGraphql(FEIRA_DE_SANTANA)).toEqual(rest);
    expect(await provedorRest(SALVADOR)).toMatchObject({ familia: 'ISSSalvador', versao: '1.00', rota: 'abrasf' });
  });

  it('a national-layout, an own-layout and an unknown municipality', async () => {
    expect(await provedorRest(VILA_VELHA)).toMatchObject({
      nome: 'SilTecnologia',
      versao: '1.01',
      rota: 'provedor_layout_nacional',
    });
    const osasco = await provedorRest(OSASCO);
    expect(osasco).toMatchObject({ nome: 'eGoverneISS', rota: 'desconhecido', suportado: false });
    expect(await provedorGraphql(OSASCO)).toEqual(osasco);
    const caucaia = await provedorRest(CAUCAIA);
    expect(caucaia).toMatchObject({ nome: null, familia: null, rota: 'desconhecido', confianca: 'desconhecida' });
    expect(caucaia.suportado).toBe(false);
  });
});

describe('a route no system serves is refused before anything is sent', () => {
  it('readiness blocks naming the municipality and the reason; POST /v1/nfse and POST /v1/lotes answer 412', async () => {
    for (const [ibge, texto] of [
      [CAUCAIA, /Caucaia\/CE.*nenhum provedor de NFS-e é conhecido/],
      [OSASCO, /Osasco\/SP.*eGoverneISS usa um layout próprio/],
      [
        VILA_VELHA,
        /Vila Velha\/ES.*SilTecnologia tem um contrato próprio \(SOAP NotaFiscalNacionalGerar.*não implementa/,
      ],
    ] as const) {
      const company = await acct.company({ municipio: ibge });
      const r = expectStatus(await live.get(`/v1/companies/${company.id}/prontidao`), 200);
      expect(itemOf(r.itens, 'provedor_municipio')).toMatchObject({
        situacao: 'bloqueio',
        mensagem: expect.stringMatching(texto),
        correcao: expect.stringContaining('rota_nfse'),
      });
      const res = await live.post('/v1/nfse', nfseBody(company.id));
      const problem = expectProblem(res, 412, 'empresa_nao_pronta');
      expect(itemOf(problem.itens, 'provedor_municipio').mensagem).toMatch(texto);
      const lote = await live.post('/v1/lotes', { empresa_id: company.id, itens: [linha()] });
      expect(itemOf(expectProblem(lote, 412, 'empresa_nao_pronta').itens, 'provedor_municipio').situacao).toBe(
        'bloqueio',
      );
      expect(await allNotes(live, `&empresa_id=${company.id}`)).toEqual([]);
    }
  });

  it('a company that chose the national system issues there, and readiness shows the choice', async () => {
    const company = await acct.company({ municipio: CAUCAIA });
    const patched = expectStatus(await patch(company.id, { rota_nfse: 'nacional' }), 200);
    expect(patched.rota_nfse).toBe('nacional');
    const r = expectStatus(await live.get(`/v1/companies/${company.id}/prontidao`), 200);
    expect(itemOf(r.itens, 'provedor_municipio')).toMatchObject({
      situacao: 'aviso',
      mensagem: expect.stringMatching(/escolheu o sistema nacional \(rota_nfse\).*Caucaia\/CE/),
    });
    expect(r.situacao).not.toBe('bloqueio');
    const res = await live.post('/v1/nfse', nfseBody(company.id), { headers: { prefer: 'wait=10' } });
    const note = expectStatus(res, 201);
    expect(note.status).toBe('autorizada');
    expect(note.dps_id).toMatch(/^DPS/);
    // Back to the table's route: refused again.
    expectStatus(await patch(company.id, { rota_nfse: null }), 200);
    expectProblem(await live.post('/v1/nfse', nfseBody(company.id)), 412, 'empresa_nao_pronta');
  });

  it('rota_nfse accepts only the national system, in REST and GraphQL', async () => {
    const company = await acct.company({ municipio: CAUCAIA });
    // The companies error format (as every company setting's refusal).
    const bad = await patch(company.id, { rota_nfse: 'abrasf' });
    expect(bad.status, bad.text).toBe(422);
    expect(bad.body.message).toEqual([expect.stringContaining('rota_nfse: rota de NFS-e: deve ser um de: nacional')]);
    const data = await graphql(
      t.url,
      acct.liveKey,
      `
        mutation ($id: ID!) {
          updateCompany(id: $id, input: { rotaNfse: "nacional" }) {
            __typename
            ... on Company {
              rotaNfse
            }
          }
        }
      `,
      { id: company.id },
    );
    expect(data.updateCompany).toEqual({ __typename: 'Company', rotaNfse: 'nacional' });
  });
});
