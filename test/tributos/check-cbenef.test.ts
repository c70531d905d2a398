import { describe, expect, it } from 'vitest';
import { checkCbenef } from '../../src/engine/tributos/check-cbenef.js';
import { mvaSt } from '../../src/engine/tributos/mva-st.js';

// NT 2019.001 v1.70 item 3.6 as each UF applies it (cbenef-ufs.csv), SP's whole table (cbenef.csv).
const sp = {
  uf: 'SP',
  dia: '2026-11-20',
  csosn: false,
  interna: true,
  semReducao: true,
  diferimentoCompleto: true,
  desonerado: true,
};

describe('cBenef as the UF authoriser checks it', () => {
  it('SP from 2026-04-06: required for a CST with benefit (930), refused on a CST without (928), unknown (946), of another CST (931)', () => {
    expect(checkCbenef({ ...sp, codigo: '40', cBenef: undefined })).toMatchObject({ cStat: '930', regra: 'N12-85' });
    expect(checkCbenef({ ...sp, codigo: '40', cBenef: undefined, dia: '2026-04-05' })).toBeNull();
    expect(checkCbenef({ ...sp, codigo: '00', cBenef: 'SP010010' })).toMatchObject({ cStat: '928' });
    expect(checkCbenef({ ...sp, codigo: '40', cBenef: 'SP999999' })).toMatchObject({ cStat: '946' });
    // SP02 codes are base reductions (CST 20/70): on an exemption (CST 40) they are 931.
    expect(checkCbenef({ ...sp, codigo: '40', cBenef: 'SP020010' })).toMatchObject({ cStat: '931' });
    expect(checkCbenef({ ...sp, codigo: '20', cBenef: 'SP020010' })).toBeNull();
    expect(checkCbenef({ ...sp, codigo: '40', cBenef: 'SEM CBENEF' })).toBeNull();
    expect(checkCbenef({ ...sp, codigo: '00', cBenef: undefined })).toBeNull();
  });

  it('RJ from 2019-10-01: a CST 51 without the deferral members (929, N12-97), a relief without vICMSDeson (934, N12-90)', () => {
    const rj = { ...sp, uf: 'RJ', cBenef: 'RJ000001' };
    expect(checkCbenef({ ...rj, codigo: '51', diferimentoCompleto: false })).toMatchObject({ cStat: '929' });
    expect(checkCbenef({ ...rj, codigo: '40', desonerado: false })).toMatchObject({ cStat: '934', regra: 'N12-90' });
    expect(checkCbenef({ ...rj, codigo: '40', desonerado: false, dia: '2019-09-30' })).toBeNull();
    // SP does not apply N12-90.
    expect(checkCbenef({ ...sp, codigo: '40', cBenef: 'SP010010', desonerado: false })).toBeNull();
  });

  it('a UF without the rules (MG), the Simples Nacional, and the CST 90 exception of N12-84', () => {
    expect(checkCbenef({ ...sp, uf: 'MG', codigo: '40', cBenef: undefined })).toBeNull();
    expect(checkCbenef({ ...sp, codigo: '900', csosn: true, cBenef: undefined })).toBeNull();
    expect(checkCbenef({ ...sp, uf: 'PR', codigo: '90', cBenef: undefined })).toBeNull();
    expect(checkCbenef({ ...sp, uf: 'PR', codigo: '90', cBenef: undefined, interna: false })).toMatchObject({
      cStat: '930',
    });
  });
});

describe('official ICMS-ST margins', () => {
  const consulta = { cest: '0300300', ncm: '22011000', ufOrigem: 'TO', ufDestino: 'TO', aliquotaInter: null };
  it('the sender-type hypothesis of Protocolo ICMS 11/91: distributor 100 %, industrial (IPI taxpayer) 140 %', () => {
    const q = { ...consulta, aliquotaInternaDestino: '20' };
    expect(mvaSt({ ...q, remetenteIndustrial: false })).toMatchObject({ mva: '100', tipo: 'original' });
    expect(mvaSt({ ...q, remetenteIndustrial: true })).toMatchObject({ mva: '140', tipo: 'original' });
  });

  it('a good of two margins the note cannot tell apart (TO 17.079.01: aves 35 %, conservas 50 %) asks for the company rule', () => {
    const q = {
      ...consulta,
      cest: '1707901',
      ncm: '16023100',
      aliquotaInternaDestino: '20',
      remetenteIndustrial: false,
    };
    expect(() => mvaSt(q)).toThrow(
      /2 margens de ICMS-ST do CEST 17.079.01 para TO.*escolha-a com uma regra tributária/,
    );
  });
});
