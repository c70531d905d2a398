import type { AuthorityMessage } from '../../autoridades/authority-message.js';
import type { EmissionResult } from '../../autoridades/emission-result.js';
import type { SaoPauloAnswer } from '../../autoridades/sao-paulo/sao-paulo-gateway.js';
import type { EventoSaoPaulo } from './read-retorno.js';

export type SaoPauloFailure = Exclude<EmissionResult, { kind: 'authorized' | 'rejected' }>;

/** Transport outcomes shared by every operation; null when the city answered with a readable document. */
export function saoPauloFailure(answer: SaoPauloAnswer): SaoPauloFailure | null {
  switch (answer.kind) {
    case 'timeout':
      return { kind: 'timeout' };
    case 'unavailable':
      return { kind: 'unavailable', received: answer.received, cause: answer.cause };
    case 'http_error':
      // 500/504 reached the application, which may have processed it; 502/503 did not; 4xx (426: TLS < 1.2) refused it.
      if (answer.status >= 500)
        return {
          kind: 'unavailable',
          status: answer.status,
          received: answer.status === 500 || answer.status === 504 ? 'unknown' : 'no',
          cause: `HTTP ${answer.status}`,
        };
      return {
        kind: 'transmission_failed',
        status: answer.status,
        received: 'no',
        cause: `HTTP ${answer.status}`,
        erros: [],
      };
    case 'answer':
      return null;
  }
}

/** The city's events as the authority messages a note keeps. */
export const saoPauloMessages = (eventos: EventoSaoPaulo[]): AuthorityMessage[] =>
  eventos.map((e) => ({ codigo: e.codigo, descricao: e.descricao }));
