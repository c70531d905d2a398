import { describe, expect, it } from 'vitest';
import { chaveDosCriterios } from './criterios-fields.js';
import { especificidade, resolveTributacao, type ItemDaRegra, type RegraDaEmpresa } from './resolve-tributacao.js';

const item: ItemDaRegra = {
  sku: 'AGUA-500',
  ncm: '22011000',
  cest: '0300100',
  operacao: 'venda',
  ufOrigem: 'RS',
  ufDestino: 'SP',
  contribuinte: 'contribuinte',
};
let seq = 0;
const regra = (criterios: RegraDaEmpresa['criterios'], tributacao: unknown, criadoEm?: string): RegraDaEmpresa => {
  const n = ++seq;
  return {
    id: `r${n}`,
    descricao: `regra ${n}`,
    criterios,
    tributacao,
    criadoEm: criadoEm ?? `2026-11-0${n % 9}T00:00:00.000Z`,
    atualizadoEm: '2026-11-20T00:00:00.000Z',
  };
};
const produto = { icms: { cst: '00' }, pis: { cst: '01' }, cofins: { cst: '01' }, ibsCbs: { cClassTrib: '000001' } };

describe('resolveTributacao', () => {
  it('without an applicable rule the product profile is used as it is, and no member names a rule', () => {
    const outra = regra({ ufDestino: 'RJ' }, { pis: { cst: '06' } });
    const r = resolveTributacao(produto, item, [outra]);
    expect(r.tributacao).toEqual(produto);
    expect(r.origens.size).toBe(0);
  });

  it('a rule overrides member by member and keeps the product members it does not set', () => {
    const r1 = regra({ ncmPrefixo: '2201' }, { pis: { cst: '06' }, cofins: { cst: '06' } });
    const r = resolveTributacao(produto, item, [r1]);
    expect(r.tributacao).toEqual({ ...produto, pis: { cst: '06' }, cofins: { cst: '06' } });
    expect([...r.origens.keys()].sort()).toEqual(['cofins.cst', 'pis.cst']);
    expect(r.origens.get('pis.cst')!.id).toBe(r1.id);
  });

  it('every criterion given must hold', () => {
    const r1 = regra({ ncmPrefixo: '2201', ufDestino: 'SP', contribuinte: 'nao_contribuinte' }, { pis: { cst: '06' } });
    expect(resolveTributacao(produto, item, [r1]).origens.size).toBe(0);
    expect(resolveTributacao(produto, { ...item, contribuinte: 'nao_contribuinte' }, [r1]).origens.size).toBe(1);
  });

  it('the more specific rule wins: produto > cest > longer NCM prefix > UFs > operação > contribuinte', () => {
    const ordem = [
      regra({ contribuinte: 'contribuinte' }, { pis: { cst: '04' } }),
      regra({ operacao: 'venda', contribuinte: 'contribuinte' }, { pis: { cst: '05' } }),
      regra({ ufDestino: 'SP' }, { pis: { cst: '06' } }),
      regra({ ufOrigem: 'RS', ufDestino: 'SP' }, { pis: { cst: '07' } }),
      regra({ ncmPrefixo: '22' }, { pis: { cst: '08' } }),
      regra({ ncmPrefixo: '220110' }, { pis: { cst: '09' } }),
      regra({ cest: '0300100' }, { pis: { cst: '49' } }),
      regra({ produto: 'AGUA-500' }, { pis: { cst: '02', aliquota: '2.10' } }),
    ];
    for (let n = 1; n <= ordem.length; n++) {
      // Given in reverse, so the input order cannot be what decides.
      const r = resolveTributacao(produto, item, ordem.slice(0, n).reverse());
      expect(r.origens.get('pis.cst')!.id, `${n} rules`).toBe(ordem[n - 1]!.id);
    }
    const all = resolveTributacao(produto, item, ordem);
    expect(all.tributacao!.pis).toEqual({ cst: '02', aliquota: '2.10' });
    expect(especificidade({ cest: '0300100' })).toEqual([0, 1, 0, 0, 0, 0]);
  });

  it('a less specific rule still supplies the members the more specific one leaves out', () => {
    const geral = regra({ ncmPrefixo: '22' }, { ibsCbs: { cClassTrib: '200003' }, cofins: { cst: '06' } });
    const produtoRegra = regra({ produto: 'AGUA-500' }, { cofins: { cst: '04' } });
    const r = resolveTributacao(produto, item, [produtoRegra, geral]);
    expect(r.tributacao!.cofins).toEqual({ cst: '04' });
    expect(r.origens.get('cofins.cst')!.id).toBe(produtoRegra.id);
    expect(r.origens.get('ibsCbs.cClassTrib')!.id).toBe(geral.id);
  });

  it('equally specific rules: the older one wins', () => {
    const nova = regra({ ufDestino: 'SP' }, { pis: { cst: '06' } }, '2026-11-10T00:00:00.000Z');
    const antiga = regra({ ufOrigem: 'RS' }, { pis: { cst: '07' } }, '2026-11-01T00:00:00.000Z');
    expect(resolveTributacao(produto, item, [antiga, nova]).origens.get('pis.cst')!.id).toBe(antiga.id);
    expect(resolveTributacao(produto, item, [nova, antiga]).origens.get('pis.cst')!.id).toBe(antiga.id);
  });

  it('CST and CSOSN are one choice, and a new cClassTrib drops the lower layer’s IBS/CBS CST', () => {
    const r1 = regra({}, { icms: { csosn: '102' }, ibsCbs: { cClassTrib: '200003' } });
    const r = resolveTributacao({ ...produto, ibsCbs: { cst: '000', cClassTrib: '000001' } }, item, [r1]);
    expect(r.tributacao!.icms).toEqual({ csosn: '102' });
    expect(r.tributacao!.ibsCbs).toEqual({ cClassTrib: '200003' });
  });

  it('a product without profile takes the profile of the rules alone', () => {
    const r1 = regra({ produto: 'AGUA-500' }, { icms: { cst: '00' } });
    expect(resolveTributacao(null, item, [r1]).tributacao).toEqual({ icms: { cst: '00' } });
    expect(resolveTributacao(null, item, []).tributacao).toBeNull();
  });

  it('the duplicate check sees the same criteria set whatever the order or the nulls', () => {
    expect(chaveDosCriterios({ ufDestino: 'SP', ncmPrefixo: '22', cest: null })).toBe(
      chaveDosCriterios({ ncmPrefixo: '22', ufDestino: 'SP' }),
    );
    expect(chaveDosCriterios({ ncmPrefixo: '22' })).not.toBe(chaveDosCriterios({ ncmPrefixo: '220' }));
  });
});
