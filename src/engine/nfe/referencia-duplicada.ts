import type { Principal } from '../chaves/principal.js';
import type { EngineDeps } from '../engine-deps.js';
import { EngineError } from '../errors.js';

/** The 409 for a `referencia` the company's NF-e of this environment already uses, or null when none does. */
export async function referenciaDuplicada(
  deps: Pick<EngineDeps, 'db'>,
  principal: Principal,
  companyId: string,
  referencia: string,
): Promise<EngineError | null> {
  const existing = await deps.db.nfe.findFirst({
    where: { companyId, environment: principal.environment, referencia },
    select: { id: true },
  });
  if (!existing) return null;
  return new EngineError(
    'referencia_duplicada',
    `A referência ${referencia} já é a NF-e ${existing.id} desta empresa.`,
    {
      campo: '/referencia',
      correcao: 'Consulte a NF-e existente com GET /v1/nfe/{referencia} (e o DANFE em /pdf), ou use outra referência.',
      extra: { nfe_id: existing.id },
    },
  );
}
