import { beforeAll, describe, expect, it } from 'vitest';
import { xmllint } from '../support/external-tools.js';
import { httpClient } from '../support/http.js';
import type { SeededAccount } from '../support/seed.js';
import type { TestApp } from '../support/test-app.js';
import { NFE_COMPANY, nfeBodyTributado } from '../support/nfe-fixtures.js';
import { useTestApp } from '../support/use-test-app.js';

let t: TestApp;
let acct: SeededAccount;
let companyId: string;
let seq = 0;

useTestApp((s) => ({ t, acct } = s));
beforeAll(async () => {
  companyId = (await acct.company(NFE_COMPANY)).id;
});

const body = (extra: Record<string, unknown> = {}) =>
  nfeBodyTributado({ empresa_id: companyId, referencia: `TRIB-${Date.now().toString(36)}-${++seq}`, ...extra });
const sandbox = () => httpClient(t.url, acct.testKey);

describe('NF-e tax groups over HTTP', () => {
  it('POST /v1/nfe with ST, IBS/CBS, discount and freight → autorizada; the procNFe carries them and passes the schema', async () => {
    const res = await sandbox().post('/v1/nfe', body());
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ status: 'autorizada', valor_total: '142.95' });
    const regras = res.body.ajustes.map((a: { regra: string; campo: string }) => `${a.regra} ${a.campo}`);
    expect(regras).toEqual(
      expect.arrayContaining([
        'nfe_ibs_soma_uf_municipio /itens/0/ibs_cbs/v_ibs',
        'nfe_totais_ibs_cbs_somados /totais',
      ]),
    );
    const xml = await sandbox().get(`/v1/nfe/${res.body.id}/xml`);
    expect(xml.status).toBe(200);
    expect(xml.text).toContain('<vICMSST>13.20</vICMSST>');
    expect(xml.text).toContain('<IBSCBSTot><vBCIBSCBS>100.00</vBCIBSCBS>');
    expect(xml.text).toContain('<vNF>142.95</vNF>');
    // prod/cBenef sits after CEST (or NCM) and before CFOP.
    expect(xml.text).toMatch(/<NCM>\d{8}<\/NCM>(<CEST>\d{7}<\/CEST>)?<cBenef>SEM CBENEF<\/cBenef><CFOP>/);
    const lint = xmllint(xml.text, 'nfe/procNFe_v4.00.xsd');
    expect(lint.ok, lint.output).toBe(true);
  });

  it('422 names every tax member at fault by its pointer, nothing stored', async () => {
    const before = await t.app.engine.db.nfe.count({ where: { accountId: acct.accountId } });
    const bad = body({ totais: { valor_nota: '1.00' } });
    delete bad.itens[0].icms.p_icms_st;
    bad.itens[0].ibs_cbs.v_ibs = '9.99';
    bad.itens[1].icms.mot_des_icms = '12';
    const res = await sandbox().post('/v1/nfe', bad);
    expect(res.status).toBe(422);
    expect(res.body.erros.map((e: { codigo: string; campo: string }) => `${e.codigo} ${e.campo}`)).toEqual([
      'campo_obrigatorio /itens/0/icms/p_icms_st',
      'formato_invalido /itens/0/ibs_cbs/v_ibs',
      'formato_invalido /itens/1/icms/mot_des_icms',
    ]);
    expect(await t.app.engine.db.nfe.count({ where: { accountId: acct.accountId } })).toBe(before);
  });

  it("GraphQL issueNfe: the typed input's camelCase members (pMvaSt, ibsCbs, outrasDespesas, transporte) reach the same note", async () => {
    const camel = (v: unknown): unknown =>
      Array.isArray(v)
        ? v.map(camel)
        : v && typeof v === 'object'
          ? Object.fromEntries(
              Object.entries(v).map(([k, x]) => [k.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase()), camel(x)]),
            )
          : v;
    const input = camel(
      body({ totais: { valor_icms_st: '13.20', valor_ibs: '0.10', valor_nota: '142.95' } }),
    ) as Record<string, any>;
    expect(input.itens[0].icms.pMvaSt).toBe('40');
    const res = await fetch(`${t.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${acct.testKey}` },
      body: JSON.stringify({
        query:
          'mutation($input: NfeInput!) { issueNfe(input: $input) { __typename ... on Nfe { id status } ... on DomainError { codigo mensagem erros { codigo campo } } } }',
        variables: { input },
      }),
    });
    const out = (await res.json()) as {
      data?: { issueNfe: { __typename: string; id: string; status: string } };
      errors?: unknown;
    };
    expect(out.errors).toBeUndefined();
    expect(out.data?.issueNfe, JSON.stringify(out.data)).toMatchObject({ __typename: 'Nfe', status: 'autorizada' });
    const rest = await sandbox().get(`/v1/nfe/${out.data!.issueNfe.id}`);
    expect(rest.body).toMatchObject({ valor_total: '142.95' });
  });

  // gIBSCBSMono of NT 2025.002 (620001 asks for gMonoPadrao); the ad rem rates are the example's, not the law's.
  it('a monophasic item over REST and GraphQL: authorised by the simulator, gIBSCBSMono and IBSCBSTot/gMono in the procNFe', async () => {
    const mono = {
      cst: '620',
      c_class_trib: '620001',
      q_bc_mono: '1.5',
      ad_rem_ibs: '0.1234',
      ad_rem_cbs: '0.5678',
      v_ibs_mono: '0.19',
      v_cbs_mono: '0.85',
    };
    const comMono = () => {
      const b = body();
      b.itens[1].ibs_cbs = mono;
      return b;
    };
    const res = await sandbox().post('/v1/nfe', comMono());
    expect(res.status, res.text).toBe(201);
    expect(res.body.status).toBe('autorizada');
    const xml = await sandbox().get(`/v1/nfe/${res.body.id}/xml`);
    // 1.5 × 0.1234 = 0.1851 → 0.19 (within 0.01); totals: gMono the item's, vTot derived.
    expect(xml.text).toContain('<vTotIBSMonoItem>0.19</vTotIBSMonoItem><vTotCBSMonoItem>0.85</vTotCBSMonoItem>');
    expect(xml.text).toContain('<gMono><vIBSMono>0.19</vIBSMono><vCBSMono>0.85</vCBSMono>');
    const lint = xmllint(xml.text, 'nfe/procNFe_v4.00.xsd');
    expect(lint.ok, lint.output).toBe(true);
    const input = { ...comMono(), referencia: `TRIB-GQL-${++seq}` } as Record<string, any>;
    input.itens[1].ibsCbs = {
      cst: '620',
      cClassTrib: '620001',
      qBcMono: '1.5',
      adRemIbs: '0.1234',
      adRemCbs: '0.5678',
      vIbsMono: '0.19',
      vCbsMono: '0.85',
      vTotIbsMonoItem: '0.30',
    };
    delete input.itens[1].ibs_cbs;
    const gql = await fetch(`${t.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${acct.testKey}` },
      body: JSON.stringify({
        query:
          'mutation($input: NfeInput!) { issueNfe(input: $input) { __typename ... on DomainError { codigo erros { codigo campo codigoOficial } } } }',
        variables: { input: camelTop(input) },
      }),
    });
    const out = (await gql.json()) as { data?: { issueNfe: { __typename: string; erros: unknown[] } } };
    // UB104-10: vTotIBSMonoItem 0.30 ≠ vIBSMono 0.19 → 1070 before anything is sent.
    expect(out.data?.issueNfe.erros, JSON.stringify(out)).toEqual([
      { codigo: 'valor_tributo_divergente', campo: '/itens/1/ibs_cbs/v_tot_ibs_mono_item', codigoOficial: '1070' },
    ]);
  });
});

/** The body's snake_case members in camelCase, as the GraphQL input names them (the item's ibsCbs already is). */
function camelTop(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(camelTop);
  if (!v || typeof v !== 'object') return v;
  return Object.fromEntries(
    Object.entries(v).map(([k, x]) => [k.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase()), camelTop(x)]),
  );
}
