import { Decimal } from 'decimal.js';
import { ForaDeCobertura } from './fora-de-cobertura.js';
import type { ItemTributavel, OperacaoTributavel } from './item-tributavel.js';
import { regraTributaria, type FonteTabela, type RegraTributaria } from './regra-tributaria.js';
import { moneyHalfUp } from './round-money.js';

const NAO_TRIBUTADOS = ['04', '05', '06', '07', '08', '09'];

/** Rates of each regime: non-cumulative (Lucro Real) and cumulative (Lucro Presumido). */
const REGIMES = {
  lucro_real: {
    pis: '1.65',
    cofins: '7.60',
    nome: 'não cumulativo',
    chave: 'nao_cumulativo',
    tabela: {
      versao: 'lei-10637-2002+lei-10833-2003',
      fonte: 'Lei 10.637/2002, art. 2º (PIS 1,65 %); Lei 10.833/2003, art. 2º (COFINS 7,6 %): regime não cumulativo',
    },
  },
  lucro_presumido: {
    pis: '0.65',
    cofins: '3.00',
    nome: 'cumulativo',
    chave: 'cumulativo',
    tabela: {
      versao: 'lei-9715-1998+lei-9718-1998',
      fonte: 'Lei 9.715/1998, art. 8º, I (PIS 0,65 %); Lei 9.718/1998, art. 8º (COFINS 3 %): regime cumulativo',
    },
  },
} as const;

const FONTE_BASE: FonteTabela = {
  versao: 'stf-tema-69',
  fonte: 'STF, RE 574.706 (Tema 69): o ICMS destacado não compõe a base do PIS e da COFINS; Lei 14.592/2023',
};
const FONTE_SIMPLES: FonteTabela = {
  versao: 'lc-123-2006',
  fonte: 'LC 123/2006, art. 13, IV e V (PIS e COFINS recolhidos no DAS)',
};
const FONTE_EXTINCAO: FonteTabela = {
  versao: 'ec-132-2023',
  fonte: 'EC 132/2023, art. 126, II, b: PIS e COFINS extintos a partir de 2027, substituídos pela CBS',
};
/** First day without PIS and COFINS. */
export const FIM_PIS_COFINS = '2027-01-01';
const FONTE_BONIFICACAO: FonteTabela = {
  versao: 'lei-10833-2003',
  fonte: 'Bonificação em mercadorias não é receita (Lei 10.833/2003, art. 1º; Lei 10.637/2002, art. 1º)',
};

export interface PisCofinsCalculado {
  pis: Record<string, string>;
  cofins: Record<string, string>;
  vPis: Decimal;
  vCofins: Decimal;
}

/**
 * PIS and COFINS of an exit. Lucro Real: non-cumulative rates; Lucro Presumido: cumulative rates; both CST 01 on
 * the operation's value without the ICMS (`vIcms`); CST 02 at the product's own rate; 04 to 09 without amounts.
 * Simples Nacional pays them in the DAS: CST 49 with zero amounts. A bonificação is no revenue: CST 49, zero.
 * From 2027 they no longer exist: CST 08.
 */
export function computePisCofins(
  item: ItemTributavel,
  op: OperacaoTributavel,
  operacao: Decimal,
  vIcms: Decimal,
  regras: RegraTributaria[],
): PisCofinsCalculado {
  const semDestaque = pisCofinsSemDestaque(op, regras);
  if (semDestaque) return semDestaque;
  const regime = op.regime === 'lucro_real' ? 'lucro_real' : 'lucro_presumido';
  const vBc = moneyHalfUp(operacao.minus(vIcms));
  const tributavel: PisCofinsDoItem = { item, regime, base: vBc.toFixed(2), vBc, regras };
  const pis = computeTributo('pis', tributavel);
  const cofins = computeTributo('cofins', tributavel);
  return { pis: pis.grupo, cofins: cofins.grupo, vPis: pis.valor, vCofins: cofins.valor };
}

/** What PIS and COFINS of a taxed exit read: the item's profile, the issuer's regime and the base without the ICMS. */
interface PisCofinsDoItem {
  item: ItemTributavel;
  regime: keyof typeof REGIMES;
  base: string;
  /** `base` as a Decimal, parsed once for both taxes. */
  vBc: Decimal;
  regras: RegraTributaria[];
}

/** The rate of one tax, the rule that gives it and the table it comes from. */
interface AliquotaDoTributo {
  aliquota: string;
  regra: string;
  tabela: FonteTabela;
}

/** The exits whose PIS and COFINS carry no amount: from 2027 (CST 08), Simples Nacional and bonificação (CST 49). */
function pisCofinsSemDestaque(op: OperacaoTributavel, regras: RegraTributaria[]): PisCofinsCalculado | null {
  if (op.dia >= FIM_PIS_COFINS) {
    regras.push(
      regraTributaria(
        '/pis/cst',
        '08',
        'pis_cofins_extintos',
        'PIS e COFINS extintos a partir de 2027: operação sem incidência (CST 08).',
        FONTE_EXTINCAO,
      ),
    );
    return { pis: { cst: '08' }, cofins: { cst: '08' }, vPis: new Decimal(0), vCofins: new Decimal(0) };
  }
  const zero = {
    pis: { cst: '49', v_bc: '0.00', p_pis: '0.00', v_pis: '0.00' },
    cofins: { cst: '49', v_bc: '0.00', p_cofins: '0.00', v_cofins: '0.00' },
    vPis: new Decimal(0),
    vCofins: new Decimal(0),
  };
  if (op.regime === 'simples_nacional' || op.regime === 'mei') {
    regras.push(
      regraTributaria(
        '/pis/cst',
        '49',
        'pis_cofins_simples_nacional',
        'Simples Nacional: PIS e COFINS no DAS, sem destaque (CST 49).',
        FONTE_SIMPLES,
      ),
    );
    return zero;
  }
  if (op.operacao === 'bonificacao') {
    regras.push(
      regraTributaria(
        '/pis/cst',
        '49',
        'pis_cofins_bonificacao_sem_receita',
        'Bonificação não gera receita: PIS e COFINS sem valor (CST 49).',
        FONTE_BONIFICACAO,
      ),
    );
    return zero;
  }
  return null;
}

/** One tax's group: CST 01 at the regime's rate, 02 at the product's own rate, 04 to 09 without amounts. */
function computeTributo(
  tributo: 'pis' | 'cofins',
  tributavel: PisCofinsDoItem,
): { grupo: Record<string, string>; valor: Decimal } {
  const { base, regime } = tributavel;
  const cst = tributavel.item.perfil[tributo]?.cst ?? '01';
  if (NAO_TRIBUTADOS.includes(cst)) return { grupo: { cst }, valor: new Decimal(0) };
  const { aliquota, regra, tabela } = aliquotaDoTributo(tributo, cst, tributavel);
  const valor = moneyHalfUp(tributavel.vBc.times(aliquota).div(100));
  tributavel.regras.push(
    regraTributaria(
      `/${tributo}/v_${tributo}`,
      valor.toFixed(2),
      regra,
      `${tributo.toUpperCase()} = ${base} (valor da operação sem o ICMS, pis_cofins_base_sem_icms) × ${aliquota} % (${REGIMES[regime].nome}, ${regime.replace('_', ' ')}).`,
      { versao: tabela.versao, fonte: `${tabela.fonte}; base: ${FONTE_BASE.fonte}` },
    ),
  );
  return { grupo: { cst, v_bc: base, [`p_${tributo}`]: aliquota, [`v_${tributo}`]: valor.toFixed(2) }, valor };
}

/** CST 01: the regime's rate; CST 02: the product's own rate, which its profile must carry. */
function aliquotaDoTributo(tributo: 'pis' | 'cofins', cst: string, tributavel: PisCofinsDoItem): AliquotaDoTributo {
  const regime = REGIMES[tributavel.regime];
  if (cst === '01')
    return {
      aliquota: regime[tributo],
      regra: `${tributo}_${tributavel.regime}_${regime.chave}`,
      tabela: regime.tabela,
    };
  if (cst !== '02')
    throw new ForaDeCobertura(
      `/${tributo}`,
      `CST ${cst} do ${tributo.toUpperCase()} não é calculado: cobertos 01, 02 e 04 a 09.`,
    );
  const aliquota = tributavel.item.perfil[tributo]?.aliquota;
  if (!aliquota)
    throw new ForaDeCobertura(
      `/${tributo}`,
      `CST 02 do ${tributo.toUpperCase()} exige a alíquota diferenciada no perfil do produto (tributacao.${tributo}.aliquota).`,
    );
  return {
    aliquota,
    regra: `${tributo}_aliquota_do_produto`,
    tabela: {
      versao: 'perfil-do-produto',
      fonte: `alíquota diferenciada do perfil tributário do produto (tributacao.${tributo}.aliquota)`,
    },
  };
}
