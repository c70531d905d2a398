import type { Principal } from '../chaves/principal.js';
import { EngineError, parameterError, type ErrorItem } from '../errors.js';

/** TSCodJustCanc (tiposSimples_v1.01.xsd): 1 erro na emissão, 2 serviço não prestado, 9 outros. */
export const CANCELLATION_REASONS = ['1', '2', '9'] as const;
export type CancellationReason = (typeof CANCELLATION_REASONS)[number];

export interface CancellationRequest {
  codigo_motivo: CancellationReason;
  motivo: string;
}

/** The 422 `validacao` of a cancellation body. */
export const invalidCancellation = (erros: ErrorItem[]) =>
  new EngineError('validacao', 'A requisição tem campos inválidos.', {
    correcao: 'Corrija cada item de erros e envie de novo.',
    extra: { erros },
  });

/** Scenarios that make sense for a cancellation (X-Service-Simular, test keys only). */
const CANCELLATION_SCENARIOS =
  /^(autorizar|rejeitar(:E\d{4})?|timeout|indisponibilidade|falha_transmissao(:nao)?|processamento_lento)$/;

export function cancellationScenario(principal: Principal, simular: string | null | undefined): string | null {
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
  const value = simular
    .trim()
    .toLowerCase()
    .replace(/:e(\d{4})$/, ':E$1');
  if (!CANCELLATION_SCENARIOS.test(value)) {
    throw parameterError(
      'simulacao_invalida',
      { header: 'X-Service-Simular' },
      `cenário de simulação desconhecido para cancelamento: ${simular}.`,
      {
        correcao:
          'Use autorizar, rejeitar, rejeitar:E0xxx, timeout, indisponibilidade, falha_transmissao ou processamento_lento.',
      },
    );
  }
  return value;
}
