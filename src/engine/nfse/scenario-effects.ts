/**
 * What a note's simulator scenario (X-Service-Simular) plays on the engine's side, where the simulated national
 * system cannot play it: the rules ask these questions and name no scenario.
 */

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
