/**
 * A note's simulator scenario (X-Service-Simular): the names a test key may send, the header the simulator gets,
 * and what a scenario plays on the engine's side where the simulated system cannot play it, so that the rules ask
 * these questions and name no scenario.
 */

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

/** The competence counts as closed when the note's send is retried (the simulator cannot move the engine's clock). */
export function scenarioClosesCompetence(scenario: string | null): boolean {
  return scenario === 'competencia_encerrada';
}

/**
 * The scenario a note keeps once its caller confirmed it: one that forced a closed competence has played its part.
 * `autorizar` (not null) keeps the note on the simulator, where its DPS was sent; null would route it to the
 * configured national system.
 */
export function scenarioAfterConfirmation(scenario: string | null): string | null {
  return scenarioClosesCompetence(scenario) ? 'autorizar' : scenario;
}
