/**
 * Scenario names a test key may send in X-Service-Simular for an NFS-e. `rejeitar` takes one official code or
 * several, comma-separated: each is a condition of the simulated national side (docs/cenarios.md).
 */
export const SCENARIOS =
  /^(autorizar|rejeitar(:E\d{4}(,E\d{4}){0,3})?|timeout|indisponibilidade|competencia_encerrada|falha_transmissao(:nao)?|processamento_lento)$/;

/** The header our client sends to the simulator for a note's scenario. */
export function simulatorScenario(scenario: string | null): string | null {
  if (!scenario) return null;
  // The outage of `competencia_encerrada` makes the first send fail; the retry then finds the competence closed.
  if (scenario === 'competencia_encerrada') return 'indisponibilidade:1';
  if (scenario === 'indisponibilidade') return 'indisponibilidade:2';
  return scenario;
}
