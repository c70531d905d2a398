/** The company's A1 as a call to a real service needs it: mutual TLS and the client pool's cache key. */
export interface Credentials {
  privateKeyPem: string;
  certificatePem: string;
  /** Cache key: the certificate serial (a new certificate gets a new TLS agent). */
  serial: string;
}

/** Where a built-in simulator listens: all the engine needs of it (the process starts it). */
export interface SimulatorAddress {
  readonly url: string;
}

/** Where one call goes, and with which identity. */
export interface Endpoint {
  baseUrl: string;
  /** A real service (mutual TLS with the company's A1), not a simulator. */
  remote: boolean;
  credentials: Credentials;
}

/** A simulator takes plain http without a client certificate. */
const ANONYMOUS: Credentials = { privateKeyPem: '', certificatePem: '', serial: '' };

/**
 * The one rule every authority follows: a call goes to the configured URL of the real service, or to the simulator
 * where none is configured. A call with a simulated scenario (X-Service-Simular) always goes to the simulator, so a
 * scenario never reaches a real authority.
 */
export function chooseEndpoint(options: {
  configured: string | null;
  simulated: string;
  scenario?: string | null;
  /** Required when a real service is configured: it identifies the company by its A1. */
  credentials: Credentials | null;
}): Endpoint {
  const remote = options.scenario ? null : options.configured;
  if (!remote) return { baseUrl: options.simulated, remote: false, credentials: ANONYMOUS };
  if (!options.credentials) throw new Error(`A call to ${remote} needs the company's A1 certificate.`);
  return { baseUrl: remote, remote: true, credentials: options.credentials };
}
