import type { Principal } from '../../engine/chaves/principal.js';
import { EngineError } from '../../engine/errors.js';
import type { GraphContext } from '../graph-context.js';

/** Fields are guarded by the `authenticated` scope; this narrows the type and guards against a missing scope. */
export function principalOf(ctx: GraphContext): Principal {
  if (!ctx.principal) throw new EngineError('nao_autenticado', 'Chave de API ausente, inválida ou revogada.');
  return ctx.principal;
}
