import type { DpsSummary } from './read-dps.js';

const SIMPLES_ME_EPP = '3';
const retido = (d: DpsSummary) => d.tpRetISSQN === '2' || d.tpRetISSQN === '3';
const apuracaoSn = (d: DpsSummary) => d.opSimpNac === SIMPLES_ME_EPP && d.regApTribSN === '1';
const apuracaoForaSn = (d: DpsSummary) =>
  d.opSimpNac === SIMPLES_ME_EPP && (d.regApTribSN === '2' || d.regApTribSN === '3');

/**
 * Rules of Anexo I (v1.00 of 16/12/2025) that the national side decides from data it holds: the CNC registration
 * of the emitting municipality (E0116, E0120), whether the municipality of incidence is active in the national
 * system, the Simples Nacional registry. A `rejeitar:<code>` scenario states that fact; the part of the rule the DPS
 * itself shows is checked here, so a DPS rejected for one of these codes and then corrected is authorised.
 */
const RULES: Record<string, (dps: DpsSummary) => boolean> = {
  // The municipality's CNC holds complementary information for the provider: IM required.
  E0116: (d) => !d.prestIm,
  // It holds none: IM refused.
  E0120: (d) => Boolean(d.prestIm),
  // The provider is the emitter (tpEmit 1): its name and address are not informed.
  E0121: (d) => d.prestNome,
  E0128: (d) => d.prestEndereco,
  // Rate refused: MEI; not optante with the incidence municipality active; ME/EPP by the SN without retention
  // (active or not); ME/EPP outside the SN with the convênio active.
  E0600: (d) => d.opSimpNac === '2' && d.pAliq !== undefined,
  E0617: (d) => d.opSimpNac === '1' && d.pAliq !== undefined,
  E0625: (d) => apuracaoSn(d) && !retido(d) && d.pAliq !== undefined,
  E0631: (d) => apuracaoSn(d) && !retido(d) && d.pAliq !== undefined,
  E0635: (d) => apuracaoForaSn(d) && d.pAliq !== undefined,
  // Rate required: not optante with the incidence municipality not active; ME/EPP by the SN with retention
  // (active or not); ME/EPP outside the SN with the municipality not active.
  E0619: (d) => d.opSimpNac === '1' && d.pAliq === undefined,
  E0621: (d) => apuracaoSn(d) && retido(d) && d.pAliq === undefined,
  E0628: (d) => apuracaoSn(d) && retido(d) && d.pAliq === undefined,
  E0640: (d) => apuracaoForaSn(d) && d.pAliq === undefined,
};

/** Whether the DPS breaks the rule of `code` in the scenario's national side; undefined for a code not modelled here. */
export function rejectionApplies(code: string, dps: DpsSummary): boolean | undefined {
  return RULES[code]?.(dps);
}
