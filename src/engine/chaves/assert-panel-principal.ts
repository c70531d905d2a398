import { EngineError } from '../errors.js';
import type { Principal } from './principal.js';

/**
 * Key management (and other operators' work, such as retrying a dead transmission) belongs to the operator panel:
 * an API key never creates, lists or revokes keys. `correcao` says where to do it instead.
 */
export function assertPanelPrincipal(
  principal: Principal,
  correcao = 'Gerencie as chaves de API pelo painel do operador (/painel).',
): void {
  if (!principal.pessoaId) {
    throw new EngineError('acesso_negado', 'Disponível só no painel.', { correcao });
  }
}
