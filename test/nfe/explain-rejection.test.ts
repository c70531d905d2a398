import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseCsv } from '../../src/engine/tabelas/read-csv-records.js';
import { fiscalDataPath } from '../../src/engine/tabelas/fiscal-data-dir.js';
import { EXPLICACOES, explainRejection } from '../../src/engine/nfe/explain-rejection.js';

// The official cStat table (codes and messages of the MOC), nfe/rules/cstat.csv of the data directory.
const oficial = new Map(
  parseCsv(readFileSync(fiscalDataPath('cstatNfe'), 'utf8'))
    .slice(1)
    .map(([cstat, mensagem, grupo]) => [cstat!, { mensagem: mensagem!, grupo: grupo! }]),
);

describe('explainRejection', () => {
  it('covers at least 50 rejections, each a code of the official table', () => {
    const codes = Object.keys(EXPLICACOES);
    expect(codes.filter((c) => oficial.get(c)?.grupo === 'rejeicao').length).toBeGreaterThanOrEqual(50);
    expect(codes.filter((c) => !oficial.has(c))).toEqual([]);
  });

  it('explains and suggests a fix in Portuguese for every listed code', () => {
    for (const [code, e] of Object.entries(EXPLICACOES)) {
      expect(e.explicacao.length, code).toBeGreaterThan(20);
      expect(e.correcao.length, code).toBeGreaterThan(10);
      expect(e.explicacao, code).not.toBe(oficial.get(code)!.mensagem);
    }
  });

  it('says denials consume the number, and answers null for codes it does not explain', () => {
    for (const code of ['110', '301', '302', '303']) {
      expect(oficial.get(code)!.grupo).toBe('denegacao');
      expect(explainRejection(code)!.explicacao).toMatch(/número ficou consumido/);
    }
    expect(explainRejection(204)!.correcao).toMatch(/Não reenvie/);
    expect(explainRejection('100')).toBeNull();
    expect(explainRejection('12345')).toBeNull();
  });
});
