import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { autXmlOf, SEFAZ_AUTXML } from '../../src/engine/nfe/aut-xml.js';
import { NFE_REGRAS_VERSAO } from '../../src/engine/nfe/nfe-ajuste.js';
import { xmllint, xmlsecVerify } from '../support/external-tools.js';
import { TOMA_CNPJ } from '../support/nfse-fixtures.js';
import { httpClient } from '../support/http.js';
import { seedAccount, type SeededAccount } from '../support/seed.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { NFE_COMPANY, nfeBody } from '../support/nfe-fixtures.js';

const ESCRITORIO = '11444777000161';
const CONTADOR_CPF = '52998224725';
const SEFAZ_BA = '13937073000156';
const SALVADOR = '2927408';

describe('autXmlOf', () => {
  const regras = (r: ReturnType<typeof autXmlOf>) => r.ajustes.map((a) => a.regra);

  it('the office goes into autXML wherever the company is; a UF without the demand adds nothing else', () => {
    const r = autXmlOf({ uf: 'RS', escritorio: [ESCRITORIO, CONTADOR_CPF], destinatario: TOMA_CNPJ });
    expect(r.documentos).toEqual([ESCRITORIO, CONTADOR_CPF]);
    expect(regras(r)).toEqual(['nfe_autxml_escritorio']);
    expect(r.ajustes[0]).toMatchObject({
      acao: 'preenchido',
      versao: NFE_REGRAS_VERSAO,
      fonte: expect.stringContaining('autXML'),
    });
    expect(autXmlOf({ uf: 'RS', escritorio: [], destinatario: TOMA_CNPJ })).toEqual({ documentos: [], ajustes: [] });
    // A rejection of the office outside a demanding UF leaves the office (nothing could replace it).
    expect(
      autXmlOf({ uf: 'RS', escritorio: [ESCRITORIO], destinatario: TOMA_CNPJ, rejeicaoAnterior: '323' }).documentos,
    ).toEqual([ESCRITORIO]);
  });

  it('BA without an office: the SEFAZ-BA CNPJ (nfe_autxml_sefaz_sem_escritorio)', () => {
    expect(SEFAZ_AUTXML.BA).toBe(SEFAZ_BA);
    const r = autXmlOf({ uf: 'BA', escritorio: [], destinatario: TOMA_CNPJ });
    expect(r.documentos).toEqual([SEFAZ_BA]);
    expect(regras(r)).toEqual(['nfe_autxml_sefaz_sem_escritorio']);
    expect(r.ajustes[0]!.fonte).toContain('13.937.073/0001-56');
  });

  it('BA with an office: the office alone; after 487 the SEFAZ beside it; after 323/325 the SEFAZ instead of it', () => {
    expect(autXmlOf({ uf: 'BA', escritorio: [ESCRITORIO], destinatario: TOMA_CNPJ }).documentos).toEqual([ESCRITORIO]);
    const apos487 = autXmlOf({ uf: 'BA', escritorio: [ESCRITORIO], destinatario: TOMA_CNPJ, rejeicaoAnterior: '487' });
    expect(apos487.documentos).toEqual([SEFAZ_BA, ESCRITORIO]);
    expect(regras(apos487)).toEqual(['nfe_autxml_escritorio', 'nfe_autxml_sefaz_apos_487']);
    for (const cStat of ['323', '325']) {
      const recusado = autXmlOf({
        uf: 'BA',
        escritorio: [ESCRITORIO, CONTADOR_CPF],
        destinatario: TOMA_CNPJ,
        rejeicaoAnterior: cStat,
      });
      expect(recusado.documentos).toEqual([SEFAZ_BA]);
      expect(regras(recusado)).toEqual(['nfe_autxml_sefaz_escritorio_recusado']);
    }
    // Another rejection being corrected changes nothing.
    expect(
      regras(autXmlOf({ uf: 'BA', escritorio: [ESCRITORIO], destinatario: TOMA_CNPJ, rejeicaoAnterior: '539' })),
    ).toEqual(['nfe_autxml_escritorio']);
  });

  it('never repeats the recipient (rejections 324/326) and never passes 10 groups', () => {
    expect(autXmlOf({ uf: 'RS', escritorio: [TOMA_CNPJ, ESCRITORIO], destinatario: TOMA_CNPJ }).documentos).toEqual([
      ESCRITORIO,
    ]);
    const onlyRecipient = autXmlOf({ uf: 'BA', escritorio: [TOMA_CNPJ], destinatario: TOMA_CNPJ });
    expect(onlyRecipient.documentos).toEqual([SEFAZ_BA]);
    expect(autXmlOf({ uf: 'BA', escritorio: [], destinatario: SEFAZ_BA }).documentos).toEqual([]);
    const ten = Array.from({ length: 10 }, (_, i) => `0000000000${i}`.slice(-11));
    const full = autXmlOf({ uf: 'BA', escritorio: ten, destinatario: TOMA_CNPJ, rejeicaoAnterior: '487' });
    expect(full.documentos).toHaveLength(10);
    expect(full.documentos[0]).toBe(SEFAZ_BA);
  });
});

describe('company autorizados_xml and the NF-e autXML groups', () => {
  let t: TestApp;
  let acct: SeededAccount;
  let seq = 0;

  beforeAll(async () => {
    t = await startTestApp();
    acct = await seedAccount(t.app.engine);
  });
  afterAll(async () => t?.close());

  const sandbox = () => httpClient(t.url, acct.testKey);
  const body = (companyId: string) =>
    nfeBody({ empresa_id: companyId, referencia: `AUT-${Date.now().toString(36)}-${++seq}` });
  const certOf = async (companyId: string) =>
    (await t.app.engine.db.certificate.findUniqueOrThrow({ where: { companyId } })).certPem;
  const autXmlIn = (xml: string) =>
    [...xml.matchAll(/<autXML><(?:CNPJ|CPF)>([^<]+)<\/(?:CNPJ|CPF)><\/autXML>/g)].map((m) => m[1]);

  async function checkedXml(noteId: string, companyId: string): Promise<string> {
    const xml = await sandbox().get(`/v1/nfe/${noteId}/xml`);
    expect(xml.status).toBe(200);
    const lint = xmllint(xml.text, 'nfe/procNFe_v4.00.xsd');
    expect(lint.ok, lint.output).toBe(true);
    const sig = xmlsecVerify(xml.text, await certOf(companyId), 'infNFe');
    expect(sig.ok, sig.output).toBe(true);
    return xml.text;
  }

  it('stores the documents normalised (masks removed) and shows them on REST and GraphQL', async () => {
    const company = await acct.company({ ...NFE_COMPANY, autorizados_xml: ['11.444.777/0001-61', '529.982.247-25'] });
    const rest = await httpClient(t.url, acct.liveKey).get(`/v1/companies/${company.id}`);
    expect(rest.status, rest.text).toBe(200);
    expect(rest.body.autorizados_xml).toEqual([ESCRITORIO, CONTADOR_CPF]);
    const gql = await httpClient(t.url, acct.liveKey).post('/graphql', {
      query: `{ company(id: "${company.id}") { ... on Company { autorizadosXml } } }`,
    });
    expect(gql.body.errors, gql.text).toBeUndefined();
    expect(gql.body.data.company.autorizadosXml).toEqual([ESCRITORIO, CONTADOR_CPF]);
    const plain = await httpClient(t.url, acct.liveKey).get(`/v1/companies/${(await acct.company()).id}`);
    expect(plain.body.autorizados_xml).toEqual([]);
  });

  it('refuses wrong check digits, repeats, non-text and more than 10, all at once', async () => {
    const res = await httpClient(t.url, acct.liveKey).post('/v1/companies', {
      cnpj: '11222333000181',
      razao_social: 'X',
      municipio: '4314902',
      autorizados_xml: [
        '11444777000162',
        ESCRITORIO,
        '11.444.777/0001-61',
        5,
        CONTADOR_CPF,
        CONTADOR_CPF,
        ESCRITORIO,
        ESCRITORIO,
        ESCRITORIO,
        ESCRITORIO,
        ESCRITORIO,
      ],
    });
    expect(res.status, res.text).toBe(422);
    const messages: string[] = res.body.message;
    expect(messages).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^autorizados_xml: .*no máximo 10/),
        expect.stringMatching(/^autorizados_xml\.0: .*dígitos verificadores/),
        expect.stringMatching(/^autorizados_xml\.2: .*repetido/),
        expect.stringMatching(/^autorizados_xml\.3: /),
      ]),
    );
    const notList = await httpClient(t.url, acct.liveKey).post('/v1/companies', {
      cnpj: '11222333000181',
      razao_social: 'X',
      municipio: '4314902',
      autorizados_xml: ESCRITORIO,
    });
    expect(notList.status, notList.text).toBe(422);
    expect(notList.body.message).toEqual([expect.stringMatching(/^autorizados_xml: /)]);
  });

  it('RS company with an office: its documents in autXML (nfe_autxml_escritorio); schema-valid and signed', async () => {
    const company = await acct.company({ ...NFE_COMPANY, autorizados_xml: [ESCRITORIO, CONTADOR_CPF] });
    const res = await sandbox().post('/v1/nfe', body(company.id));
    expect(res.status, res.text).toBe(201);
    expect(res.body.ajustes).toContainEqual(
      expect.objectContaining({ regra: 'nfe_autxml_escritorio', versao: NFE_REGRAS_VERSAO, fonte: expect.any(String) }),
    );
    expect(res.body.ajustes.map((a: { regra: string }) => a.regra)).not.toContain('nfe_autxml_sefaz_sem_escritorio');
    const xml = await checkedXml(res.body.id, company.id);
    expect(autXmlIn(xml)).toEqual([ESCRITORIO, CONTADOR_CPF]);
    expect(xml).toContain(`<autXML><CPF>${CONTADOR_CPF}</CPF></autXML>`);
  });

  it('BA company without an office: the SEFAZ-BA CNPJ (nfe_autxml_sefaz_sem_escritorio)', async () => {
    const company = await acct.company({ ...NFE_COMPANY, municipio: SALVADOR });
    const res = await sandbox().post('/v1/nfe', body(company.id));
    expect(res.status, res.text).toBe(201);
    expect(res.body.chave_acesso.slice(0, 2)).toBe('29');
    expect(res.body.ajustes).toContainEqual(
      expect.objectContaining({ regra: 'nfe_autxml_sefaz_sem_escritorio', acao: 'preenchido' }),
    );
    expect(autXmlIn(await checkedXml(res.body.id, company.id))).toEqual([SEFAZ_BA]);
  });

  it('BA: a note rejected with 487 is corrected with the SEFAZ beside the office; one rejected with 323 with the SEFAZ instead', async () => {
    const company = await acct.company({ ...NFE_COMPANY, municipio: SALVADOR, autorizados_xml: [ESCRITORIO] });
    for (const [cStat, regra, esperado] of [
      ['487', 'nfe_autxml_sefaz_apos_487', [SEFAZ_BA, ESCRITORIO]],
      ['323', 'nfe_autxml_sefaz_escritorio_recusado', [SEFAZ_BA]],
    ] as const) {
      const first = body(company.id);
      const rejected = await sandbox().post('/v1/nfe', first, {
        headers: { 'x-service-simular': `rejeitar:${cStat}` },
      });
      expect(rejected.status, rejected.text).toBe(422);
      expect(rejected.body.nfe.rejeicao).toMatchObject({
        c_stat: cStat,
        explicacao: expect.stringContaining('autXML'),
      });
      expect(rejected.body.nfe.ajustes.map((a: { regra: string }) => a.regra)).toContain('nfe_autxml_escritorio');
      const fixed = await sandbox().post(`/v1/nfe/${rejected.body.nfe.id}/correcao`, first);
      expect(fixed.status, fixed.text).toBe(201);
      expect(fixed.body.ajustes).toContainEqual(expect.objectContaining({ regra, versao: NFE_REGRAS_VERSAO }));
      expect(autXmlIn(await checkedXml(fixed.body.id, company.id))).toEqual(esperado);
    }
  });
});
