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
});
