import { describe, expect, it } from 'vitest';
import { aliquotaIcmsInterna } from '../../src/engine/tributos/aliquota-icms-interna.js';
import { aliquotaInterestadual } from '../../src/engine/tributos/aliquota-interestadual.js';
import { aliquotaTipi } from '../../src/engine/tributos/aliquota-tipi.js';
import { ForaDeCobertura } from '../../src/engine/tributos/fora-de-cobertura.js';
import { mvaSt } from '../../src/engine/tributos/mva-st.js';

describe('tax tables of the engine', () => {
  it('interstate rates: Resolução do Senado 22/1989 (7 % South/Southeast → N, NE, CO, ES; 12 % otherwise), 13/2012 (4 % imported)', () => {
    expect(aliquotaInterestadual('SP', 'BA', '0').aliquota).toBe('7');
    expect(aliquotaInterestadual('BA', 'SP', '0').aliquota).toBe('12');
    expect(aliquotaInterestadual('RS', 'ES', '0').aliquota).toBe('7');
    expect(aliquotaInterestadual('RS', 'SP', '1')).toMatchObject({ aliquota: '4', importado: true });
    expect(() => aliquotaInterestadual('RS', 'RS', '0')).toThrow(ForaDeCobertura);
  });

  it('internal rates by issue date: AL 19 % until 2026-03-31, 20.5 % from 2026-04-01 (Lei AL 9.776/2025), with the FECOEP 1 %', () => {
    expect(aliquotaIcmsInterna('AL', '2026-03-31')).toMatchObject({ aliquota: '19', fcp: '1' });
    expect(aliquotaIcmsInterna('AL', '2026-04-01')).toMatchObject({ aliquota: '20.5', fcp: '1' });
    expect(aliquotaIcmsInterna('RS', '2026-11-20')).toMatchObject({ aliquota: '17', fcp: null });
  });

  it('TIPI: a rate, an Ex, NT, and the codes of ADE RFB 1/2026 without rate are outside the coverage', () => {
    expect(aliquotaTipi('84716052', undefined, '2026-11-20').aliquota).toBe('9.75');
    expect(aliquotaTipi('84716052', '01', '2026-11-20').aliquota).toBe('0');
    expect(aliquotaTipi('04090000', undefined, '2026-11-20').aliquota).toBeNull();
    expect(() => aliquotaTipi('59039010', undefined, '2026-11-20')).toThrow(/ADE RFB nº 1\/2026/);
  });

  it('MVA-ST: the adjusted margin the destination publishes for the interstate rate, the original inside the UF', () => {
    const consulta = { ncm: '40111000', aliquotaInternaDestino: '20.5', remetenteIndustrial: false };
    // Published by BA for tyres 16.001 at 7 %: [(1 + 42 %) × (1 − 7 %) / (1 − 20.5 %)] − 1 = 66.11 % (Convênio ICMS 142/2018 cl. 13ª § 1º).
    const ba = { ...consulta, cest: '1600100', ufOrigem: 'RS', ufDestino: 'BA', aliquotaInter: '7' };
    expect(mvaSt(ba)).toMatchObject({ mva: '66.11', tipo: 'ajustada' });
    expect(mvaSt({ ...ba, ufOrigem: 'BA', aliquotaInter: null })).toMatchObject({ mva: '42', tipo: 'original' });
    expect(() => mvaSt({ ...ba, cest: '2104700' })).toThrow(ForaDeCobertura);
    expect(() => mvaSt({ ...ba, cest: undefined })).toThrow(/CEST/);
  });
});
