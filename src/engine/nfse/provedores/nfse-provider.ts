import { type EmissionResult } from '../../autoridades/emission-result.js';
import { type AuthorityMessage } from '../../autoridades/authority-message.js';
import { type Credentials } from '../../autoridades/endpoint.js';
import type { CredenciaisProvedor } from '../../empresas/credenciais-provedor.js';
import type { Environment } from '../../nucleo/environment.js';
import type { ErrorItem } from '../../errors.js';
import type { XmlSigner } from '../../xml/sign-xml.js';
import type { CompanyWithCertificate } from '../../empresas/present-company.js';
import type { DpsInput } from '../nacional/dps-input.js';
import type { NfseRequest } from '../validacao/nfse-request.js';
import type { NfseWithTimeline, Rejeicao } from '../present-nfse.js';
import type { AuthorizedNfse } from '../transmissao/authorize-held-notes.js';
import type { CancellationRequest } from '../cancellation-input.js';
import type { NfseSistema } from './nfse-sistema.js';

/** What a provider builds a note's document from: the resolved DPS values (the same for every system). */
export interface ProviderDocumentInput {
  environment: Environment;
  company: CompanyWithCertificate;
  /** The validated request: system-specific fields (a municipal service code) are read from it. */
  request: NfseRequest;
  dps: DpsInput;
  signer: XmlSigner;
}

/** What a provider keeps about a document it built, to send, recover and cancel it without reading the XML back. */
export type DadosDocumento = Record<string, string | number | null>;

/**
 * The signed document a system receives for one note, stored as the note's `dps_xml`, its id (`dps_id`) and what
 * the provider keeps about it (`dados_documento`; null where it keeps nothing).
 */
export interface ProviderDocument {
  id: string;
  xml: string;
  dados: DadosDocumento | null;
}

/** One call about one note: its stored row, the company's A1 (mutual TLS and signatures) and the simulated scenario. */
export interface ProviderCall {
  note: NfseWithTimeline;
  credentials: Credentials;
  signer: XmlSigner;
  /** The scenario the simulator plays (X-Service-Simular or a simulator's own setting); null for a real system. */
  scenario: string | null;
  /** What the system asks beyond the A1 (`credenciais_provedor`), opened by the provider that needs it; absent elsewhere. */
  credenciaisProvedor?: CredenciaisProvedor;
}

/**
 * What the system made of a note's document, asked before any resend so one document never gives two notes.
 * `pending`: it cannot tell now (outage, the note not readable yet): ask again later. `unknown`: it cannot be asked.
 */
export type ProviderRecovery =
  | { kind: 'found'; nfse: AuthorizedNfse }
  | { kind: 'not_found' }
  | { kind: 'pending'; resultado: string }
  | { kind: 'unknown'; cause: string };

/** The cancellation as the system registered it, stored as the note's `cancelamento` (with the reason asked). */
export interface CancellationRecord {
  /** The reason the system holds, when it states one (a cancellation made elsewhere has its own). */
  codigoMotivo?: string | null;
  motivo?: string | null;
  /** When the system registered it (ISO), when it says so. */
  em: string | null;
  protocolo: Record<string, string | null>;
  /** The system's document of the cancellation (event, answer). */
  xml: string;
}

export type ProviderCancellation =
  | { kind: 'cancelled'; recovered: boolean; record: CancellationRecord }
  | { kind: 'refused'; erros: AuthorityMessage[]; status?: number }
  /**
   * No answer, and nothing to query it with: `semConsultaDeEvento` where the system offers no query of a note's events,
   * so a repeat cannot tell a first request registered from one lost.
   */
  | { kind: 'unanswered'; semConsultaDeEvento?: true };

/**
 * An issuing system behind one port: the engine's issuance, batches, recovery, cancellation and capture call it
 * the same way whatever the system. A provider holds its gateway (the transport, built outside the engine and
 * injected through TransmissionDeps); it is chosen by resolveNfseProvider from the company's municipality, and a
 * stored note finds its provider again from its document id (`idPrefix`).
 */
export interface NfseProvider extends NfseSistema {
  /** What this system needs beyond the national fields and cannot be known (422 items naming the field); [] when fine. */
  checkIssuance(input: Omit<ProviderDocumentInput, 'signer'>): ErrorItem[];
  /** The signed document of one note. */
  buildDocument(input: ProviderDocumentInput): ProviderDocument;
  /** Sends one note's stored document. */
  emit(call: ProviderCall): Promise<EmissionResult>;
  /**
   * Sends several notes of one company together, where the system has lots (results in the calls' order); absent
   * when it has none. The caller keeps within `lotLimit`.
   */
  emitLot?(calls: ProviderCall[]): Promise<EmissionResult[]>;
  readonly lotLimit?: number;
  /** Asks the system what became of the note's document: before any resend. */
  recover(call: ProviderCall): Promise<ProviderRecovery>;
  /** The rejection as the note shows it (`rejeicao`): official code, message and plain-language explanation. */
  explain(erros: AuthorityMessage[]): Rejeicao;
  /** The rejection says the document already gave a note (an earlier send arrived): recover it instead. */
  alreadyIssued(erros: AuthorityMessage[]): boolean;
  /** Corrects a catalogued rejection and returns the note to send again, or null; absent where nothing is corrected. */
  correct?(
    note: NfseWithTimeline,
    erros: AuthorityMessage[],
    step: string,
    codigoOficial: string | null,
  ): Promise<NfseWithTimeline | null>;
  /** Cancels an authorised note; a lost answer is looked up before reporting anything. */
  cancel(call: ProviderCall & { request: CancellationRequest; now: Date }): Promise<ProviderCancellation>;
}
