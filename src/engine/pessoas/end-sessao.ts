import type { EngineDeps } from '../engine-deps.js';

/** Signs out: the session's row goes, so its cookie opens nothing any more. */
export async function endSessao(deps: Pick<EngineDeps, 'db'>, sessaoId: string): Promise<void> {
  await deps.db.sessaoPainel.deleteMany({ where: { id: sessaoId } });
}
