import { signXml } from '../../xml/sign-xml.js';
import type { TransmissionDeps } from '../../transmission-deps.js';
import { buildDpsId, buildDpsXml } from '../nacional/build-dps-xml.js';
import { simulatorScenario } from '../simulator-scenario.js';
import { correctRejectedNote } from '../transmissao/correct-rejected-note.js';
import { explainRejection } from '../transmissao/explain-rejection.js';
import type { NfseProvider } from './nfse-provider.js';
import { sefinOperations, type SefinClientOf } from './sefin-operations.js';
import { SISTEMA_NACIONAL } from './sistema-nacional.js';

/**
 * The national system (Sefin Nacional / ADN): every municipality without an own system of its own provider. Its
 * gateway (deps.national) routes a note with a simulated scenario to the in-process simulator.
 */
export function nationalProvider(deps: TransmissionDeps): NfseProvider {
  const client: SefinClientOf = (call) =>
    deps.national.client(call.note.environment as 'test', simulatorScenario(call.scenario), call.credentials);
  return {
    ...SISTEMA_NACIONAL,
    checkIssuance: () => [],
    buildDocument: ({ company, dps, signer }) => ({
      id: buildDpsId({ cLocEmi: dps.cLocEmi, CNPJ: company.cnpj, serie: dps.serie, nDPS: dps.nDPS }),
      xml: signXml(buildDpsXml(dps), signer, { element: 'infDPS' }),
      dados: null,
    }),
    ...sefinOperations(deps, client),
    explain: explainRejection,
    // E0014: this DPS already produced a note.
    alreadyIssued: (erros) => erros.some((e) => e.codigo === 'E0014'),
    correct: (note, erros, step, codigo) => correctRejectedNote(deps, note, erros, step, codigo),
  };
}
