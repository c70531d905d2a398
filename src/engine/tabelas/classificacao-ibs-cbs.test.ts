import { describe, expect, it } from 'vitest';
import {
  classificacaoAplicavel,
  classificacaoIbsCbs,
  classificacaoVigente,
  classificacoesIbsCbs,
  classificacoesListadas,
  TABELA_CLASSIFICACAO_IBS_CBS,
} from './classificacao-ibs-cbs.js';
import { aliquotasReferenciaIbsCbs, TABELA_ALIQUOTAS_REFERENCIA_IBS_CBS } from './aliquotas-referencia-ibs-cbs.js';
import { reducaoIbsCbs } from './reducao-ibs-cbs.js';

describe('IBS/CBS classification table (cclasstrib.csv)', () => {
  it('holds the 164 IBS/CBS codes and none of the Imposto Seletivo rows that reuse their numbers', () => {
    const todas = classificacoesIbsCbs();
    expect(todas).toHaveLength(164);
    // IS 000001 starts in 2027 with combined rates; the IBS/CBS 000001 is full taxation from 2026.
    expect(classificacaoIbsCbs('000001')).toMatchObject({
      cst: '000',
      tipoAliquota: 'Padrão',
      inicio: '2026-01-01',
      fim: null,
    });
    expect(classificacaoIbsCbs('999999')).toBeNull();
  });

  it('reads CST, reductions, required groups, documents and validity of a code (200028, education, art. 129)', () => {
    const c = classificacaoIbsCbs('200028')!;
    expect(c).toMatchObject({
      cst: '200',
      cstDescricao: 'Alíquota reduzida',
      pRedCBS: '60',
      pRedIBSUF: '60',
      pRedIBSMun: '60',
      nomenclatura: 'NBS',
      anexo: '2',
      validoNfse: true,
      validoNfe: false,
      listaNbs: true,
      listaNcm: false,
      fundamentacao: 'LC 214/2025 Art. 129',
      exigeTribRegular: false,
    });
    expect(c.grupos).toEqual(['gIBSCBS', 'gRed']);
    expect(c.documentos).toEqual(['NFSe']);
  });

  it('reads the fixed and sector rates by period (010002 financial services, 220001 real-estate)', () => {
    expect(classificacaoIbsCbs('010002')!.aliquotaFixa.CBS).toEqual([
      { aliquota: '0', inicio: '2026-01-01', fim: '2026-12-31' },
      { aliquota: '10.85', inicio: '2027-01-01', fim: '2033-12-31' },
    ]);
    expect(classificacaoIbsCbs('220001')!.aliquotaFixa.IBSUF).toEqual([
      { aliquota: '0.208', inicio: '2026-01-01', fim: '2033-12-31' },
    ]);
    expect(classificacaoIbsCbs('000001')!.aliquotaFixa.CBS).toEqual([]);
  });

  it('a deferral with reduction requires gDif beside gRed (515001)', () => {
    expect(classificacaoIbsCbs('515001')!.grupos).toEqual(['gIBSCBS', 'gRed', 'gDif']);
  });

  it('applies validity dates inclusively (220001 ends on its first day in this version)', () => {
    const c = classificacaoIbsCbs('220001')!;
    expect(classificacaoVigente(c, '2026-01-01')).toBe(true);
    expect(classificacaoVigente(c, '2026-01-02')).toBe(false);
    expect(classificacaoVigente(classificacaoIbsCbs('000001')!, '2025-12-31')).toBe(false);
  });

  it('limits a listed code to its NBS prefixes, a code without a list to nothing', () => {
    const educacao = classificacaoIbsCbs('200028')!;
    expect(classificacaoAplicavel(educacao, 'NBS', '122012000', '2026-06-01')).toBe(true);
    expect(classificacaoAplicavel(educacao, 'NBS', '115021000', '2026-06-01')).toBe(false);
    expect(classificacaoAplicavel(classificacaoIbsCbs('000001')!, 'NBS', '115021000', '2026-06-01')).toBe(true);
  });

  it('joins the exceptions the table writes one per row for the same prefix (0207 without fatty livers)', () => {
    const alimentos = classificacaoIbsCbs('200003')!;
    expect(classificacaoAplicavel(alimentos, 'NCM', '02071100', '2026-06-01')).toBe(true);
    // Excluded by the first 0207 row and not let back in by the second, which excludes 02075300 only.
    expect(classificacaoAplicavel(alimentos, 'NCM', '02074300', '2026-06-01')).toBe(false);
    expect(classificacaoAplicavel(alimentos, 'NCM', '02075300', '2026-06-01')).toBe(false);
    expect(classificacoesListadas('NCM', '02074300', '2026-06-01').map((c) => c.cClassTrib)).not.toContain('200003');
    expect(classificacoesListadas('NCM', '02071100', '2026-06-01').map((c) => c.cClassTrib)).toContain('200003');
  });

  it('the reductions for an NBS come from the same loader (education and health)', () => {
    expect(reducaoIbsCbs('122012000', '2026-06-01').map((r) => r.cClassTrib)).toContain('200028');
    expect(reducaoIbsCbs('123011100', '2026-06-01').map((r) => r.cClassTrib)).toContain('200029');
    expect(reducaoIbsCbs('122012000', '2025-12-31')).toEqual([]);
  });

  it('carries its version and source', () => {
    expect(TABELA_CLASSIFICACAO_IBS_CBS.versao).toMatch(/1\.3\.0/);
    expect(TABELA_CLASSIFICACAO_IBS_CBS.fonte).toMatch(/Receita Federal/);
  });
});

describe('IBS/CBS reference rates (aliquotas-referencia.csv)', () => {
  it('2026 is the legal test year: CBS 0.9 %, IBS-UF 0.1 %, IBS-Mun 0', () => {
    expect(aliquotasReferenciaIbsCbs('2026-03-15')).toMatchObject({
      CBS: '0.9',
      IBSUF: '0.1',
      IBSMun: '0',
      inicio: '2026-01-01',
      fim: '2026-12-31',
      legal: true,
    });
  });

  it('2027 has the legal IBS of 0.05 + 0.05 and a CBS the calculator simulates', () => {
    const r = aliquotasReferenciaIbsCbs('2027-01-01')!;
    expect(r).toMatchObject({ CBS: '8.4', IBSUF: '0.05', IBSMun: '0.05', legal: false });
    expect(r.situacao.CBS).toMatch(/simulated/);
  });

  it('answers null outside the years the table covers', () => {
    expect(aliquotasReferenciaIbsCbs('2025-12-31')).toBeNull();
    expect(aliquotasReferenciaIbsCbs('2034-01-01')).toBeNull();
    expect(aliquotasReferenciaIbsCbs('2033-12-31')).toMatchObject({ IBSUF: '16', IBSMun: '2.5' });
    expect(TABELA_ALIQUOTAS_REFERENCIA_IBS_CBS.versao).toBe(TABELA_CLASSIFICACAO_IBS_CBS.versao);
  });
});
