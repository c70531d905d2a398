import { EngineError } from '../errors.js';

export const PASSWORD_LIMITS = { min: 10, max: 200 } as const;

/** 10 to 200 characters; anything else is 422 `validacao` at `/senha`. */
export function checkedPassword(senha: unknown): string {
  const length = typeof senha === 'string' ? [...senha].length : 0;
  if (typeof senha !== 'string' || length < PASSWORD_LIMITS.min || length > PASSWORD_LIMITS.max) {
    const mensagem = `A senha deve ter de ${PASSWORD_LIMITS.min} a ${PASSWORD_LIMITS.max} caracteres.`;
    const correcao = 'Escolha uma senha longa, por exemplo uma frase de várias palavras.';
    throw new EngineError('validacao', mensagem, {
      campo: '/senha',
      correcao,
      extra: { erros: [{ codigo: 'senha_invalida', campo: '/senha', mensagem, correcao }] },
    });
  }
  return senha;
}
