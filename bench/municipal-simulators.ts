// The simulators bench/nfse-municipal.ts issues through, in a process of their own (started by
// startMunicipalSimulators in simulator-process.ts): the national system, São Paulo, the ABRASF 2.0x cities, the
// ABRASF 1.00 families and the providers that take the national DPS, each listening on its own port, state in memory.
// The bench points the service at them with its production URL settings, so the service's CPU per note leaves out
// what the simulators do (schema validation, signature checks, signing) and the simulator's is read apart. The
// national parameters API stays the service's own simulator: its answers are cached for hours, so after the
// warm-up no measured note asks it anything.
// Channel (IPC): the first message is the simulators' URLs; {credenciais: {cnpj, esperadas}} registers a company's
// provider credentials with the ABRASF simulator (IPM, EloTech), answered {registrado: cnpj}.
import type { CredenciaisProvedor } from '../src/engine/empresas/credenciais-provedor.js';
import { loadLibxml2 } from '../src/engine/xml/libxml2.js';
import { createAbrasfSimulator } from '../src/simulator/abrasf/create-abrasf-simulator.js';
import { createAbrasf1Simulator } from '../src/simulator/abrasf/v1/create-abrasf-1-simulator.js';
import { createLayoutNacionalSimulator } from '../src/simulator/layout-nacional/create-layout-nacional-simulator.js';
import { createSimulator } from '../src/simulator/nacional/create-simulator.js';
import { createSaoPauloSimulator } from '../src/simulator/sao-paulo/create-sao-paulo-simulator.js';

/** Where each simulated system listens: the URLs the bench configures the service with. */
export interface MunicipalSimulatorUrls {
  national: string;
  saoPaulo: string;
  abrasf: string;
  abrasf1: string;
  layoutNacional: string;
}

/** What the bench sends the simulators' process. */
export type MunicipalSimulatorMessage = { credenciais: { cnpj: string; esperadas: CredenciaisProvedor } };

if (!process.send)
  throw new Error('municipal-simulators.ts runs as a child with an IPC channel (simulator-process.ts)');
await loadLibxml2();
const national = createSimulator();
const saoPaulo = createSaoPauloSimulator();
const abrasf = createAbrasfSimulator({});
const abrasf1 = createAbrasf1Simulator({});
const layoutNacional = createLayoutNacionalSimulator({});
const urls: MunicipalSimulatorUrls = {
  national: await national.listen(0, '127.0.0.1'),
  saoPaulo: await saoPaulo.listen(0, '127.0.0.1'),
  abrasf: await abrasf.listen(0, '127.0.0.1'),
  abrasf1: await abrasf1.listen(0, '127.0.0.1'),
  layoutNacional: await layoutNacional.listen(0, '127.0.0.1'),
};
process.on('message', (message: MunicipalSimulatorMessage) => {
  abrasf.credenciais(message.credenciais.cnpj, message.credenciais.esperadas);
  process.send!({ registrado: message.credenciais.cnpj });
});
// The bench ends the process with SIGTERM once it has read the last CPU figure; the channel closing ends it too.
const stop = () => process.exit(0);
process.once('SIGTERM', stop);
process.once('disconnect', stop);
process.send(urls);
