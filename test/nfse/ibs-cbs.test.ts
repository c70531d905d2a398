// The NFS-e carries the IBS/CBS classification (cClassTrib, its CST, the NBS) from the request or the company's
// defaults, checked against the official classification table, in the DPS group IBSCBS of the 27/07/2026 schemas;
// the readiness item reducao_ibs_cbs reads the same defaults.
import { Decimal } from 'decimal.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { validateXsd } from '../../src/engine/xml/validate-xsd.js';
import { expectProblem, expectStatus, httpClient, type Http } from '../support/http.js';
import { graphql } from '../support/graphql.js';
import { erro, nfseBody } from '../support/nfse.js';
import type { SeededAccount } from '../support/seed.js';
import type { TestApp } from '../support/test-app.js';
import { useTestApp } from '../support/use-test-app.js';

let t: TestApp;
let acct: SeededAccount;
let http: Http;
let escola: string;
let software: string;

/** A cIndOp of the right shape: the simulator, like the schema, checks its six digits only. */
const IND_OP = '030101';
/** Education (LC 116 item 08, NBS 1.2201.11.00): LC 214/2025 art. 129 foresees 60 % off (cClassTrib 200028). */
const PADROES_ESCOLA = {
  codigo_nacional: '080101',
  aliquota_iss: '2.00',
  nbs: '122011100',
  ibs_cbs: { c_class_trib: '200028', indicador_operacao: IND_OP },
};

useTestApp((s) => ({ t, acct } = s));
beforeAll(async () => {
  escola = (await acct.company({ padroes: PADROES_ESCOLA })).id;
  software = (await acct.company()).id;
  http = httpClient(t.url, acct.testKey);
});

const ibsCbsDoXml = (xml: string) => /<IBSCBS>.*?<\/IBSCBS>/.exec(xml)?.[0] ?? null;

describe('NFS-e with the IBS/CBS classification', () => {
  it('from the company defaults: authorised, DPS group IBSCBS valid against the schema, each filled member an adjustment', async () => {
    const note = expectStatus(
      await http.post('/v1/nfse', nfseBody(escola, { servico: { descricao: 'Mensalidade escolar' } })),
      201,
    );
    expect(note.status).toBe('autorizada');
    const regras = note.ajustes.map((a: { regra: string }) => a.regra);
    expect(regras).toEqual(
      expect.arrayContaining([
        'padrao.nbs',
        'padrao.ibs_cbs.c_class_trib',
        'padrao.ibs_cbs.indicador_operacao',
        'dps.IBSCBS.CST.derivado',
      ]),
    );
    expect(note.ajustes.find((a: { regra: string }) => a.regra === 'dps.IBSCBS.CST.derivado')).toMatchObject({
      campo: '/servico/ibs_cbs/cst',
      acao: 'derivado',
    });

    const xml = await http.get(`/v1/nfse/${note.id}/xml`);
    expect(xml.status).toBe(200);
    expect(validateXsd(xml.text, 'NFSe')).toEqual([]);
    const dps = /<DPS [\s\S]*<\/DPS>/.exec(xml.text)![0];
    expect(validateXsd(`<?xml version="1.0" encoding="UTF-8"?>${dps}`, 'DPS')).toEqual([]);
    expect(dps).toContain('<cNBS>122011100</cNBS>');
    expect(ibsCbsDoXml(dps)).toBe(
      `<IBSCBS><finNFSe>0</finNFSe><cIndOp>${IND_OP}</cIndOp><indDest>0</indDest>` +
        '<valores><trib><gIBSCBS><CST>200</CST><cClassTrib>200028</cClassTrib></gIBSCBS></trib></valores></IBSCBS>',
    );
  });

  it("the authorised NFS-e carries the IBS/CBS the national system computes; Nfse.resumo.ibsCbs shows it with the DPS's classification", async () => {
    const note = expectStatus(
      await http.post('/v1/nfse', nfseBody(escola, { servico: { descricao: 'Mensalidade escolar' } })),
      201,
    );
    const data = await graphql(
      t.url,
      acct.testKey,
      `
        query ($id: String!) {
          nfse(id: $id) {
            ... on Nfse {
              resumo {
                valorIss
                valorLiquido
                ibsCbs {
                  cst
                  cstDescricao
                  cClassTrib
                  cClassTribDescricao
                  indicadorOperacao
                  localidadeIncidencia
                  baseCalculo
                  valorIbs
                  valorTotalNota
                  cbs {
                    aliquota
                    reducao
                    aliquotaEfetiva
                    valor
                  }
                  ibsUf {
                    aliquota
                    reducao
                    aliquotaEfetiva
                    valor
                  }
                  ibsMunicipal {
                    aliquota
                    reducao
                    aliquotaEfetiva
                    valor
                  }
                }
              }
            }
          }
        }
      `,
      { id: note.id },
    );
    const { valorIss, valorLiquido, ibsCbs: g } = data.nfse.resumo;
    expect(g).toMatchObject({ cst: '200', cClassTrib: '200028', indicadorOperacao: IND_OP });
    expect(g.cstDescricao).toBeTruthy();
    expect(g.cClassTribDescricao).toBeTruthy();
    expect(g.localidadeIncidencia).toBeTruthy();
    // vBC = vServ − vDescIncond − vISSQN; the 2026 reference rates (CBS 0.9 %, IBS UF 0.1 %, IBS municipal 0 %)
    // each reduced by 60 %.
    const base = new Decimal('1500.00').minus(valorIss ?? '0');
    expect(g.baseCalculo).toBe(base.toFixed(2));
    const valor = (efetiva: string) =>
      base.times(efetiva).div(100).toDecimalPlaces(2, Decimal.ROUND_HALF_EVEN).toFixed(2);
    expect(g.cbs).toEqual({ aliquota: '0.90', reducao: '60.00', aliquotaEfetiva: '0.36', valor: valor('0.36') });
    expect(g.ibsUf).toEqual({ aliquota: '0.10', reducao: '60.00', aliquotaEfetiva: '0.04', valor: valor('0.04') });
    expect(g.ibsMunicipal).toEqual({ aliquota: '0.00', reducao: '60.00', aliquotaEfetiva: '0.00', valor: '0.00' });
    expect(g.valorIbs).toBe(new Decimal(g.ibsUf.valor).plus(g.ibsMunicipal.valor).toFixed(2));
    // In 2026 IBS and CBS are not added to the note's total.
    expect(g.valorTotalNota).toBe(valorLiquido);

    const sem = expectStatus(await http.post('/v1/nfse', nfseBody(software)), 201);
    const semDados = await graphql(
      t.url,
      acct.testKey,
      'query($id: String!) { nfse(id: $id) { ... on Nfse { resumo { ibsCbs { cst } } } } }',
      { id: sem.id },
    );
    expect(semDados.nfse.resumo.ibsCbs).toBeNull();
  });

  it('from the request, over the defaults; a note without any classification has no IBSCBS group', async () => {
    const body = nfseBody(escola, {
      servico: { descricao: 'Curso livre', ibs_cbs: { c_class_trib: '000001', cst: '000' } },
    });
    const note = expectStatus(await http.post('/v1/nfse', body), 201);
    const regras = note.ajustes.map((a: { regra: string }) => a.regra);
    expect(regras).not.toContain('padrao.ibs_cbs.c_class_trib');
    expect(regras).not.toContain('dps.IBSCBS.CST.derivado');
    const xml = (await http.get(`/v1/nfse/${note.id}/xml`)).text;
    expect(ibsCbsDoXml(/<DPS [\s\S]*<\/DPS>/.exec(xml)![0])).toContain(
      '<gIBSCBS><CST>000</CST><cClassTrib>000001</cClassTrib></gIBSCBS>',
    );

    const semClassificacao = expectStatus(await http.post('/v1/nfse', nfseBody(software)), 201);
    expect(ibsCbsDoXml((await http.get(`/v1/nfse/${semClassificacao.id}/xml`)).text)).toBeNull();
  });

  it('a wrong classification is a 422 naming the field, and nothing is created', async () => {
    const inexistente = expectProblem(
      await http.post(
        '/v1/nfse',
        nfseBody(escola, { servico: { descricao: 'Aula', ibs_cbs: { c_class_trib: '299999' } } }),
      ),
      422,
      'validacao',
    );
    expect(erro(inexistente.erros, 'c_class_trib_inexistente', '/servico/ibs_cbs/c_class_trib').mensagem).toContain(
      '299999',
    );
    const saude = expectProblem(
      await http.post(
        '/v1/nfse',
        nfseBody(escola, { servico: { descricao: 'Aula', ibs_cbs: { c_class_trib: '200029' } } }),
      ),
      422,
      'validacao',
    );
    erro(saude.erros, 'c_class_trib_nao_aplicavel', '/servico/ibs_cbs/c_class_trib');
    const cst = expectProblem(
      await http.post('/v1/nfse', nfseBody(escola, { servico: { descricao: 'Aula', ibs_cbs: { cst: '000' } } })),
      422,
      'validacao',
    );
    erro(cst.erros, 'cst_ibs_cbs_divergente', '/servico/ibs_cbs/cst');
    const semIndicador = expectProblem(
      await http.post(
        '/v1/nfse',
        nfseBody(software, { servico: { descricao: 'Sistema', ibs_cbs: { c_class_trib: '000001' } } }),
      ),
      422,
      'validacao',
    );
    erro(semIndicador.erros, 'campo_obrigatorio', '/servico/ibs_cbs/indicador_operacao');
    const validacao = await http.post(
      '/v1/nfse/validacoes',
      nfseBody(escola, { servico: { descricao: 'Aula', ibs_cbs: { c_class_trib: '299999' } } }),
    );
    expect(validacao.body.valida).toBe(false);
    expect(validacao.body.erros).toEqual(inexistente.erros);
  });

  it('the GraphQL input takes the same classification', async () => {
    const data = await graphql(
      t.url,
      acct.testKey,
      'mutation($input: NfseInput!) { validateNfse(input: $input) { ... on NfseValidation { valida erros { codigo campo } } } }',
      {
        input: {
          empresaId: escola,
          tomador: { documento: '52998224725', nome: 'Maria' },
          valor: '10.00',
          servico: { descricao: 'Aula', ibsCbs: { cClassTrib: '299999' } },
        },
      },
    );
    expect(data.validateNfse).toEqual({
      valida: false,
      erros: [{ codigo: 'c_class_trib_inexistente', campo: '/servico/ibs_cbs/c_class_trib' }],
    });
  });
});

describe('company defaults and readiness reducao_ibs_cbs', () => {
  const live = () => httpClient(t.url, acct.liveKey);
  const patch = (id: string, body: unknown) => live().request('PATCH', `/v1/companies/${id}`, { body });
  const reducao = async (id: string) => {
    const res = await live().get(`/v1/companies/${id}/prontidao`);
    expect(res.status, res.text).toBe(200);
    return res.body.itens.find((i: { item: string }) => i.item === 'reducao_ibs_cbs');
  };

  it('is ok when the default classification applies the reduction foreseen for the default NBS, with the table version', async () => {
    const item = await reducao(escola);
    expect(item).toMatchObject({ situacao: 'ok', correcao: null });
    expect(item.mensagem).toContain('200028');
    expect(item.versao).toMatch(/calculadora-rtc/);
  });

  it('follows a change of the defaults: no classification warns about the reduction; a code outside the NBS list warns', async () => {
    const id = (await acct.company({ padroes: PADROES_ESCOLA })).id;
    expectStatus(await patch(id, { padroes: { ibs_cbs: null } }), 200);
    expect(await reducao(id)).toMatchObject({ situacao: 'aviso' });
    const updated = expectStatus(
      await patch(id, { padroes: { ibs_cbs: { c_class_trib: '200029', indicador_operacao: IND_OP } } }),
      200,
    );
    expect(updated.padroes.ibs_cbs).toEqual({ c_class_trib: '200029', indicador_operacao: IND_OP });
    const fora = await reducao(id);
    expect(fora.situacao).toBe('aviso');
    expect(fora.mensagem).toContain('122011100');
  });

  it('refuses a default the table does not admit on the NFS-e, or with another CST, naming the field', async () => {
    // Company routes answer errors as {statusCode, message[]}, each message led by its field.
    const naoNfse = await patch(escola, { padroes: { ibs_cbs: { c_class_trib: '200003' } } });
    expect(naoNfse.status).toBe(422);
    expect(naoNfse.body.message).toEqual([
      expect.stringMatching(/^padroes\.ibs_cbs\.c_class_trib: cClassTrib 200003 /),
    ]);
    const cst = await patch(escola, { padroes: { ibs_cbs: { c_class_trib: '200028', cst: '000' } } });
    expect(cst.status).toBe(422);
    expect(cst.body.message).toEqual([
      expect.stringMatching(/^padroes\.ibs_cbs\.cst: CST diferente do CST do cClassTrib 200028 .*\(200\)/),
    ]);
    expect((await reducao(escola)).situacao).toBe('ok');
  });
});
