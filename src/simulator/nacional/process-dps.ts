import { buildAccessKey } from '../../engine/nfse/nacional/access-key.js';
import { readCertificatePem } from '../../engine/certificados/certificate.js';
import { validateXsd } from '../../engine/xml/validate-xsd.js';
import { verifyXmlSignature } from '../../engine/xml/verify-xml-signature.js';
import { buildEventoXml, buildSubstitutionPedRegXml } from './build-evento-xml.js';
import { buildNfseXml } from './build-nfse-xml.js';
import { checkDpsRules } from './check-dps-rules.js';
import { formatBrasilia } from './send-json.js';
import { simError, type SimError } from './sim-error.js';
import { readDps, type DpsSummary } from './read-dps.js';
import { rejectionApplies } from './rejection-applies.js';
import type { Scenario } from './scenario.js';
import type { SimulatorContext } from './simulator-context.js';
import type { StoredNote } from './simulator-state.js';

export type ProcessDpsOutcome = { ok: true; note: StoredNote } | { ok: false; idDps?: string; errors: SimError[] };

/** Default code for `rejeitar` without a code: cTribNac not administered by the municipality (Anexo I). */
export const DEFAULT_REJECTION_CODE = 'E0310';

/**
 * Reception then business checks, in Sefin's order: UTF-8 declaration (E1229), schema (E1235), signature
 * (E0717/E0714/E0718), Anexo I rules; on success the NFS-e is generated and stored before any answer is sent.
 */
export function processDps(ctx: SimulatorContext, signed: string, scenario: Scenario): ProcessDpsOutcome {
  // A lower-case `id` is checked as the national `Id` it stands for; the signature references it as sent.
  const idAttribute = ctx.idDpsMinusculo && /<infDPS id="/.test(signed) ? 'id' : 'Id';
  const xml = idAttribute === 'id' ? signed.replace('<infDPS id="', '<infDPS Id="') : signed;
  const idDps = /<infDPS[^>]*\sId="([^"]*)"/.exec(xml)?.[1];
  if (!/^<\?xml[^>]*encoding="UTF-8"/i.test(xml)) return { ok: false, idDps, errors: [simError('E1229')] };
  const xsdErrors = validateXsd(xml, 'DPS');
  if (xsdErrors.length > 0) return { ok: false, idDps, errors: [simError('E1235', xsdErrors[0].message)] };
  const sig = verifyXmlSignature(signed, 'infDPS', { idAttribute });
  if (!sig.valid)
    return { ok: false, idDps, errors: [simError(sig.reason === 'missing' ? 'E0717' : 'E0714', sig.detail)] };
  const signerFacts = readCertificatePem(sig.certificatePem);
  const dps = readDps(xml);
  const errors = checkDpsRules(dps, {
    state: ctx.state,
    ambiente: ctx.ambiente,
    signerDocument: signerFacts.cnpj ?? cpfOf(signerFacts.subjectCn),
  });
  if (errors.length === 0 && scenario.kind === 'rejeitar') errors.push(...scenarioRejections(scenario.codes, dps));
  if (errors.length > 0) return { ok: false, idDps: dps.id, errors };

  const now = ctx.clock();
  const dhProc = formatBrasilia(now);
  const inscricao = dps.prestCnpj ?? dps.prestCpf ?? '';
  const { nNFSe, nDFSe } = ctx.state.nextNumbers(dps.tpAmb, inscricao);
  // E0065: the key's environment digit is the DPS tpAmb, so production and test keys differ.
  const chave = buildAccessKey({
    cMun: dps.cLocEmi,
    ambGer: dps.tpAmb,
    CNPJ: dps.prestCnpj,
    CPF: dps.prestCpf,
    nNFSe,
    emissao: now,
  });
  const emitterName = signerFacts.subjectCn.split(':')[0] || 'Emitente';
  const nfseXml = buildNfseXml({
    chave,
    nNFSe,
    nDFSe,
    dhProc,
    dps,
    // The national form: the NFS-e embeds a DPS its schema takes (with a lower-case `id`, the attribute renamed).
    signedDpsXml: xml,
    emitterName,
    signer: ctx.signer,
  });
  ctx.state.addNote({ chave, idDps: dps.id, tpAmb: dps.tpAmb, inscricao, nNFSe, nDFSe, dhProc, xml: nfseXml });
  if (dps.subst) registerSubstitution(ctx, { ...dps.subst, tpAmb: dps.tpAmb, dhProc, chSubstituta: chave });
  return { ok: true, note: ctx.state.note(chave)! };
}

/**
 * The rejections of `rejeitar[:codes]`: without codes, E0310 for every DPS; a code whose rule reads the DPS
 * (rejectionApplies) rejects only a DPS that carries its defect, so a corrected DPS passes; any other code
 * rejects every DPS.
 */
function scenarioRejections(codes: string[], dps: DpsSummary): SimError[] {
  if (codes.length === 0) return [simError(DEFAULT_REJECTION_CODE, SIMULATED)];
  return codes.filter((code) => rejectionApplies(code, dps) ?? true).map((code) => simError(code, SIMULATED));
}

const SIMULATED = 'Rejeição simulada (X-Simulador-Cenario)';

/** MC §1.3.2.a: the substituted note gets a cancellation-by-substitution event (105102) linked to the new one. */
function registerSubstitution(
  ctx: SimulatorContext,
  o: { chSubstda: string; cMotivo: string; xMotivo?: string; tpAmb: '1' | '2'; dhProc: string; chSubstituta: string },
): void {
  const pedReg = buildSubstitutionPedRegXml({
    tpAmb: o.tpAmb,
    dhEvento: o.dhProc,
    chNFSe: o.chSubstda,
    chSubstituta: o.chSubstituta,
    cMotivo: o.cMotivo,
    xMotivo: o.xMotivo,
  });
  const nDFSe = ctx.state.nextDFSe(o.tpAmb);
  const xml = buildEventoXml({
    pedRegId: `PRE${o.chSubstda}105102`,
    nSeqEvento: 1,
    dhProc: o.dhProc,
    nDFSe,
    pedRegEventoXml: pedReg,
    signer: ctx.signer,
  });
  ctx.state.addEvent({
    chave: o.chSubstda,
    tpAmb: o.tpAmb,
    nDFSe,
    tipoEvento: '105102',
    nSeqEvento: 1,
    dhProc: o.dhProc,
    xml,
  });
  ctx.state.setStatus(o.chSubstda, 'substituida', o.chSubstituta);
}

/** e-CPF certificates carry "NAME:CPF" in the CN. */
function cpfOf(cn: string): string | null {
  return /:(\d{11})$/.exec(cn)?.[1] ?? null;
}
