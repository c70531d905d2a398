import { describe, expect, it } from 'vitest';
import { DAY } from '../../src/engine/nucleo/clock.js';
import { worstOf, type ReadinessItem } from '../../src/engine/prontidao/readiness-items.js';
import { parametrosMunicipio } from '../../src/engine/tabelas/index.js';
import { httpClient } from '../support/http.js';
import { MUNICIPIO_PROPRIO, seedAccount, type SeededAccount } from '../support/seed.js';
import type { TestApp } from '../support/test-app.js';
import { useTestApp } from '../support/use-test-app.js';

// Readiness: every item is reported, whatever its situation (plus empresa_ativa for paused companies).
const SPEC_ITEMS = [
  'certificado',
  'regime_tributario',
  'plano_emissao',
  'sandbox_municipio_proprio',
  'token_municipio',
  'regime_apuracao_simples',
  'municipio_emissao',
  'convenio_municipio',
  'serie_dps',
  'padroes_emissao',
  'parametros_municipais',
  'nbs',
  'reducao_ibs_cbs',
];
// Florianópolis authenticates issuance with a token from its own portal (municipios-parametros.csv, exige_token).
const MUNICIPIO_COM_TOKEN = '4205407';

let t: TestApp;
let acct: SeededAccount;

useTestApp((s) => ({ t, acct } = s));

interface Readiness {
  empresa_id: string;
  situacao: 'ok' | 'aviso' | 'bloqueio';
  itens: ReadinessItem[];
}

async function readiness(companyId: string, key = acct.liveKey): Promise<Readiness> {
  const res = await httpClient(t.url, key).get<Readiness>(`/v1/companies/${companyId}/prontidao`);
  expect(res.status, res.text).toBe(200);
  expect(res.body.empresa_id).toBe(companyId);
  const names = res.body.itens.map((i) => i.item);
  for (const item of SPEC_ITEMS) expect(names).toContain(item);
  expect(new Set(names).size).toBe(names.length);
  for (const i of res.body.itens) {
    expect(typeof i.mensagem).toBe('string');
    // Anything short of ok says how to fix it.
    if (i.situacao !== 'ok') expect(i.correcao, `${i.item} has no correcao`).toBeTruthy();
  }
  // situacao is the worst of the items.
  expect(res.body.situacao).toBe(worstOf(res.body.itens));
  return res.body;
}

const item = (r: Readiness, name: string) => r.itens.find((i) => i.item === name)!;

describe('GET /v1/companies/{id}/prontidao', () => {
  it('the table confirms the municipalities these tests rely on', () => {
    expect(parametrosMunicipio(MUNICIPIO_COM_TOKEN)?.exigeToken).toBe(true);
    expect(parametrosMunicipio(MUNICIPIO_PROPRIO)?.convenio).toBe('proprio');
    expect(parametrosMunicipio(MUNICIPIO_PROPRIO)?.exigeToken).toBe(false);
  });

  it('a complete company has no bloqueio', async () => {
    const company = await acct.company();
    const r = await readiness(company.id);
    expect(r.itens.filter((i) => i.situacao === 'bloqueio')).toEqual([]);
    expect(r.situacao).not.toBe('bloqueio');
    expect(item(r, 'certificado').situacao).toBe('ok');
  });

  describe('certificado', () => {
    it('absent → bloqueio', async () => {
      const company = await acct.company({}, { certificate: false });
      const r = await readiness(company.id);
      expect(item(r, 'certificado').situacao).toBe('bloqueio');
      expect(r.situacao).toBe('bloqueio');
    });

    it('expiring within 30 days → aviso; 45 days away → ok', async () => {
      const soon = await acct.company({}, { certificate: { notAfterDays: 10 } });
      const r = await readiness(soon.id);
      expect(item(r, 'certificado')).toMatchObject({
        situacao: 'aviso',
        mensagem: expect.stringMatching(/\b(9|10) dia/),
      });
      expect(r.situacao).not.toBe('ok');
      const later = await acct.company({}, { certificate: { notAfterDays: 45 } });
      expect(item(await readiness(later.id), 'certificado').situacao).toBe('ok');
    });

    it('expired → bloqueio (the row is aged directly: upload refuses expired certificates)', async () => {
      const company = await acct.company();
      const past = new Date(Date.now() - 2 * DAY);
      await t.app.engine.db.certificate.update({
        where: { companyId: company.id },
        data: { notBefore: new Date(past.getTime() - 365 * DAY), notAfter: past },
      });
      const r = await readiness(company.id);
      expect(item(r, 'certificado')).toMatchObject({
        situacao: 'bloqueio',
        mensagem: expect.stringMatching(/vencido/),
      });
      expect(r.situacao).toBe('bloqueio');
    });
  });

  it('regime_tributario missing → bloqueio', async () => {
    const company = await acct.company({ regime_tributario: undefined }, { certificate: false });
    const r = await readiness(company.id);
    expect(item(r, 'regime_tributario').situacao).toBe('bloqueio');
    expect(r.situacao).toBe('bloqueio');
    const configured = await acct.company({ regime_tributario: 'lucro_real' }, { certificate: false });
    expect(item(await readiness(configured.id), 'regime_tributario').situacao).toBe('ok');
  });

  it('plano_emissao: an inactive plan blocks a live key only; a test key needs no plan', async () => {
    const other = await seedAccount(t.app.engine, 'Sem plano');
    const company = await other.company();
    expect(item(await readiness(company.id, other.liveKey), 'plano_emissao').situacao).toBe('ok');
    await other.setPlan('inativo');
    const liveView = await readiness(company.id, other.liveKey);
    expect(item(liveView, 'plano_emissao').situacao).toBe('bloqueio');
    expect(liveView.situacao).toBe('bloqueio');
    const testView = await readiness(company.id, other.testKey);
    expect(item(testView, 'plano_emissao').situacao).toBe('ok');
    expect(testView.situacao).not.toBe('bloqueio');
    await other.setPlan('ativo');
    expect(item(await readiness(company.id, other.liveKey), 'plano_emissao').situacao).toBe('ok');
  });

  it('sandbox_municipio_proprio: São Paulo blocks a test key, not a live key', async () => {
    const company = await acct.company({ municipio: MUNICIPIO_PROPRIO });
    const testView = await readiness(company.id, acct.testKey);
    expect(item(testView, 'sandbox_municipio_proprio').situacao).toBe('bloqueio');
    expect(testView.situacao).toBe('bloqueio');
    const liveView = await readiness(company.id, acct.liveKey);
    expect(item(liveView, 'sandbox_municipio_proprio').situacao).toBe('ok');
    expect(liveView.situacao).not.toBe('bloqueio');
    // A municipality not on its own system does not block a test key.
    const elsewhere = await acct.company({}, { certificate: false });
    expect(item(await readiness(elsewhere.id, acct.testKey), 'sandbox_municipio_proprio').situacao).toBe('ok');
  });

  it('token_municipio: a municipality that requires a token blocks until one is saved', async () => {
    const without = await acct.company({ municipio: MUNICIPIO_COM_TOKEN }, { certificate: false });
    const r = await readiness(without.id);
    expect(item(r, 'token_municipio').situacao).toBe('bloqueio');
    expect(r.situacao).toBe('bloqueio');
    const withToken = await acct.company({ municipio: MUNICIPIO_COM_TOKEN, token_municipio: 'tok-portal-123' });
    const ok = await readiness(withToken.id);
    expect(item(ok, 'token_municipio').situacao).toBe('ok');
    expect(ok.situacao).not.toBe('bloqueio');
    expect(ok.itens.map((i) => i.mensagem).join(' ')).not.toContain('tok-portal-123');
    // Elsewhere no token is needed.
    expect(item(await readiness((await acct.company({}, { certificate: false })).id), 'token_municipio').situacao).toBe(
      'ok',
    );
  });

  it('a paused company is blocked; resuming lifts it', async () => {
    const company = await acct.company();
    const live = httpClient(t.url, acct.liveKey);
    expect((await live.post(`/v1/companies/${company.id}/pausa`)).status).toBe(200);
    const paused = await readiness(company.id);
    expect(paused.situacao).toBe('bloqueio');
    expect(paused.itens.filter((i) => i.situacao === 'bloqueio').map((i) => i.item)).toEqual(['empresa_ativa']);
    expect((await live.post(`/v1/companies/${company.id}/retomada`)).status).toBe(200);
    expect((await readiness(company.id)).situacao).not.toBe('bloqueio');
  });

  it('situacao is the worst item: several blocks at once are all reported', async () => {
    const company = await acct.company(
      { municipio: MUNICIPIO_COM_TOKEN, regime_tributario: undefined },
      { certificate: false },
    );
    const r = await readiness(company.id);
    expect(r.situacao).toBe('bloqueio');
    expect(
      r.itens
        .filter((i) => i.situacao === 'bloqueio')
        .map((i) => i.item)
        .sort(),
    ).toEqual(['certificado', 'regime_tributario', 'token_municipio']);
  });

  it('advice items never block: only aviso ones give situacao aviso', async () => {
    const company = await acct.company({ regime_tributario: 'simples_nacional', padroes: {} });
    const r = await readiness(company.id);
    expect(item(r, 'regime_apuracao_simples').situacao).toBe('aviso');
    expect(item(r, 'padroes_emissao').situacao).toBe('aviso');
    expect(item(r, 'nbs').situacao).toBe('aviso');
    expect(r.situacao).toBe('aviso');
  });

  it('worstOf orders ok < aviso < bloqueio', () => {
    const mk = (situacao: ReadinessItem['situacao']): ReadinessItem => ({
      item: 'x',
      situacao,
      mensagem: '',
      correcao: null,
    });
    expect(worstOf([mk('ok'), mk('ok')])).toBe('ok');
    expect(worstOf([mk('ok'), mk('aviso')])).toBe('aviso');
    expect(worstOf([mk('aviso'), mk('bloqueio'), mk('ok')])).toBe('bloqueio');
  });

  it("another account's company is 404; an unknown id too", async () => {
    const other = await seedAccount(t.app.engine, 'Outra');
    const foreign = await other.company({}, { certificate: false });
    expect((await httpClient(t.url, acct.liveKey).get(`/v1/companies/${foreign.id}/prontidao`)).status).toBe(404);
    expect((await httpClient(t.url, acct.liveKey).get('/v1/companies/nao-e-uuid/prontidao')).status).toBe(404);
  });
});

describe('parametros_municipais', () => {
  // A municipality with no official rates in the tables (municipios-parametros.csv has no line for it).
  const SEM_ALIQUOTA_OFICIAL = '1100015';

  it("does not ask for padroes.aliquota_iss when the company's default rate is set", async () => {
    const withDefault = await acct.company({
      municipio: SEM_ALIQUOTA_OFICIAL,
      padroes: { codigo_nacional: '010101', aliquota_iss: '2.00' },
    });
    const r = await readiness(withDefault.id);
    const parametros = item(r, 'parametros_municipais');
    expect(parametros.situacao).toBe('ok');
    expect(parametros.mensagem).toContain('2.00%');
    expect(JSON.stringify(parametros)).not.toContain('informe padroes.aliquota_iss');

    const withoutDefault = await acct.company({
      municipio: SEM_ALIQUOTA_OFICIAL,
      padroes: { codigo_nacional: '010101' },
    });
    const warned = item(await readiness(withoutDefault.id), 'parametros_municipais');
    expect(warned.situacao).toBe('aviso');
    expect(warned.correcao).toContain('padroes.aliquota_iss');
  });
});

describe('reducao_ibs_cbs', () => {
  it('warns when the default NBS has an IBS/CBS reduction foreseen, and is ok otherwise; never blocks', async () => {
    const escola = await acct.company({
      padroes: { codigo_nacional: '080101', aliquota_iss: '2.00', nbs: '122011100' },
    });
    const reduzida = item(await readiness(escola.id), 'reducao_ibs_cbs');
    expect(reduzida.situacao).toBe('aviso');
    expect(reduzida.mensagem).toContain('cClassTrib 200028');
    const software = await acct.company({
      padroes: { codigo_nacional: '010101', aliquota_iss: '2.00', nbs: '115021000' },
    });
    expect(item(await readiness(software.id), 'reducao_ibs_cbs')).toMatchObject({ situacao: 'ok', correcao: null });
  });
});
