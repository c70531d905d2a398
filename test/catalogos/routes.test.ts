import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseCsv } from '../../src/engine/tabelas/read-csv-records.js';
import { fiscalDataPath, type FiscalDataset } from '../../src/engine/tabelas/fiscal-data-dir.js';
import { httpClient, type HttpResponse } from '../support/http.js';
import type { SeededAccount } from '../support/seed.js';
import type { TestApp } from '../support/test-app.js';
import { useTestApp } from '../support/use-test-app.js';

// The official extractions of the data directory (nfse-nacional/tables): the catalogue must agree with them, row
// by row, without values typed into the test.
const official = (dataset: FiscalDataset): Record<string, string>[] => {
  const [header, ...rows] = parseCsv(readFileSync(fiscalDataPath(dataset), 'utf8'));
  return rows.map((r) => Object.fromEntries(header!.map((h, i) => [h.trim(), (r[i] ?? '').trim()])));
};

let t: TestApp;
let acct: SeededAccount;
let http: ReturnType<typeof httpClient>;

useTestApp(
  (s) => ({ t, acct } = s),
  () => ({ worker: false }),
);
beforeAll(async () => {
  http = httpClient(t.url, acct.testKey);
});

async function all(path: string): Promise<Array<Record<string, any>>> {
  const out: Array<Record<string, any>> = [];
  let cursor: string | null = null;
  do {
    const sep = path.includes('?') ? '&' : '?';
    const res: HttpResponse = await http.get(
      `${path}${sep}limite=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
    );
    expect(res.status, res.text).toBe(200);
    expect(typeof res.body.versao).toBe('string');
    expect(typeof res.body.fonte).toBe('string');
    out.push(...res.body.itens);
    cursor = res.body.proximo_cursor;
  } while (cursor);
  return out;
}

describe('GET /v1/servicos', () => {
  it('serves every code of the official national service list with its description and ISS incidence', async () => {
    const lista = official('listaServicoNacional');
    const incidencia = new Map(official('incidenciaIssqn').map((r) => [r.cTribNac, r]));
    const servicos = await all('/v1/servicos');
    const byCode = new Map(servicos.map((s) => [s.codigo, s]));
    for (const row of lista) {
      const s = byCode.get(row.cTribNac);
      expect(s, row.cTribNac).toBeDefined();
      expect(s!.descricao).toBe(row.descricao_desdobro);
      expect(s!.codigo_formatado).toBe(row.cTribNac_formatado);
      expect(s!.origem).toBe('anexo_b');
      const inc = incidencia.get(row.cTribNac);
      if (inc) {
        expect(s!.incidencia_iss.estabelecimento_prestador, row.cTribNac).toBe(/\bX\b/.test(inc.LI_estab_prestador_EP));
        expect(s!.incidencia_iss.local_prestacao, row.cTribNac).toBe(/\bX\b/.test(inc.LI_local_prestacao_LP));
      }
    }
    // Ascending, each once, across pages.
    expect(servicos.map((s) => s.codigo)).toEqual([...byCode.keys()].sort());
  });

  it('searches by code prefix (with or without dots) and by words, and gets one code with versao and fonte', async () => {
    const lista = official('listaServicoNacional');
    const prefix = lista.filter((r) => r.cTribNac.startsWith('0107')).map((r) => r.cTribNac);
    expect((await all('/v1/servicos?q=01.07')).map((s) => s.codigo)).toEqual(prefix);
    expect((await all('/v1/servicos?q=0107')).map((s) => s.codigo)).toEqual(prefix);
    const first = lista[0]!;
    const word = first.descricao_desdobro.split(/\s+/).find((w) => w.length > 6)!;
    const found = await all(`/v1/servicos?q=${encodeURIComponent(word.toUpperCase())}`);
    expect(found.map((s) => s.codigo)).toContain(first.cTribNac);
    const one = await http.get(`/v1/servicos/${first.cTribNac_formatado}`);
    expect(one.status, one.text).toBe(200);
    expect(one.body).toMatchObject({ codigo: first.cTribNac, descricao: first.descricao_desdobro });
    expect(one.body.versao).toContain('anexo_b');
    expect(one.body.fonte).toContain('Anexo B');
    expect(Array.isArray(one.body.capitulos_nbs)).toBe(true);
  });

  it('answers 404 for an unknown code and 400 for a bad limite or cursor, in the NestJS format', async () => {
    const missing = await http.get('/v1/servicos/999999');
    expect(missing.status).toBe(404);
    expect(Object.keys(missing.body).sort()).toEqual(['error', 'message', 'statusCode']);
    expect((await http.get('/v1/servicos?limite=101')).status).toBe(400);
    expect((await http.get('/v1/servicos?cursor=xyz')).status).toBe(400);
  });
});

describe('GET /v1/municipios', () => {
  it('serves every IBGE municipality and filters by UF and name', async () => {
    const rows = official('municipiosIbge');
    const sample = rows.filter((_r, i) => i % 331 === 0);
    for (const row of sample) {
      const res = await http.get(`/v1/municipios/${row.codigo_ibge}`);
      expect(res.status, res.text).toBe(200);
      expect(res.body.nome).toBe(row.municipio);
      expect(res.body.versao).toContain('20251210');
    }
    const uf = rows.find((r) => r.uf)!.uf;
    const ofUf = await all(`/v1/municipios?uf=${uf}`);
    expect(ofUf.length).toBeGreaterThan(0);
    expect(ofUf.every((m) => m.uf === uf)).toBe(true);
    const named = rows[10]!;
    const byName = await all(`/v1/municipios?q=${encodeURIComponent(named.municipio)}`);
    expect(byName.map((m) => m.codigo)).toContain(named.codigo_ibge);
    const total = await all('/v1/municipios');
    expect(total).toHaveLength(rows.length);
  });

  it('shows what the service knows of a municipality: own system, rates, source and version', async () => {
    const sp = await http.get('/v1/municipios/3550308');
    expect(sp.status, sp.text).toBe(200);
    expect(sp.body.parametros).toMatchObject({
      convenio: 'proprio',
      sistema_proprio: true,
      aderente_emissor_nacional: false,
    });
    expect(sp.body.parametros.versao).toMatch(/^sha256:[0-9a-f]{16}$/);
    expect(sp.body.parametros.aliquotas.length).toBeGreaterThan(0);
    const unknown = (await http.get('/v1/municipios/1100015')).body.parametros;
    expect(unknown).toMatchObject({ convenio: 'desconhecido', aderente_emissor_nacional: null, aliquotas: [] });
    expect((await http.get('/v1/municipios/0000000')).status).toBe(404);
    expect((await http.get('/v1/municipios?uf=XYZ')).status).toBe(400);
  });
});
