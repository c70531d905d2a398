import type { ServerResponse } from 'node:http';
import type { XmlSigner } from '../../engine/xml/sign-xml.js';
import type { DistributionFault } from './handle-distribution.js';
import type { OutageTracker } from './outage-tracker.js';
import type { SimulatorState } from './simulator-state.js';

export interface SimulatorDelays {
  /** processamento_lento: answer after this wait (default 15 000 ms). */
  slowMs?: number;
  /** timeout: answer after this wait; default never (the socket is held until close()). */
  timeoutMs?: number;
  /** indisponibilidade without argument: number of 503 answers per subject (default 3). */
  unavailableCalls?: number;
  /** indisponibilidade without argument: outage duration per subject; takes precedence over calls when set. */
  unavailableMs?: number;
}

export interface SimulatorContext {
  state: SimulatorState;
  signer: XmlSigner;
  clock: () => Date;
  delays: SimulatorDelays;
  outage: OutageTracker;
  /** Fixed environment of this simulator (E0006 for the other); undefined serves both. */
  ambiente?: '1' | '2';
  /** Takes a DPS whose `infDPS` identifier is the lower-case `id` (CreateSimulatorOptions.idDpsMinusculo). */
  idDpsMinusculo?: boolean;
  /** Faults tests set on the ADN distribution, by the CPF/CNPJ of `cnpjConsulta`. */
  distributionFaults: Map<string, DistributionFault>;
  /** Answers later (or never), keeping track so close() can release the socket. */
  deferAnswer(res: ServerResponse, ms: number | undefined, answer: () => void): void;
}
