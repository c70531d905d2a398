import { accessKeyAmbGer, parseAccessKey } from '../../engine/nfse/nacional/access-key.js';
import { buildDpsId } from '../../engine/nfse/nacional/build-dps-xml.js';
import type { DpsSummary } from './read-dps.js';
import { simError, type SimError } from './sim-error.js';
import type { SimulatorState } from './simulator-state.js';

export interface DpsRuleContext {
  state: SimulatorState;
  /** When set, the simulator plays one environment only (E0006 for the other). */
  ambiente?: '1' | '2';
  /** CNPJ (or CPF) read from the certificate that signed the DPS. */
  signerDocument: string | null;
}

/** Business rules of Anexo I the simulator enforces; every failing rule is listed (Sefin answers all at once). */
export function checkDpsRules(dps: DpsSummary, ctx: DpsRuleContext): SimError[] {
  const errors: SimError[] = [];
  const expectedId = buildDpsId({
    cLocEmi: dps.cLocEmi,
    CNPJ: dps.prestCnpj,
    CPF: dps.prestCpf,
    serie: dps.serie,
    nDPS: dps.nDPS,
  });
  if (dps.id !== expectedId) errors.push(simError('E0004', `Esperado ${expectedId}`));
  if (ctx.ambiente && dps.tpAmb !== ctx.ambiente) errors.push(simError('E0006'));
  if (!signedByEmitter(dps, ctx.signerDocument)) errors.push(simError('E0718'));
  const prestDoc = dps.prestCnpj ?? dps.prestCpf;
  if (prestDoc && prestDoc === (dps.tomaCnpj ?? dps.tomaCpf)) errors.push(simError('E0202'));
  // Same série + nDPS + cLocEmi + CNPJ/CPF = same DPS Id: the real system answers E0014.
  if (ctx.state.noteByDps(dps.tpAmb, dps.id)) errors.push(simError('E0014'));
  if (dps.subst) errors.push(...substitutionErrors(dps, ctx));
  return errors;
}

/** E0718 compares with the emitter's certificate; like E0812 we accept any establishment of the same CNPJ root. */
function signedByEmitter(dps: DpsSummary, signer: string | null): boolean {
  if (!signer) return false;
  if (dps.prestCnpj) return signer.length === 14 && signer.slice(0, 8) === dps.prestCnpj.slice(0, 8);
  return signer === dps.prestCpf;
}

function substitutionErrors(dps: DpsSummary, ctx: DpsRuleContext): SimError[] {
  const subst = dps.subst!;
  const errors: SimError[] = [];
  if (subst.cMotivo === '99' && !subst.xMotivo) errors.push(simError('E0078'));
  if (!parseAccessKey(subst.chSubstda)) return [...errors, simError('E0042')];
  const note = ctx.state.note(subst.chSubstda);
  // E0065 "gerada em ambientes geradores diferentes": the key's environment digit (position 8 = tpAmb,
  // 1 production / 2 test) differs from this DPS's, or the note lives in the other tpAmb.
  if (accessKeyAmbGer(subst.chSubstda) !== dps.tpAmb || (note && note.tpAmb !== dps.tpAmb)) {
    return [...errors, simError('E0065')];
  }
  if (!note) return [...errors, simError('E0044')];
  if (note.status !== 'autorizada') {
    errors.push(simError('E0046', note.status === 'substituida' ? 'NFS-e já substituída' : 'NFS-e cancelada'));
  }
  return errors;
}
