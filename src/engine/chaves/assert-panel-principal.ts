import { EngineError } from '../errors.js';
import type { Principal } from './principal.js';

/** Key management belongs to the operator panel: an API key never creates, lists or revokes keys. */
export function assertPanelPrincipal(principal: Principal): void {
  if (!principal.pessoaId) {
    throw new EngineError('acesso_negado', 'Disponível só no painel.', {
      correcao: 'Gerencie as chaves de API pelo painel do operador (/painel).',
    });
  }
}
