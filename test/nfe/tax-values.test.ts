import { describe, expect, it } from 'vitest';
import { nfeBody, validateNfeRequest } from '../support/nfe-fixtures.js';

const ctx = { simples: false, chaveRestritaEmpresa: true, environment: 'live' as const, dia: '2026-11-02' };
const erros = (body: unknown) => validateNfeRequest(body, ctx).erros;
/** The first item of the fixture with its tax groups replaced. */
const comItem = (taxes: Record<string, unknown>) => {
  const [a, b] = nfeBody().itens;
  return nfeBody({ itens: [{ ...a, ...taxes }, b], pagamentos: [{ forma: 'pix', valor: '500.00' }] });
};

describe('tax values against base × rate (check-tax-values.ts)', () => {
  it('accepts the product rounded or truncated to the cent', () => {
    // 33.33 × 12 % = 3.9996 → 4.00 rounded, 3.99 truncated; 1.65 % of 33.33 = 0.549945 → 0.55 / 0.54.
    for (const [vIcms, vPis] of [
      ['4.00', '0.55'],
      ['3.99', '0.54'],
    ]) {
      expect(
        erros(
          comItem({
            icms: { cst: '00', mod_bc: '3', v_bc: '33.33', p_icms: '12', v_icms: vIcms },
            pis: { cst: '01', v_bc: '33.33', p_pis: '1.65', v_pis: vPis },
          }),
        ),
      ).toEqual([]);
    }
  });

  it('names every divergent value at once, with its pointer, the expected product and the authority code for ICMS', () => {
    const body = comItem({
      icms: { cst: '00', mod_bc: '3', v_bc: '100.00', p_icms: '12.00', v_icms: '12.01' },
      pis: { cst: '01', v_bc: '100.00', p_pis: '1.65', v_pis: '1.60' },
      cofins: { cst: '99', q_bc_prod: '10', v_aliq_prod: '0.5', v_cofins: '4.00' },
      ipi: { c_enq: '999', cst: '50', v_bc: '100.00', p_ipi: '5.00', v_ipi: '50.00' },
    });
    const found = erros(body);
    expect(found.map((e) => [e.codigo, e.campo])).toEqual([
      ['valor_tributo_divergente', '/itens/0/icms/v_icms'],
      ['valor_tributo_divergente', '/itens/0/pis/v_pis'],
      ['valor_tributo_divergente', '/itens/0/cofins/v_cofins'],
      ['valor_tributo_divergente', '/itens/0/ipi/v_ipi'],
    ]);
    expect(found[0]).toMatchObject({ mensagem: expect.stringContaining('12.00'), codigo_oficial: '528' });
    expect(found[2]!.mensagem).toContain('q_bc_prod × v_aliq_prod = 5.00');
    expect(found[3]!.correcao).toContain('5.00');
  });

  it('IPI by unit and a deferral (CST 51: the operation ICMS is the product, 351) are checked too', () => {
    const found = erros(
      comItem({
        icms: {
          cst: '51',
          mod_bc: '3',
          v_bc: '100.00',
          p_icms: '18',
          v_icms_op: '18.50',
          p_dif: '50',
          v_icms_dif: '9.25',
          v_icms: '9.25',
        },
        ipi: { c_enq: '999', cst: '50', q_unid: '3', v_unid: '1.5', v_ipi: '4.50' },
      }),
    );
    expect(found.map((e) => [e.campo, e.codigo_oficial ?? null])).toEqual([['/itens/0/icms/v_icms_op', '351']]);
  });
});
