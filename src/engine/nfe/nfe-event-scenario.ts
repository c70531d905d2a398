import type { Principal } from '../chaves/principal.js';
import { EngineError, parameterError, type ErrorItem } from '../errors.js';

interface TextRule {
  field: 'justificativa' | 'correcao';
  min: number;
  max: number;
  what: string;
}

// xJust (TJust, tiposBasico_v1.03.xsd) 15–255 and xCorrecao (e110110_v1.00.xsd) 15–1000: one line of Latin-1
// text without leading or trailing blanks.
const JUSTIFICATIVA: TextRule = { field: 'justificativa', min: 15, max: 255, what: 'A justificativa do cancelamento' };
const CORRECAO: TextRule = { field: 'correcao', min: 15, max: 1000, what: 'O texto da carta de correção' };

/** Body of `POST /v1/nfe/{id}/cancelamento`: `{justificativa}`, the xJust of event 110111. */
export const readCancelamentoRequest = (body: unknown) => ({ justificativa: readText(body, JUSTIFICATIVA) });

/** Body of `POST /v1/nfe/{id}/carta-correcao`: `{correcao}`, the xCorrecao of event 110110 (never read by the service). */
export const readCartaCorrecaoRequest = (body: unknown) => ({ correcao: readText(body, CORRECAO) });

/** Every problem at once (422 `validacao`, JSON Pointers), as on issuance. */
function readText(body: unknown, rule: TextRule): string {
  const erros: ErrorItem[] = [];
  const add = (codigo: string, campo: string, mensagem: string) => erros.push({ codigo, campo, mensagem, correcao: fix });
  const fix = `Envie {"${rule.field}": "…"} com ${rule.min} a ${rule.max} caracteres, numa linha só.`;
  const o = typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : null;
  if (!o) {
    add('tipo_invalido', '', 'O corpo deve ser um objeto JSON.');
    throw invalid(erros);
  }
  for (const key of Object.keys(o)) {
    if (key !== rule.field) add('campo_desconhecido', `/${key}`, `Campo desconhecido: ${key}.`);
  }
  const campo = `/${rule.field}`;
  const raw = o[rule.field];
  const text = typeof raw === 'string' ? raw.trim() : raw;
  if (text === undefined || text === null || text === '') add('campo_obrigatorio', campo, `${rule.what} é obrigatório(a).`);
  else if (typeof text !== 'string') add('tipo_invalido', campo, `${rule.field} deve ser texto.`);
  else if (text.length < rule.min || text.length > rule.max) add('formato_invalido', campo, `${rule.what} tem ${text.length} caracteres; o leiaute exige de ${rule.min} a ${rule.max}.`);
  else if (!/^[\x20-\xFF]+$/.test(text)) add('formato_invalido', campo, `${rule.what} tem caracteres que o leiaute da NF-e não aceita (quebras de linha, emojis).`);
  if (erros.length) throw invalid(erros);
  return text as string;
}

const invalid = (erros: ErrorItem[]) =>
  new EngineError('validacao', 'A requisição tem campos inválidos.', { correcao: 'Corrija cada item de erros e envie de novo.', extra: { erros } });

const EVENT_SCENARIOS = /^(autorizar|rejeitar(:\d{3})?|timeout)$/;
/** The X-Service-Simular scenarios the simulator's NFeRecepcaoEvento4 knows. */
export type SefazEventScenario = 'autorizar' | 'timeout' | 'rejeitar' | `rejeitar:${string}`;

/** X-Service-Simular of an event call (test keys only): autorizar, rejeitar[:cStat], timeout. */
export function nfeEventScenario(principal: Principal, simular: string | null | undefined): SefazEventScenario | null {
  if (simular === null || simular === undefined || simular.trim() === '') return null;
  if (principal.environment !== 'test') {
    throw parameterError('simulacao_so_no_sandbox', { header: 'X-Service-Simular' }, 'só funciona com chave de teste.', {
      correcao: 'Remova o cabeçalho em produção.',
    });
  }
  const value = simular.trim().toLowerCase();
  if (!EVENT_SCENARIOS.test(value)) {
    throw parameterError('simulacao_invalida', { header: 'X-Service-Simular' }, `cenário de simulação desconhecido para eventos da NF-e: ${simular}.`, {
      correcao: 'Use autorizar, rejeitar, rejeitar:NNN (cStat) ou timeout.',
    });
  }
  return value as SefazEventScenario;
}
