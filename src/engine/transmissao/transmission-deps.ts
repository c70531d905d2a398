import type { EngineDeps } from '../engine-deps.js';
import type { SefazGateway } from './sefaz-gateway.js';
import type { NationalGateway } from './national-gateway.js';
import type { FirstAttempts } from './first-attempts.js';
import type { CadastroGateways } from './cadastro-gateways.js';

export interface TransmissionDeps extends EngineDeps {
  national: NationalGateway;
  /** The NF-e authorities (the in-process SEFAZ simulator while none is configured). */
  sefaz: SefazGateway;
  /** The public registries that fill in an NF-e recipient (CNPJ, CEP, the SEFAZ's consultaCadastro), cached. */
  cadastros: CadastroGateways;
  /** Where a request's first attempt is registered, so a stopping process can wait for it or release its job. */
  firstAttempts?: FirstAttempts;
}

/** What `payload` of a transmission job remembers between attempts. */
export interface JobPayload {
  /** A send may have reached the national system: query the DPS before any resend. */
  mayHaveSent?: boolean;
  /** Failed attempts, for the backoff. */
  failures?: number;
  /** The competence the caller confirmed (POST …/confirmacao): a retry does not ask about it again. */
  competenciaConfirmada?: string;
}

// Retry waits after an outage or a lost answer; recovery gives up after 7 days.
const BACKOFF_MS = [5_000, 15_000, 30_000, 60_000, 120_000, 300_000, 600_000, 1_800_000];
export const backoff = (failures: number): number => BACKOFF_MS[Math.min(failures, BACKOFF_MS.length - 1)]!;
