import { Decimal } from 'decimal.js';
import { describe, expect, it } from 'vitest';
import {
  ICMS_CAMPOS,
  ICMS_GRUPOS,
  type IcmsCampo,
  type IcmsGrupo,
  type IcmsParte,
} from '../../src/engine/nfe/icms-grupos.js';
import { validateXsd } from '../../src/engine/xml/validate-xsd.js';
import { xmllint } from '../support/external-tools.js';
import { EMITENTE, nfeBody, signedNfe, validateNfeRequest } from '../support/nfe-fixtures.js';

const ctx = { simples: false, chaveRestritaEmpresa: true, environment: 'test' as const, dia: '2026-11-02' };
const campos = (body: unknown, simples = false) =>
  validateNfeRequest(body, { ...ctx, simples }).erros.map((e) => `${e.codigo} ${e.campo}`);

/** A value each member accepts, off the XML format on purpose ("10.5", "7") to exercise the layout formatting. */
function exemplo(k: IcmsCampo, g: IcmsGrupo): string {
  const f = ICMS_CAMPOS[k][1];
  if (f instanceof RegExp) return 'RS123456';
  if ('valores' in f)
    return k === 'mot_des_icms' && g.motivosDeson ? g.motivosDeson[0]! : f.valores[f.valores.length - 1]!;
  if (f.ate100) return '25.5';
  return f.casas === 2 ? '10.5' : f.inteiros === 3 ? '7' : '1.2345';
}

/** Required members only (`minimo`) or every member of every optional sequence. */
function membros(partes: readonly IcmsParte[], g: IcmsGrupo, minimo: boolean): Record<string, string> {
  const out: Record<string, string> = {};
  for (const p of partes) {
    if (typeof p !== 'string') {
      if (!minimo) Object.assign(out, membros(p, g, false));
    } else if (!minimo || !p.endsWith('?')) {
      const k = p.replace('?', '') as IcmsCampo;
      out[k] = exemplo(k, g);
    }
  }
  return out;
}

/** The ICMS value (or the operation's, under deferral) as the product of base and rate (check-tax-values.ts). */
function coerente(icms: Record<string, string>): Record<string, string> {
  const alvo = icms.v_icms_op !== undefined ? 'v_icms_op' : 'v_icms';
  if (icms.v_bc !== undefined && icms.p_icms !== undefined && icms[alvo] !== undefined) {
    icms[alvo] = new Decimal(icms.v_bc)
      .times(icms.p_icms)
      .dividedBy(100)
      .toDecimalPlaces(2, Decimal.ROUND_HALF_UP)
      .toFixed(2);
  }
  return icms;
}

function item(g: IcmsGrupo, minimo: boolean) {
  const icms = coerente({ [g.csosn ? 'csosn' : 'cst']: g.codigos[0]!, ...membros(g.partes, g, minimo) });
  return { ...nfeBody().itens[1], codigo: g.tag, icms };
}

function nota(simples: boolean, minimo: boolean) {
  const grupos = ICMS_GRUPOS.filter((g) => g.csosn === simples);
  return {
    body: nfeBody({ itens: grupos.map((g) => item(g, minimo)), pagamentos: [{ forma: 'pix', valor: '100000.00' }] }),
    grupos,
  };
}

describe('ICMS groups of layout 4.00 (nfe-icms-groups.ts)', () => {
  for (const simples of [false, true]) {
    for (const minimo of [true, false]) {
      it(`${simples ? 'CSOSN' : 'CST'} groups with ${minimo ? 'only required members' : 'every optional sequence'} are schema-valid (xmllint)`, () => {
        const { body, grupos } = nota(simples, minimo);
        const { xml, validation } = signedNfe(body, 'test', { ...EMITENTE, crt: simples ? '1' : '3' });
        expect(validation.request!.itens.map((i) => i.icms.grupo)).toEqual(grupos.map((g) => g.tag));
        const lint = xmllint(xml, 'nfe/nfe_v4.00.xsd');
        expect(lint.ok, lint.output).toBe(true);
        expect(validateXsd(xml, 'NFe')).toEqual([]);
        for (const g of grupos) expect(xml).toContain(`<${g.tag}><orig>0</orig>`);
      });
    }
  }

  it('covers every CST and CSOSN of the layout', () => {
    const cst = ICMS_GRUPOS.filter((g) => !g.csosn).flatMap((g) => g.codigos);
    const csosn = ICMS_GRUPOS.filter((g) => g.csosn).flatMap((g) => g.codigos);
    for (const c of ['00', '02', '10', '15', '20', '30', '40', '41', '50', '51', '53', '60', '61', '70', '90'])
      expect(cst).toContain(c);
    for (const c of ['101', '102', '103', '201', '202', '203', '300', '400', '500', '900']) expect(csosn).toContain(c);
  });

  it('ICMS10 with ST: members in snake_case, written in the XSD order and formats', () => {
    const icms = {
      cst: '10',
      mod_bc: '3',
      v_bc: '100',
      p_icms: '18',
      v_icms: '18',
      mod_bc_st: '4',
      p_mva_st: '40',
      v_bc_st: '140.00',
      p_icms_st: '18.00',
      v_icms_st: '7.2',
      v_bc_fcp_st: '140.00',
      p_fcp_st: '2',
      v_fcp_st: '2.80',
    };
    const { xml } = signedNfe(
      nfeBody({ itens: [{ ...nfeBody().itens[0], icms }], pagamentos: [{ forma: 'pix', valor: '200.00' }] }),
    );
    expect(xml).toContain(
      '<ICMS10><orig>0</orig><CST>10</CST><modBC>3</modBC><vBC>100.00</vBC><pICMS>18.00</pICMS><vICMS>18.00</vICMS>' +
        '<modBCST>4</modBCST><pMVAST>40.00</pMVAST><vBCST>140.00</vBCST><pICMSST>18.00</pICMSST><vICMSST>7.20</vICMSST>' +
        '<vBCFCPST>140.00</vBCFCPST><pFCPST>2.00</pFCPST><vFCPST>2.80</vFCPST></ICMS10>',
    );
    expect(xmllint(xml, 'nfe/nfe_v4.00.xsd').ok).toBe(true);
  });

  it('uf_st selects ICMSPart and v_bc_st_dest selects ICMSST for the CSTs they share', () => {
    const part = coerente(
      membros(
        ICMS_GRUPOS.find((g) => g.tag === 'ICMSPart')!.partes,
        ICMS_GRUPOS.find((g) => g.tag === 'ICMSPart')!,
        true,
      ),
    );
    const st = membros(
      ICMS_GRUPOS.find((g) => g.tag === 'ICMSST')!.partes,
      ICMS_GRUPOS.find((g) => g.tag === 'ICMSST')!,
      true,
    );
    const body = nfeBody({
      itens: [
        { ...nfeBody().itens[1], icms: { cst: '90', ...part } },
        { ...nfeBody().itens[1], icms: { cst: '60', ...st } },
        { ...nfeBody().itens[1], icms: { cst: '60' } },
      ],
      pagamentos: [{ forma: 'pix', valor: '100000.00' }],
    });
    const v = validateNfeRequest(body, ctx);
    expect(v.erros).toEqual([]);
    expect(v.request!.itens.map((i) => i.icms.grupo)).toEqual(['ICMSPart', 'ICMSST', 'ICMS60']);
  });

  it('names each missing member of the group, members of other groups and incomplete optional sequences', () => {
    const body = nfeBody();
    body.itens[0].icms = {
      cst: '20',
      mod_bc: '3',
      v_bc: '100.00',
      p_icms: '12',
      v_icms: '12.00',
      v_bc_st: '1.00',
      v_fcp: '1.00',
      mot_des_icms: '7',
    };
    body.itens[1].icms = { cst: '70', mod_bc: '9' };
    expect(campos(body)).toEqual([
      'campo_desconhecido /itens/0/icms/v_bc_st',
      'campo_obrigatorio /itens/0/icms/p_red_bc',
      'campo_obrigatorio /itens/0/icms/v_bc_fcp',
      'campo_obrigatorio /itens/0/icms/p_fcp',
      'campo_obrigatorio /itens/0/icms/v_icms_deson',
      'formato_invalido /itens/0/icms/mot_des_icms',
      'formato_invalido /itens/1/icms/mod_bc',
      'campo_obrigatorio /itens/1/icms/p_red_bc',
      'campo_obrigatorio /itens/1/icms/v_bc',
      'campo_obrigatorio /itens/1/icms/p_icms',
      'campo_obrigatorio /itens/1/icms/v_icms',
      'campo_obrigatorio /itens/1/icms/mod_bc_st',
      'campo_obrigatorio /itens/1/icms/v_bc_st',
      'campo_obrigatorio /itens/1/icms/p_icms_st',
      'campo_obrigatorio /itens/1/icms/v_icms_st',
    ]);
    const erro = validateNfeRequest(body, ctx).erros.find((e) => e.campo === '/itens/0/icms/p_red_bc')!;
    expect(erro.mensagem).toBe('O campo p_red_bc do grupo ICMS20 é obrigatório.');
    // A relief's reason without its value: the authority's rejection 627 ("O valor do ICMS desonerado deve ser informado").
    const deson = validateNfeRequest(body, ctx).erros.find((e) => e.campo === '/itens/0/icms/v_icms_deson')!;
    expect(deson).toMatchObject({ codigo_oficial: '627' });
  });

  it('Simples Nacional: CSOSN 201 requires ST and credit; a CST is refused; unknown codes are named', () => {
    const body = nfeBody();
    body.itens[0].icms = { csosn: '201', p_cred_sn: '1.25', v_cred_icmssn: '1.25' };
    body.itens[1].icms = { csosn: '999' };
    expect(campos(body, true)).toEqual([
      'campo_obrigatorio /itens/0/icms/mod_bc_st',
      'campo_obrigatorio /itens/0/icms/v_bc_st',
      'campo_obrigatorio /itens/0/icms/p_icms_st',
      'campo_obrigatorio /itens/0/icms/v_icms_st',
      'formato_invalido /itens/1/icms/csosn',
    ]);
    expect(campos(nfeBody({ itens: [{ ...nfeBody().itens[1], icms: { csosn: '102', cst: '00' } }] }), true)).toEqual([
      'formato_invalido /itens/0/icms/cst',
    ]);
  });

  it('decimal members are strings in the layout range', () => {
    const body = nfeBody();
    body.itens[0].icms = { cst: '00', mod_bc: '3', v_bc: 100, p_icms: '1000', v_icms: '12.345' };
    expect(campos(body)).toEqual([
      'tipo_invalido /itens/0/icms/v_bc',
      'formato_invalido /itens/0/icms/p_icms',
      'formato_invalido /itens/0/icms/v_icms',
    ]);
  });
});
