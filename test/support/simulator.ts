import { buildDpsId, buildDpsXml } from '../../src/engine/nfse/nacional/build-dps-xml.js';
import { createNationalClient, type NationalClient } from '../../src/engine/transmissao/national-client.js';
import type { DpsInput } from '../../src/engine/nfse/nacional/dps-input.js';
import { signXml, type XmlSigner } from '../../src/engine/xml/sign-xml.js';
import { createSimulator, type CreateSimulatorOptions, type Simulator } from '../../src/simulator/nacional/create-simulator.js';
import { testIdentity } from './nfse-fixtures.js';

export interface SimKit {
  sim: Simulator;
  client: NationalClient;
  close(): Promise<void>;
}

export async function startSimulator(options: CreateSimulatorOptions = {}, timeoutMs = 5_000): Promise<SimKit> {
  const sim = createSimulator({ signer: simulatorSigner(), ...options });
  const url = await sim.listen(0);
  const client = createNationalClient({ baseUrl: `${url}/SefinNacional`, timeoutMs });
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
