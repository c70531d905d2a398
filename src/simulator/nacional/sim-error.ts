import { officialMessage } from './official-message.js';

/** One entry of `erros[]`, written in PascalCase as the live Sefin does. */
export interface SimError {
  Codigo: string;
  Descricao: string;
  Complemento?: string;
}

export function simError(code: string, complemento?: string): SimError {
  return {
    Codigo: code,
    Descricao: officialMessage(code) ?? 'Erro não catalogado',
    ...(complemento ? { Complemento: complemento } : {}),
  };
}
