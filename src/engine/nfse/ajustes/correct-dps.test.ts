import { describe, expect, it } from 'vitest';
import { baseDps } from '../../../../test/support/nfse-fixtures.js';
import { buildDpsId } from '../nacional/build-dps-xml.js';
import type { DpsInput } from '../nacional/dps-input.js';
import { correctDps } from './correct-dps.js';

// Rio Branco's parameters (resources/tables/municipios-parametros.csv): 5.00 for every service but items 01, 04
// and 08, which have no single official rate.
const RIO_BRANCO = '1200401';
const semAliquota = (dps: DpsInput): DpsInput => ({
  ...dps,
  valores: { ...dps.valores, trib: { ...dps.valores.trib, tribMun: { tribISSQN: '1', tpRetISSQN: '1' } } },
});
const emRioBranco = (cTribNac: string): DpsInput =>
  semAliquota(
    baseDps({
      cLocEmi: RIO_BRANCO,
      serv: { locPrest: { cLocPrestacao: RIO_BRANCO }, cServ: { cTribNac, xDescServ: 'Consultoria' } },
    }),
  );
const idOf = (d: DpsInput) => buildDpsId({ cLocEmi: d.cLocEmi, serie: d.serie, nDPS: d.nDPS, ...d.prest });

describe('correctDps (automatic corrections of a rejection)', () => {
  it('E0120 omits the provider IM and keeps the DPS identity and dhEmi; the original is untouched', () => {
    const dps = baseDps();
    const out = correctDps({ dps, codigos: ['E0120'], inscricaoMunicipal: '999' })!;
    expect(out.dps.prest.IM).toBeUndefined();
    expect(dps.prest.IM).toBe('12345678');
    expect(idOf(out.dps)).toBe(idOf(dps));
    expect(out.dps.dhEmi).toBe(dps.dhEmi);
    expect(out.dps.valores).toEqual(dps.valores);
    expect(out.ajustes).toEqual([
      {
        campo: '/prestador/inscricao_municipal',
        acao: 'omitido',
        regra: 'correcao.E0120',
        motivo: expect.stringContaining('E0120'),
      },
    ]);
  });

  it('E0116 fills the IM from the company registration; without one there is no correction', () => {
    const dps = baseDps({ prest: { CNPJ: '11222333000181', regTrib: { opSimpNac: '1', regEspTrib: '0' } } });
    const out = correctDps({ dps, codigos: ['e0116'], inscricaoMunicipal: '4455' })!;
    expect(out.dps.prest.IM).toBe('4455');
    expect(out.ajustes.map((a) => [a.regra, a.acao])).toEqual([['correcao.E0116', 'preenchido']]);
    expect(correctDps({ dps, codigos: ['E0116'], inscricaoMunicipal: null })).toBeNull();
  });

  it.each(['E0600', 'E0617', 'E0625', 'E0631', 'E0635'])('%s omits the ISS rate', (codigo) => {
    const out = correctDps({ dps: baseDps(), codigos: [codigo], inscricaoMunicipal: null })!;
    expect(out.dps.valores.trib.tribMun).toEqual({ tribISSQN: '1', tpRetISSQN: '1' });
    expect(out.ajustes).toMatchObject([
      { campo: '/servico/aliquota_iss', acao: 'omitido', regra: `correcao.${codigo}` },
    ]);
    expect(out.ajustes[0]!.motivo).toContain('2.00%');
  });

  it.each(['E0619', 'E0621', 'E0628', 'E0640'])(
    '%s fills the official rate of the municipality of incidence',
    (codigo) => {
      const out = correctDps({ dps: emRioBranco('170101'), codigos: [codigo], inscricaoMunicipal: null })!;
      expect(out.dps.valores.trib.tribMun.pAliq).toBe('5.00');
      expect(out.ajustes).toMatchObject([
        { campo: '/servico/aliquota_iss', acao: 'preenchido', regra: `correcao.${codigo}` },
      ]);
      expect(out.ajustes[0]!.motivo).toContain('Rio Branco/AC');
    },
  );

  it('a rate to fill without a single official rate, or a field without the defect, is no correction', () => {
    expect(correctDps({ dps: emRioBranco('010101'), codigos: ['E0619'], inscricaoMunicipal: null })).toBeNull();
    // Resending an unchanged DPS would be rejected again.
    expect(correctDps({ dps: semAliquota(baseDps()), codigos: ['E0617'], inscricaoMunicipal: null })).toBeNull();
    expect(correctDps({ dps: baseDps(), codigos: ['E0619'], inscricaoMunicipal: null })).toBeNull();
    // The DPS never carries the provider's name or address: nothing to omit.
    expect(correctDps({ dps: baseDps(), codigos: ['E0121'], inscricaoMunicipal: null })).toBeNull();
    expect(correctDps({ dps: baseDps(), codigos: ['E0128'], inscricaoMunicipal: null })).toBeNull();
  });

  it('a code outside the catalogue, or none, is no correction even beside a catalogued one', () => {
    expect(correctDps({ dps: baseDps(), codigos: ['E0310'], inscricaoMunicipal: null })).toBeNull();
    expect(correctDps({ dps: baseDps(), codigos: ['E0120', 'E0310'], inscricaoMunicipal: null })).toBeNull();
    expect(correctDps({ dps: baseDps(), codigos: [], inscricaoMunicipal: null })).toBeNull();
  });

  it('several codes are corrected together; two asking the same change give one change; opposite changes none', () => {
    const both = correctDps({ dps: baseDps(), codigos: ['E0120', 'E0617', 'E0625'], inscricaoMunicipal: null })!;
    expect(both.dps.prest.IM).toBeUndefined();
    expect(both.dps.valores.trib.tribMun.pAliq).toBeUndefined();
    expect(both.ajustes.map((a) => a.regra)).toEqual(['correcao.E0120', 'correcao.E0617', 'correcao.E0625']);
    expect(correctDps({ dps: baseDps(), codigos: ['E0617', 'E0619'], inscricaoMunicipal: null })).toBeNull();
  });
});
