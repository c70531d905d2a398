import { afterEach, describe, expect, it } from 'vitest';
import { FakeClock, HOUR } from '../../src/engine/nucleo/clock.js';
import type { ReadinessItem } from '../../src/engine/prontidao/readiness-items.js';
import { expectProblem, httpClient } from '../support/http.js';
import { nfseBody } from '../support/nfse.js';
import { MUNICIPIO_PROPRIO, type SeededAccount } from '../support/seed.js';
import type { TestApp } from '../support/test-app.js';
import { allItens, linha, settledStatus, waitLote } from '../support/lotes.js';
import { useTestApp } from '../support/use-test-app.js';

// Facts these tests rely on: Rio (Decreto Rio 56.921/2025) and Belo Horizonte (Portaria SMFA 75/2025) issue through
// the national system; the simulated API answers 2.00% for Rio and 2.50% for BH on 01.01.01 (parametros-simulados.ts).
const RIO = '3304557';
const BELO_HORIZONTE = '3106200';
// Listed as adhering to the national issuer in the official list of 2026-09-28, absent from our table.
const ALTO_ALEGRE_DOS_PARECIS = '1100379';
const PIMENTA_BUENO = '1100189';
// Not in that list, nor in our table, nor in the provider table: nothing is known of its issuer.
const CAUCAIA = '2303709';
// Our 2025 survey says own system, without an act that confirms it; the provider table: ISSSalvador (ABRASF 1.00).
const SALVADOR = '2927408';

const clock = new FakeClock('2026-11-02T12:00:00Z');
let t: TestApp;
let acct: SeededAccount;

useTestApp(
  (s) => ({ t, acct } = s),
  () => ({ clock }),
);
afterEach(() => t.app.simulator.parametrizacao.indisponivel(false));

interface Readiness {
  situacao: string;
  itens: ReadinessItem[];
}

async function readiness(companyId: string, key = acct.testKey): Promise<Readiness> {
  const res = await httpClient(t.url, key).get<Readiness>(`/v1/companies/${companyId}/prontidao`);
  expect(res.status, res.text).toBe(200);
  return res.body;
}
const item = (r: Readiness, name: string) => r.itens.find((i) => i.item === name)!;

describe('municipal parameters in readiness and issuance', () => {
  it('Rio de Janeiro is no longer blocked for a test key: its act says national issuer since 2026-01-01', async () => {
    const company = await acct.company({ municipio: RIO });
    const r = await readiness(company.id);
    expect(item(r, 'sandbox_municipio_proprio').situacao).toBe('ok');
    expect(item(r, 'convenio_municipio')).toMatchObject({
      situacao: 'ok',
      fonte: expect.stringContaining('Decreto Rio 56.921/2025'),
      versao: expect.stringMatching(/^sha256:/),
    });
    // The rate comes from the national API, not from our table (which has no single rate for item 01 in Rio).
    expect(item(r, 'parametros_municipais')).toMatchObject({
      situacao: 'ok',
      mensagem: expect.stringContaining('2.00%'),
      fonte: expect.stringContaining('API de parâmetros municipais'),
    });
    const res = await httpClient(t.url, acct.testKey).post('/v1/nfse', nfseBody(company.id));
    expect(res.status, res.text).toBe(201);
    expect(res.body.status).toBe('autorizada');
  });

  it('São Paulo is still blocked with sandbox_municipio_proprio: NFS-e Paulistana stays mandatory', async () => {
    const company = await acct.company({ municipio: MUNICIPIO_PROPRIO });
    const r = await readiness(company.id);
    expect(item(r, 'sandbox_municipio_proprio')).toMatchObject({
      situacao: 'bloqueio',
      fonte: expect.stringContaining('NFS-e Paulistana'),
    });
    const res = await httpClient(t.url, acct.testKey).post('/v1/nfse', nfseBody(company.id));
    expectProblem(res, 412, 'empresa_nao_pronta');
    expect(res.body.itens.find((i: ReadinessItem) => i.item === 'sandbox_municipio_proprio').situacao).toBe('bloqueio');
  });

  it('a municipality nothing is known of is refused by provedor_municipio, and readiness says why', async () => {
    const company = await acct.company({ municipio: CAUCAIA });
    const r = await readiness(company.id);
    expect(item(r, 'convenio_municipio')).toMatchObject({
      situacao: 'aviso',
      fonte: expect.stringContaining('não prova sistema próprio'),
    });
    expect(item(r, 'provedor_municipio')).toMatchObject({
      situacao: 'bloqueio',
      mensagem: expect.stringMatching(/Caucaia\/CE.*nenhum provedor de NFS-e é conhecido/),
    });
    expect(r.situacao).toBe('bloqueio');
  });

  it("our survey's own system without an act decides no route: the provider table does, and a test key is refused", async () => {
    const company = await acct.company({ municipio: SALVADOR });
    const r = await readiness(company.id);
    expect(item(r, 'convenio_municipio').fonte).toContain('levantamento');
    // No test environment at the city (sandbox_municipio_proprio), or no system for its layout (provedor_municipio).
    const recusa = r.itens.find(
      (i) => i.situacao === 'bloqueio' && ['sandbox_municipio_proprio', 'provedor_municipio'].includes(i.item),
    );
    expect(recusa?.mensagem).toContain('Salvador');
  });

  it('a municipality the official list marks national answers from the API while it is up', async () => {
    const company = await acct.company({ municipio: PIMENTA_BUENO });
    const r = await readiness(company.id);
    expect(item(r, 'convenio_municipio')).toMatchObject({
      situacao: 'ok',
      fonte: expect.stringContaining('GET /1100189/convenio'),
      versao: expect.stringMatching(/^adn-parametrizacao-v1@2026-11-02/),
    });
  });
});

describe('the parameters API down', () => {
  it('a kept answer past its TTL is used and said so; a municipality never asked falls back to the official list', async () => {
    const rio = await acct.company({ municipio: RIO });
    await readiness(rio.id);
    clock.advance(13 * HOUR);
    t.app.simulator.parametrizacao.indisponivel(true);
    const stale = await readiness(rio.id);
    expect(item(stale, 'parametros_municipais')).toMatchObject({
      situacao: 'ok',
      mensagem: expect.stringContaining('2.00%'),
      fonte: expect.stringContaining('resposta guardada'),
    });

    const company = await acct.company({ municipio: ALTO_ALEGRE_DOS_PARECIS });
    const r = await readiness(company.id);
    expect(item(r, 'convenio_municipio')).toMatchObject({
      situacao: 'ok',
      mensagem: expect.stringMatching(/lista oficial de aderentes.*2026-09-28.*não pôde ser usada/s),
      versao: expect.stringContaining('municipios-aderentes-20260928'),
    });
    expect(item(r, 'parametros_municipais')).toMatchObject({
      mensagem: expect.stringContaining('não pôde ser usada'),
      fonte: expect.stringContaining('indisponível'),
    });
    expect(r.situacao).not.toBe('bloqueio');
  });

  it('a municipality the official list marks national issues a note end to end', async () => {
    t.app.simulator.parametrizacao.indisponivel(true);
    const company = await acct.company({ municipio: ALTO_ALEGRE_DOS_PARECIS });
    const res = await httpClient(t.url, acct.testKey).post('/v1/nfse', nfseBody(company.id));
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({ status: 'autorizada', chave_acesso: expect.stringMatching(/^1100379/) });
  });
});

describe('a batch line', () => {
  it('takes the official rate from the API as a single note does (Belo Horizonte: 2.50% on 01.01.01, none offline)', async () => {
    const company = await acct.company({
      municipio: BELO_HORIZONTE,
      regime_tributario: 'simples_nacional',
      padroes: { codigo_nacional: '010101' },
    });
    const http = httpClient(t.url, acct.testKey);
    const servico = { descricao: 'Análise de sistemas', codigo_nacional: '010101', iss_retido: true };
    const single = await http.post('/v1/nfse', nfseBody(company.id, { servico }));
    expect(single.status, single.text).toBe(201);
    expect(single.body.ajustes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ regra: 'param.aliquota_iss', motivo: expect.stringContaining('(2.50%)') }),
      ]),
    );

    const lote = await http.post('/v1/lotes', { empresa_id: company.id, itens: [linha({ servico })] });
    expect(lote.status, lote.text).toBe(202);
    await waitLote(http, lote.body.id, settledStatus('concluido'));
    const [item] = await allItens(http, lote.body.id);
    expect(item, JSON.stringify(item)).toMatchObject({ status: 'autorizada' });
    const note = await http.get(`/v1/nfse/${item!.nfse_id}`);
    expect(note.body.ajustes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ regra: 'param.aliquota_iss', motivo: expect.stringContaining('(2.50%)') }),
      ]),
    );
  });
});

describe('cache', () => {
  it('answers are kept for their TTL on the injectable clock, then asked again', async () => {
    // Test keys ask the simulated produção restrita; the 6-hourly readiness check asks production.
    const calls = () => t.app.simulator.parametrizacao.chamadas(`/producaorestrita/parametrizacao/${BELO_HORIZONTE}/`);
    const company = await acct.company({ municipio: BELO_HORIZONTE });
    expect(item(await readiness(company.id), 'parametros_municipais').mensagem).toContain('2.50%');
    expect(calls()).toBe(2); // the convênio and the rate of 01.01.01
    await readiness(company.id);
    clock.advance(11 * HOUR);
    await readiness(company.id);
    expect(calls()).toBe(2);
    clock.advance(2 * HOUR);
    await readiness(company.id);
    expect(calls()).toBe(4);
  });
});

describe('GET /v1/municipios/{ibge}', () => {
  it('shows where each fact came from and when, and what the API says of a service', async () => {
    const res = await httpClient(t.url, acct.testKey).get(
      `/v1/municipios/${RIO}?codigo_servico=010101&competencia=2026-11`,
    );
    expect(res.status, res.text).toBe(200);
    const p = res.body.parametros;
    expect(p).toMatchObject({
      convenio: 'nacional',
      convenio_conhecido: true,
      convenio_origem: 'ato',
      convenio_desde: '2026-01-01',
      convenio_fonte: expect.stringContaining('Resolução SMF 3.419/2026'),
      versao: expect.stringMatching(/^sha256:/),
    });
    expect(p.consulta).toMatchObject({
      competencia: '2026-11',
      codigo_servico: '010101',
      aliquota: '2.00',
      aliquota_origem: expect.stringMatching(/^(api|cache)$/),
    });
    expect(p.consulta.retencoes.origem).toMatch(/^(api|cache)$/);
    expect(p.consulta.retencoes.valor.artigo_sexto.habilitado).toBe(true);
    expect(p.consulta.regimes_especiais.valor).toEqual([
      expect.objectContaining({ codigo: '01.01.01.000', situacao: 1, inicio: '2026-01-01' }),
    ]);

    const bad = await httpClient(t.url, acct.testKey).get(`/v1/municipios/${RIO}?codigo_servico=1.01`);
    expect(bad.status).toBe(400);
  });

  it('asks the API what a municipal benefit (nBM) is in the competence, and says when it knows none', async () => {
    const http = httpClient(t.url, acct.testKey);
    const res = await http.get(`/v1/municipios/${RIO}?beneficio=33045570000001&competencia=2026-11`);
    expect(res.status, res.text).toBe(200);
    expect(res.body.parametros.beneficio).toMatchObject({
      numero: '33045570000001',
      competencia: '2026-11',
      resposta: {
        origem: expect.stringMatching(/^(api|cache)$/),
        valor: {
          codigo: '33045570000001',
          tipo: 1,
          tipo_reducao_bc: 1,
          reducao_percentual_bc: '20.00',
          servicos: ['01.01.01.000'],
        },
      },
    });
    const unknown = await http.get(`/v1/municipios/${RIO}?beneficio=33045570000099&competencia=2026-11`);
    expect(unknown.body.parametros.beneficio.resposta).toMatchObject({
      valor: null,
      origem: expect.stringMatching(/^(api|cache)$/),
    });
    expect((await http.get(`/v1/municipios/${RIO}`)).body.parametros.beneficio).toBeNull();
    const bad = await http.get(`/v1/municipios/${RIO}?beneficio=123`);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('nBM');
  });
});
