// What a simulator scenario plays on the engine's side: the rules ask these questions instead of naming scenarios.
import { describe, expect, it } from 'vitest';
import { scenarioAfterConfirmation, scenarioClosesCompetence } from '../../src/engine/nfse/simulator-scenario.js';

describe('scenario effects', () => {
  it('only competencia_encerrada closes the competence, and it gives way to autorizar once confirmed', () => {
    expect(scenarioClosesCompetence('competencia_encerrada')).toBe(true);
    for (const other of [null, 'autorizar', 'timeout', 'indisponibilidade', 'processamento_lento'])
      expect(scenarioClosesCompetence(other)).toBe(false);
    expect(scenarioAfterConfirmation('competencia_encerrada')).toBe('autorizar');
    expect(scenarioAfterConfirmation('timeout')).toBe('timeout');
    expect(scenarioAfterConfirmation(null)).toBeNull();
  });
});
