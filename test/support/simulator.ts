import { createAuthorityClient, type AuthorityClient } from '../../src/engine/autoridades/authority-client.js';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { buildDpsId, buildDpsXml } from '../../src/engine/nfse/nacional/build-dps-xml.js';
import type { DpsInput } from '../../src/engine/nfse/nacional/dps-input.js';
import { signXml, type XmlSigner } from '../../src/engine/xml/sign-xml.js';
import {
  createSimulator,
  type CreateSimulatorOptions,
  type Simulator,
} from '../../src/simulator/nacional/create-simulator.js';
import { testIdentity } from './nfse-fixtures.js';

export interface SimKit {
  sim: Simulator;
  client: AuthorityClient;
  close(): Promise<void>;
}

export async function startSimulator(options: CreateSimulatorOptions = {}, timeoutMs = 5_000): Promise<SimKit> {
  const sim = createSimulator({ signer: simulatorSigner(), ...options });
  const url = await sim.listen(0);
  const client = createAuthorityClient({ baseUrl: `${url}/SefinNacional`, timeoutMs });
  return { sim, client, close: async () => (await client.close(), await sim.close()) };
}

let simSigner: XmlSigner | undefined;
/** Reuse one signing identity for the simulator side too (saves a keygen per test). */
function simulatorSigner(): XmlSigner {
  simSigner ??= testIdentity().signer;
  return simSigner;
}

export function signedDps(input: DpsInput, signer: XmlSigner = testIdentity().signer): { xml: string; id: string } {
  return {
    xml: signXml(buildDpsXml(input), signer, { element: 'infDPS' }),
    id: buildDpsId({ cLocEmi: input.cLocEmi, serie: input.serie, nDPS: input.nDPS, ...input.prest }),
  };
}

export interface NationalNote {
  chave: string;
  idDps: string;
  status: string;
}

/** The simulator's inspection API (GET /_simulador/notas): the notes the national side holds for a DPS Id. */
export async function nationalNotes(sim: { url: string }, idDps: string): Promise<NationalNote[]> {
  const res = await fetch(`${sim.url}/_simulador/notas?idDps=${idDps}`);
  return ((await res.json()) as { notas: NationalNote[] }).notas;
}

export type LostCall = 'request' | 'answer';

/**
 * An HTTP hop between the service and the simulator that loses one DPS send on demand: `request` closes the
 * connection before the DPS reaches the national side, `answer` after the national side authorised it (the DPS
 * was processed, its answer never arrives). Everything else passes through unchanged.
 */
export async function startLossyHop(target: string) {
  let armed: LostCall | null = null;
  /** DPS sends to let through before losing one. */
  let skip = 0;
  /** Forwards one request with its body to the target, unless it is the DPS send to lose. */
  async function relay(req: IncomingMessage, res: ServerResponse, chunks: Buffer[]) {
    const emission = req.method === 'POST' && /\/nfse$/.test(req.url ?? '');
    if (emission && armed === 'request' && skip-- <= 0) {
      armed = null;
      return req.socket.destroy();
    }
    const headers = Object.fromEntries(
      Object.entries(req.headers).filter(([k]) => k === 'content-type' || k.startsWith('x-')) as Array<
        [string, string]
      >,
    );
    const answer = await fetch(`${target}${req.url}`, {
      method: req.method,
      headers,
      body: chunks.length ? Buffer.concat(chunks) : undefined,
    });
    const body = Buffer.from(await answer.arrayBuffer());
    if (emission && armed === 'answer' && answer.status === 201) {
      armed = null;
      return req.socket.destroy();
    }
    res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' });
    res.end(body);
  }
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => void relay(req, res, chunks));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    /** Loses a DPS send: `request` the one after `after` others, `answer` the next one authorised. */
    lose: (what: LostCall, after = 0) => void ((armed = what), (skip = after)),
    close: () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  };
}
