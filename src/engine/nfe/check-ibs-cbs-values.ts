import { Decimal } from 'decimal.js';
import type { Coletor } from '../nucleo/coletor.js';
import { aliquotasReferenciaIbsCbs } from '../tabelas/aliquotas-referencia-ibs-cbs.js';
import { classificacaoIbsCbs } from '../tabelas/classificacao-ibs-cbs.js';
import type { NfeIbsCbs } from './nfe-request.js';

type Parte = 'ibs_uf' | 'ibs_mun' | 'cbs';

/**
 * NT 2025.002-RTC's checks of each part (UF, municipality, CBS): the rate of the issue's year (UB18/UB37/UB56), the
 * effective rate of a reduction (UB28/UB47/UB66), the deferred amount (UB23/UB42/UB61), the value (UB35/UB54/UB67)
 * and the regular taxation's value (UB72/UB72b/UB72d) — with the authoriser's rejection of each, so a note the
 * SEFAZ would refuse is refused here first.
 */
const PARTES: ReadonlyArray<{
  parte: Parte;
  tributo: 'IBSUF' | 'IBSMun' | 'CBS';
  nome: string;
  cStat: { aliquota: string; efetiva: string; valor: string; diferimento: string; regular: string };
}> = [
  {
    parte: 'ibs_uf',
    tributo: 'IBSUF',
    nome: 'IBS da UF',
    cStat: { aliquota: '1026', efetiva: '1035', valor: '1041', diferimento: '1031', regular: '1040' },
  },
  {
    parte: 'ibs_mun',
    tributo: 'IBSMun',
    nome: 'IBS do município',
    cStat: { aliquota: '1036', efetiva: '1047', valor: '1052', diferimento: '1045', regular: '1051' },
  },
  {
    parte: 'cbs',
    tributo: 'CBS',
    nome: 'CBS',
    cStat: { aliquota: '1037', efetiva: '1064', valor: '1069', diferimento: '1062', regular: '1068' },
  },
];

/** Tolerance of the value rules: "aceitar uma tolerância de 0,01 a mais ou a menos". */
const TOLERANCIA = new Decimal('0.01');

/**
 * The IBS/CBS amounts the caller sent (modo `informado`, or a body `conferir` judges) against the rules the
 * authoriser applies to them on `dia` (`AAAA-MM-DD`, the issue date):
 * - each rate is the year's when the law sets it (2026: CBS 0.9 %, IBS UF 0.1 %, IBS município 0 %; IBS 0.05 % +
 *   0.05 % in 2027-2028), or 0 when the cClassTrib asks for gTribRegular; a rate only simulated (CBS from 2027)
 *   is not checked, as the NT leaves it to a rate still to be published;
 * - an effective rate is the rate less its reduction, in 4 decimals;
 * - a deferred amount is base × (effective) rate / 100 × p_dif / 100 within 0.01;
 * - each value is base × (effective) rate / 100 less the deferred amount, within 0.01;
 * - each regular-taxation value is base × its effective rate / 100 within 0.01.
 * (`v_ibs` against its parts is the body's own rule, refine-nfe-item.ts.)
 */
export function checkIbsCbsValues(g: NfeIbsCbs, base: string, dia: string, c: Coletor): void {
  if (g.v_bc === undefined) return;
  const aliquotas = aliquotasReferenciaIbsCbs(dia);
  const regular = classificacaoIbsCbs(g.c_class_trib)?.exigeTribRegular ?? false;
  for (const { parte, tributo, nome, cStat } of PARTES) {
    const p = g[`p_${parte}`];
    const pRed = g[`p_red_${parte}`];
    const efetiva = g[`p_aliq_efet_${parte}`];
    const valor = g[`v_${parte}`];
    const campo = (m: string) => `${base}/ibs_cbs/${m}`;
    const doAno = regular ? '0' : aliquotas?.legais[tributo] ? aliquotas[tributo] : null;
    if (p !== undefined && doAno !== null && !new Decimal(p).eq(doAno)) {
      c.add(
        'aliquota_ibs_cbs_invalida',
        campo(`p_${parte}`),
        `A alíquota da ${nome} ${p} % não é a de ${dia.slice(0, 4)} (${doAno} %${regular ? `: o cClassTrib ${g.c_class_trib} exige tributação regular` : ''}); a SEFAZ rejeita com ${cStat.aliquota}.`,
        `Informe p_${parte} ${doAno}.`,
        cStat.aliquota,
      );
      continue;
    }
    let taxa = p;
    if (p !== undefined && pRed !== undefined && efetiva !== undefined) {
      const esperada = new Decimal(p)
        .times(new Decimal(1).minus(new Decimal(pRed).div(100)))
        .toDecimalPlaces(4, Decimal.ROUND_HALF_UP);
      if (!new Decimal(efetiva).eq(esperada)) {
        c.add(
          'valor_tributo_divergente',
          campo(`p_aliq_efet_${parte}`),
          `p_aliq_efet_${parte} ${efetiva} difere de p_${parte} × (1 - p_red_${parte} / 100) = ${esperada.toFixed()} (rejeição ${cStat.efetiva} da SEFAZ).`,
          `Informe ${esperada.toFixed()} (4 casas decimais) ou corrija a alíquota e a redução.`,
          cStat.efetiva,
        );
        continue;
      }
      taxa = efetiva;
    }
    checkTribRegular(g, parte, cStat.regular, campo, c);
    if (valor === undefined || taxa === undefined) continue;
    const formula = efetiva !== undefined && pRed !== undefined ? `p_aliq_efet_${parte}` : `p_${parte}`;
    const bruto = new Decimal(g.v_bc).times(taxa).div(100);
    const pDif = g[`p_dif_${parte}`];
    const vDif = g[`v_dif_${parte}`];
    if (pDif !== undefined && vDif !== undefined) {
      const dif = bruto.times(pDif).div(100);
      if (foraDaTolerancia(vDif, dif)) {
        c.add(
          'valor_tributo_divergente',
          campo(`v_dif_${parte}`),
          `v_dif_${parte} ${vDif} difere de v_bc × ${formula} / 100 × p_dif_${parte} / 100 = ${cents(dif)} além da tolerância de 0,01 (rejeição ${cStat.diferimento} da SEFAZ).`,
          `Informe ${cents(dif)} ou corrija o percentual do diferimento.`,
          cStat.diferimento,
        );
        continue;
      }
    }
    const esperado = bruto.minus(vDif ?? 0);
    if (foraDaTolerancia(valor, esperado)) {
      c.add(
        'valor_tributo_divergente',
        campo(`v_${parte}`),
        `v_${parte} ${valor} difere de v_bc × ${formula} / 100${vDif !== undefined ? ` - v_dif_${parte}` : ''} = ${cents(esperado)} além da tolerância de 0,01 (rejeição ${cStat.valor} da SEFAZ).`,
        `Informe ${cents(esperado)} ou corrija a base e a alíquota.`,
        cStat.valor,
      );
    }
  }
}

const cents = (v: Decimal) => v.toDecimalPlaces(2, Decimal.ROUND_HALF_EVEN).toFixed(2);
const foraDaTolerancia = (enviado: string, esperado: Decimal) =>
  new Decimal(enviado).minus(esperado).abs().gt(TOLERANCIA);

/** vTribReg of a part = v_bc × pAliqEfetReg / 100 within 0.01 (UB72-10, UB72b-10, UB72d-10). */
function checkTribRegular(g: NfeIbsCbs, parte: Parte, cStat: string, campo: (m: string) => string, c: Coletor): void {
  const taxa = g[`p_aliq_efet_reg_${parte}`];
  const valor = g[`v_trib_reg_${parte}`];
  if (taxa === undefined || valor === undefined || g.v_bc === undefined) return;
  const esperado = new Decimal(g.v_bc).times(taxa).div(100);
  if (!foraDaTolerancia(valor, esperado)) return;
  c.add(
    'valor_tributo_divergente',
    campo(`v_trib_reg_${parte}`),
    `v_trib_reg_${parte} ${valor} difere de v_bc × p_aliq_efet_reg_${parte} / 100 = ${cents(esperado)} além da tolerância de 0,01 (rejeição ${cStat} da SEFAZ).`,
    `Informe ${cents(esperado)} ou corrija a alíquota da tributação regular.`,
    cStat,
  );
}
