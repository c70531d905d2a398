import type { Principal } from '../chaves/principal.js';
import { EngineError, parameterError, type ErrorItem } from '../errors.js';

/** The 422 `validacao` of an event body (cancelamento, carta de correção). */
export const invalidNfeEvent = (erros: ErrorItem[]) =>
  new EngineError('validacao', 'A requisição tem campos inválidos.', {
    correcao: 'Corrija cada item de erros e envie de novo.',
    extra: { erros },
  });

const EVENT_SCENARIOS = /^(autorizar|rejeitar(:\d{3})?|timeout)$/;
/** The X-Service-Simular scenarios the simulator's NFeRecepcaoEvento4 knows. */
export type SefazEventScenario = 'autorizar' | 'timeout' | 'rejeitar' | `rejeitar:${string}`;

/** X-Service-Simular of an event call (test keys only): autorizar, rejeitar[:cStat], timeout. */
export function nfeEventScenario(principal: Principal, simular: string | null | undefined): SefazEventScenario | null {
  if (simular === null || simular === undefined || simular.trim() === '') return null;
  if (principal.environment !== 'test') {
    throw parameterError(
      'simulacao_so_no_sandbox',
      { header: 'X-Service-Simular' },
      'só funciona com chave de teste.',
      {
        correcao: 'Remova o cabeçalho em produção.',
      },
    );
  }
  const value = simular.trim().toLowerCase();
  if (!EVENT_SCENARIOS.test(value)) {
    throw parameterError(
      'simulacao_invalida',
      { header: 'X-Service-Simular' },
      `cenário de simulação desconhecido para eventos da NF-e: ${simular}.`,
      {
        correcao: 'Use autorizar, rejeitar, rejeitar:NNN (cStat) ou timeout.',
      },
    );
  }
  return value as SefazEventScenario;
}
