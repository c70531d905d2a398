import { readJsonColumn } from '../../nucleo/json-column.js';
import type { AuthorityMessage } from '../../autoridades/authority-message.js';
import type { SaoPauloSettings } from '../../autoridades/sao-paulo/sao-paulo-gateway.js';
import { companyCredentials } from '../../empresas/company-credentials.js';
import type { TransmissionDeps } from '../../transmission-deps.js';
import type { DpsInput } from '../nacional/dps-input.js';
import type { NfseWithTimeline } from '../present-nfse.js';
import { updateNote } from '../update-note.js';
import { buildRpsInput } from './build-rps-input.js';
import { signedEnvioRps } from './build-sao-paulo-document.js';
import { chaveRpsOf, dadosSaoPaulo } from './dados-sao-paulo.js';
import type { LayoutSaoPaulo } from './signature-string.js';

export interface CorrectSaoPauloLayoutOptions {
  note: NfseWithTimeline;
  erros: AuthorityMessage[];
  /** The timeline step the refusal closes. */
  step: string;
  codigo: string | null;
}

/** The layout the city names for this fact: 631/632 layout 2 from a date; 639/641 layout 1 until a date or for the Simples. */
export function layoutNamedBy(erros: AuthorityMessage[]): LayoutSaoPaulo | null {
  const codes = erros.map((e) => e.codigo);
  if (codes.some((c) => c === '631' || c === '632')) return 2;
  if (codes.some((c) => c === '639' || c === '641')) return 1;
  return null;
}

/**
 * The same RPS, which the refusal left unconverted, goes again in the layout the city names, once (NfseProvider
 * .correct). The cut-off dates are not published, so the settings may be behind the city's.
 */
export async function correctSaoPauloLayout(
  deps: TransmissionDeps,
  settings: SaoPauloSettings,
  { note, erros, step, codigo }: CorrectSaoPauloLayoutOptions,
): Promise<NfseWithTimeline | null> {
  const target = layoutNamedBy(erros);
  if (!target || !note.dps || !note.dpsXml) return null;
  const kept = dadosSaoPaulo(note);
  if (kept.leiaute === target) return null;
  const company = await deps.db.company.findUniqueOrThrow({
    where: { id: note.companyId },
    include: { certificate: true },
  });
  const { signer } = await companyCredentials(deps, company.id, company.certificate);
  const rps = buildRpsInput({
    dps: readJsonColumn<DpsInput>(note.dps),
    company: { ...company, inscricaoMunicipal: chaveRpsOf(note.dpsId).inscricaoPrestador },
    codigoServico: kept.codigoServico,
    settings,
    layout: target,
  });
  if (target === 2 && !rps.nbs) return null;
  const { xml, dados } = signedEnvioRps(rps, company, signer);
  return updateNote(deps, note.id, {
    expectStatus: 'transmitindo',
    where: { dpsXml: note.dpsXml },
    data: { dpsXml: xml, dadosDocumento: dados },
    timeline: [
      { tipo: step, detalhe: { resultado: 'rejeitada', codigo_oficial: codigo } },
      { tipo: 'correcao_automatica', detalhe: { codigos: [codigo], leiaute: target } },
    ],
  });
}
