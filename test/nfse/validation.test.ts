// Validation codes inside erros[]: every code comes from a real rule through both routes.
// POST /v1/nfse answers 422 `validacao` and creates nothing; POST /v1/nfse/validacoes always answers 200 with the
// same `erros`, plus `ajustes`, `regras_versao` and the readiness, and creates nothing either.
import { beforeAll, describe, expect, it } from 'vitest';
import { httpClient, type HttpResponse, expectProblem, type Http } from '../support/http.js';
import { CNPJ_ALFANUMERICO, CPF, erro, nfseBody, type Body } from '../support/nfse.js';
import { MUNICIPIO_NACIONAL, type SeededAccount, type SeededCompany } from '../support/seed.js';
import type { TestApp } from '../support/test-app.js';
import { useTestApp } from '../support/use-test-app.js';

let t: TestApp;
let acct: SeededAccount;
let company: SeededCompany;
/** Simples Nacional, ISS retained, no default rate: the rate is required (Anexo I E0621/E0628). */
let simples: SeededCompany;

useTestApp((s) => ({ t, acct } = s));
beforeAll(async () => {
  company = await acct.company();
  simples = await acct.company({
    regime_tributario: 'simples_nacional',
    regime_apuracao_simples: 'federais_municipal_sn',
    padroes: { iss_retido: true },
  });
});

/** A fresh key per test: the 120-per-minute limit must never answer instead of the rule under test. */
const client = async (): Promise<Http> => httpClient(t.url, await acct.key('test'));

async function noteCount(http: Http): Promise<number> {
  let n = 0;
  let cursor: string | null = null;
  do {
    const res: HttpResponse = await http.get(`/v1/nfse?limite=100${cursor ? `&cursor=${cursor}` : ''}`);
    n += res.body.dados.length;
    cursor = res.body.proximo_cursor;
  } while (cursor);
  return n;
}

/**
 * Sends the body to both routes and checks the common contract; returns the `erros` (identical on both).
 * Counts the notes before and after: neither route may create one.
 */
async function rejectBoth(body: Body) {
  const http = await client();
  const before = await noteCount(http);
  const issued = await http.post('/v1/nfse', body);
  const problem = expectProblem(issued, 422, 'validacao');
  expect(problem.erros.length).toBeGreaterThan(0);
  expect(problem.nfse).toBeUndefined();

  const validated = await http.post('/v1/nfse/validacoes', body);
  expect(validated.status, validated.text).toBe(200);
  expect(validated.body.valida).toBe(false);
  expect(validated.body.erros).toEqual(problem.erros);
  expect(Array.isArray(validated.body.ajustes)).toBe(true);
  expect(validated.body.regras_versao).toMatch(/^\d{4}\.\d{2}\.\d{2}\+\d{4}\.\d{2}\.\d{2}$/);
  expect(await noteCount(http)).toBe(before);
  return problem.erros as Array<Record<string, unknown>>;
}

async function acceptBoth(body: Body) {
  const http = await client();
  const validated = await http.post('/v1/nfse/validacoes', body);
  expect(validated.status, validated.text).toBe(200);
  expect(validated.body.erros, validated.text).toEqual([]);
  expect(validated.body.valida).toBe(true);
  const issued = await http.post('/v1/nfse', body);
  expect(issued.status, issued.text).toBe(201);
  return { validated: validated.body, issued: issued.body };
}

describe('codes inside erros[]', () => {
  it('tipo_invalido: a JSON number for valor and for aliquota_iss', async () => {
    const erros = await rejectBoth(nfseBody(company.id, { valor: 1500, servico: { descricao: 'x', aliquota_iss: 2 } }));
    erro(erros, 'tipo_invalido', '/valor');
    erro(erros, 'tipo_invalido', '/servico/aliquota_iss');
  });

  it('formato_invalido: money with a decimal comma', async () => {
    erro(await rejectBoth(nfseBody(company.id, { valor: '1.500,00' })), 'formato_invalido', '/valor');
  });

  it('campo_desconhecido at any depth, pointed at exactly', async () => {
    const erros = await rejectBoth(
      nfseBody(company.id, {
        tomador: {
          documento: CPF,
          endereco: { cep: '69900000', logradouro: 'Rua A', numero: '1', bairro: 'Centro', andar: '3' },
        },
        desconto: '1.00',
      }),
    );
    erro(erros, 'campo_desconhecido', '/tomador/endereco/andar');
    erro(erros, 'campo_desconhecido', '/desconto');
  });

  it('documento_invalido: CPF, numeric CNPJ and alphanumeric CNPJ with wrong check digits', async () => {
    for (const documento of ['52998224724', '54550752000154', '12ABC34501DE36']) {
      erro(
        await rejectBoth(nfseBody(company.id, { tomador: { documento } })),
        'documento_invalido',
        '/tomador/documento',
      );
    }
  });

  it('accepts a valid CPF and a valid alphanumeric CNPJ (formatted) as the recipient', async () => {
    const cpf = await acceptBoth(nfseBody(company.id, { tomador: { documento: '529.982.247-25' } }));
    expect(cpf.issued.status).toBe('autorizada');
    const alnum = await acceptBoth(nfseBody(company.id, { tomador: { documento: '12.abc.345/01de-35' } }));
    expect(alnum.issued.status).toBe('autorizada');
    expect(CNPJ_ALFANUMERICO).toBe('12ABC34501DE35');
  });

  it('referencia_muito_longa above 60 characters; exactly 60 (multi-byte) is accepted', async () => {
    erro(
      await rejectBoth(nfseBody(company.id, { referencia: 'r'.repeat(61) })),
      'referencia_muito_longa',
      '/referencia',
    );
    const sixty = `${'ç'.repeat(50)}${Date.now().toString().slice(-10)}`;
    expect([...sixty]).toHaveLength(60);
    const { issued } = await acceptBoth(nfseBody(company.id, { referencia: sixty }));
    expect(issued.referencia).toBe(sixty);
  });

  it('tomador_igual_prestador: the company itself as the recipient (same CNPJ root)', async () => {
    const e = erro(
      await rejectBoth(nfseBody(company.id, { tomador: { documento: company.cnpj } })),
      'tomador_igual_prestador',
      '/tomador/documento',
    );
    expect(e.codigo_oficial).toBe('E0202');
  });

  it('codigo_servico_inexistente', async () => {
    const body = nfseBody(company.id, { servico: { descricao: 'x', codigo_nacional: '000000' } });
    expect(erro(await rejectBoth(body), 'codigo_servico_inexistente', '/servico/codigo_nacional').codigo_oficial).toBe(
      'E0310',
    );
  });

  it('aliquota_iss_obrigatoria: rate required, absent from request, defaults and official parameters', async () => {
    // Simples Nacional with ISS retained must state the rate; Rio Branco has no single official rate for item 01.
    const body = nfseBody(simples.id, { servico: { descricao: 'Sistema', codigo_nacional: '010101' } });
    erro(await rejectBoth(body), 'aliquota_iss_obrigatoria', '/servico/aliquota_iss');
  });

  it('competencia_invalida: wrong format and a future month', async () => {
    erro(await rejectBoth(nfseBody(company.id, { competencia: '11/2026' })), 'competencia_invalida', '/competencia');
    const future = erro(
      await rejectBoth(nfseBody(company.id, { competencia: '2999-01' })),
      'competencia_invalida',
      '/competencia',
    );
    expect(future.codigo_oficial).toBe('E0015');
  });

  it('obra_obrigatoria for each of the 13 construction codes without obra', async () => {
    const codes = [
      '070201',
      '070202',
      '070401',
      '070501',
      '070502',
      '070601',
      '070602',
      '070701',
      '070801',
      '071701',
      '071901',
      '141403',
      '141404',
    ];
    const http = await client();
    for (const codigo_nacional of codes) {
      const res = await http.post(
        '/v1/nfse/validacoes',
        nfseBody(company.id, { servico: { descricao: 'Obra', codigo_nacional } }),
      );
      expect(res.body.valida, codigo_nacional).toBe(false);
      erro(res.body.erros, 'obra_obrigatoria', '/servico/obra');
    }
    // Through issuance too, for one of them.
    erro(
      await rejectBoth(nfseBody(company.id, { servico: { descricao: 'Obra', codigo_nacional: '070202' } })),
      'obra_obrigatoria',
      '/servico/obra',
    );
  });

  it('obra is refused on any other code, and a construction code with obra issues', async () => {
    const obra = { cno: '900012345678', municipio: MUNICIPIO_NACIONAL };
    const refused = await rejectBoth(
      nfseBody(company.id, { servico: { descricao: 'Sistema', codigo_nacional: '010101', obra } }),
    );
    expect(erro(refused, 'obra_nao_permitida', '/servico/obra').codigo_oficial).toBe('E0372');
    expect(refused.some((e) => e.codigo === 'obra_obrigatoria')).toBe(false);
    const { validated, issued } = await acceptBoth(
      nfseBody(company.id, { servico: { descricao: 'Obra', codigo_nacional: '070201', obra } }),
    );
    expect(validated.ajustes.map((a: { regra: string }) => a.regra)).toContain('dps.locPrest.derivado.obra');
    expect(issued.status).toBe('autorizada');
  });

  it('nbs_fora_do_servico: an NBS of another kind of service', async () => {
    const body = nfseBody(company.id, {
      servico: { descricao: 'Sistema', codigo_nacional: '010101', nbs: '101011100' },
    });
    erro(await rejectBoth(body), 'nbs_fora_do_servico', '/servico/nbs');
  });

  it('reports several errors at once, each with its own pointer', async () => {
    const erros = await rejectBoth({
      empresa_id: company.id,
      referencia: 'x'.repeat(70),
      tomador: { documento: '123' },
      valor: 10,
      servico: { descricao: 'x', codigo_nacional: '000000', extra: true },
      competencia: '2026-13',
    });
    erro(erros, 'referencia_muito_longa', '/referencia');
    erro(erros, 'documento_invalido', '/tomador/documento');
    erro(erros, 'tipo_invalido', '/valor');
    erro(erros, 'codigo_servico_inexistente', '/servico/codigo_nacional');
    erro(erros, 'campo_desconhecido', '/servico/extra');
    erro(erros, 'competencia_invalida', '/competencia');
    expect(erros.length).toBeGreaterThanOrEqual(6);
  });
});

describe('adjustments and the validation response', () => {
  it('param.aliquota_iss: the municipality official single rate when the rate is required and nobody gave one', async () => {
    // 17.01.01 in Rio Branco: the general rate 5.00 of the municipal parameters.
    const body = nfseBody(simples.id, { servico: { descricao: 'Consultoria', codigo_nacional: '170101' } });
    const { validated, issued } = await acceptBoth(body);
    const rate = validated.ajustes.find((a: { regra: string }) => a.regra === 'param.aliquota_iss');
    expect(rate, JSON.stringify(validated.ajustes)).toMatchObject({
      campo: '/servico/aliquota_iss',
      acao: 'preenchido',
    });
    expect(rate.motivo).toContain('5.00');
    expect(validated.ajustes.map((a: { regra: string }) => a.regra)).toContain('dps.pAliq.exigido.simples_retido');
    expect(issued.ajustes).toEqual(validated.ajustes);
  });

  it('company defaults padrao.* fill the service code, rate, retention and NBS', async () => {
    // A municipality whose convênio nothing states (Ouro Preto do Oeste: absent from the adhesion list, national per
    // the provider table): the rate is neither required nor refused for lucro presumido.
    const withDefaults = await acct.company({
      municipio: '1100155',
      padroes: { codigo_nacional: '010101', aliquota_iss: '3.00', iss_retido: false, nbs: '115021000' },
    });
    const body = nfseBody(withDefaults.id, { servico: { descricao: 'Sistema' } });
    const { validated, issued } = await acceptBoth(body);
    const regras = validated.ajustes.map((a: { regra: string }) => a.regra);
    expect(regras).toEqual(
      expect.arrayContaining(['padrao.codigo_nacional', 'padrao.aliquota_iss', 'padrao.iss_retido', 'padrao.nbs']),
    );
    for (const a of validated.ajustes) {
      expect(a.campo).toMatch(/^\//);
      expect(['preenchido', 'omitido', 'derivado', 'exigido']).toContain(a.acao);
      expect(a.motivo.length).toBeGreaterThan(0);
    }
    expect(validated.ajustes.find((a: { regra: string }) => a.regra === 'padrao.aliquota_iss').motivo).toContain(
      '3.00',
    );
    expect(issued.ajustes).toEqual(validated.ajustes);
    // A value sent in the request wins over the default: no padrao.aliquota_iss adjustment then.
    const own = await (
      await client()
    ).post(
      '/v1/nfse/validacoes',
      nfseBody(withDefaults.id, { servico: { descricao: 'Sistema', aliquota_iss: '4.00' } }),
    );
    expect(own.body.ajustes.map((a: { regra: string }) => a.regra)).not.toContain('padrao.aliquota_iss');
  });

  it('regras_versao is "<corrections>+<field rules>" on the validation and on the note', async () => {
    const { validated, issued } = await acceptBoth(nfseBody(company.id));
    expect(validated.regras_versao).toMatch(/^\d{4}\.\d{2}\.\d{2}\+\d{4}\.\d{2}\.\d{2}$/);
    expect(issued.regras_versao).toBe(validated.regras_versao);
  });

  it('the validation carries the readiness and creates nothing, even for a valid body', async () => {
    const http = await client();
    const before = await noteCount(http);
    const res = await http.post('/v1/nfse/validacoes', nfseBody(company.id));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ valida: true, erros: [], prontidao: { empresa_id: company.id } });
    expect(res.body.prontidao.itens.map((i: { item: string }) => i.item)).toEqual(
      expect.arrayContaining(['certificado', 'regime_tributario', 'plano_emissao']),
    );
    expect(await noteCount(http)).toBe(before);
  });

  it('a blocked company makes the validation invalid (200, valida false) without erros of the body', async () => {
    const blocked = await acct.company({}, { certificate: false });
    const res = await (await client()).post('/v1/nfse/validacoes', nfseBody(blocked.id));
    expect(res.status).toBe(200);
    expect(res.body.valida).toBe(false);
    expect(res.body.erros).toEqual([]);
    expect(res.body.prontidao.situacao).toBe('bloqueio');
  });

  it('an unknown company is reported in erros with status 200', async () => {
    const res = await (await client()).post('/v1/nfse/validacoes', nfseBody('01900000-0000-7000-8000-000000000000'));
    expect(res.status).toBe(200);
    expect(res.body.valida).toBe(false);
    expect(res.body.erros.map((e: { campo: string }) => e.campo)).toContain('/empresa_id');
  });
});
