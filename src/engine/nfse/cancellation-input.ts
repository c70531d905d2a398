import type { Principal } from '../chaves/principal.js';
import { EngineError, parameterError, type ErrorItem } from '../errors.js';

/** TSCodJustCanc (tiposSimples_v1.01.xsd): 1 erro na emissão, 2 serviço não prestado, 9 outros. */
export const CANCELLATION_REASONS = ['1', '2', '9'] as const;
export type CancellationReason = (typeof CANCELLATION_REASONS)[number];

export interface CancellationRequest {
  codigo_motivo: CancellationReason;
  motivo: string;
}

const FIELDS = ['codigo_motivo', 'motivo'];

/**
 * Body of `POST /v1/nfse/{id}/cancelamento`: `codigo_motivo` is the national cMotivo and `motivo` the xMotivo
 * of the e101101 event, required for every reason, 15–255 characters of TSString (no line breaks, no leading or
 * trailing space, Latin-1). Every problem is reported at once (422 `validacao`), as on issuance.
 */
export function readCancellationRequest(body: unknown): CancellationRequest {
  const erros: ErrorItem[] = [];
  const add = (codigo: string, campo: string, mensagem: string, correcao: string) => erros.push({ codigo, campo, mensagem, correcao });
  const o = typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : null;
  if (!o) {
    add('tipo_invalido', '', 'O corpo deve ser um objeto JSON.', 'Envie {"codigo_motivo": "1", "motivo": "…"}.');
    throw invalid(erros);
  }
  for (const key of Object.keys(o)) {
    if (!FIELDS.includes(key)) add('campo_desconhecido', `/${key}`, `Campo desconhecido: ${key}.`, 'Envie apenas codigo_motivo e motivo.');
  }
  const codigo = o.codigo_motivo;
  const codigoFix = 'Use "1" (erro na emissão), "2" (serviço não prestado) ou "9" (outros).';
  if (codigo === undefined || codigo === null) add('campo_obrigatorio', '/codigo_motivo', 'O código do motivo do cancelamento é obrigatório.', codigoFix);
  else if (typeof codigo !== 'string') add('tipo_invalido', '/codigo_motivo', 'codigo_motivo deve ser texto.', codigoFix);
  else if (!(CANCELLATION_REASONS as readonly string[]).includes(codigo)) add('formato_invalido', '/codigo_motivo', `Código de motivo "${codigo}" inválido.`, codigoFix);

  const motivoFix = 'Descreva o motivo em 15 a 255 caracteres, numa linha só.';
  const motivo = typeof o.motivo === 'string' ? o.motivo.trim() : o.motivo;
  if (motivo === undefined || motivo === null || motivo === '') add('campo_obrigatorio', '/motivo', 'O motivo do cancelamento é obrigatório.', motivoFix);
  else if (typeof motivo !== 'string') add('tipo_invalido', '/motivo', 'motivo deve ser texto.', motivoFix);
  else if (motivo.length < 15 || motivo.length > 255) add('formato_invalido', '/motivo', `O motivo tem ${motivo.length} caracteres; o leiaute exige de 15 a 255.`, motivoFix);
  else if (!/^[\x20-\xFF]+$/.test(motivo)) add('formato_invalido', '/motivo', 'O motivo tem caracteres que o leiaute nacional não aceita (quebras de linha, emojis).', motivoFix);

  if (erros.length) throw invalid(erros);
  return { codigo_motivo: codigo as CancellationReason, motivo: motivo as string };
}

const invalid = (erros: ErrorItem[]) =>
  new EngineError('validacao', 'A requisição tem campos inválidos.', { correcao: 'Corrija cada item de erros e envie de novo.', extra: { erros } });

/** Scenarios that make sense for a cancellation (X-Service-Simular, test keys only). */
const CANCELLATION_SCENARIOS = /^(autorizar|rejeitar(:E\d{4})?|timeout|indisponibilidade|falha_transmissao(:nao)?|processamento_lento)$/;

export function cancellationScenario(principal: Principal, simular: string | null | undefined): string | null {
  if (simular === null || simular === undefined || simular.trim() === '') return null;
  if (principal.environment !== 'test') {
    throw parameterError('simulacao_so_no_sandbox', { header: 'X-Service-Simular' }, 'só funciona com chave de teste.', {
      correcao: 'Remova o cabeçalho em produção.',
    });
  }
  const value = simular.trim().toLowerCase().replace(/:e(\d{4})$/, ':E$1');
  if (!CANCELLATION_SCENARIOS.test(value)) {
    throw parameterError('simulacao_invalida', { header: 'X-Service-Simular' }, `cenário de simulação desconhecido para cancelamento: ${simular}.`, {
      correcao: 'Use autorizar, rejeitar, rejeitar:E0xxx, timeout, indisponibilidade, falha_transmissao ou processamento_lento.',
    });
  }
  return value;
}
