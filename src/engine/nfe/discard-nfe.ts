import type { Nfe } from '../../generated/prisma/client.js';
import type { Principal } from '../chaves/principal.js';
import { EngineError } from '../errors.js';
import { findNfe } from './find-nfe.js';
import { presentNfe, type NfeView } from './present-nfe.js';
import { voidNfeNumbers, type VoidDeps } from './void-nfe-numbers.js';

const PELO_EMITENTE = 'NF-e rejeitada descartada pelo emitente; o número não será utilizado';

/**
 * `POST /v1/nfe/{id}/descarte`: the caller gives up a rejected note; its number is voided by
 * inutilização and the note becomes `descartada` (NFE_DESCARTADA). Any other status is 409 `nfe_nao_descartavel`.
 */
export async function discardNfe(deps: VoidDeps, principal: Principal, id: string): Promise<NfeView> {
  const note = await findNfe(deps, principal, id);
  if (note.status !== 'rejeitada') {
    throw new EngineError(
      'nfe_nao_descartavel',
      `A NF-e ${note.id} está ${note.status}; só uma NF-e rejeitada pode ser descartada.`,
      {
        correcao:
          note.status === 'autorizada'
            ? 'Uma NF-e autorizada se cancela (POST /v1/nfe/{id}/cancelamento).'
            : 'Consulte a NF-e e aguarde ou trate o seu status atual.',
      },
    );
  }
  await discardRejectedNote(deps, note, PELO_EMITENTE);
  return presentNfe(await deps.db.nfe.findUniqueOrThrow({ where: { id: note.id } }));
}

/** Voids the number of a rejected note; voidNfeNumbers marks it `descartada` in the transaction that records the 102. */
export async function discardRejectedNote(deps: VoidDeps, note: Nfe, justificativa: string): Promise<void> {
  // A removed company keeps its notes, and their numbers still have to be voided.
  const company = await deps.db.company.findUniqueOrThrow({
    where: { id: note.companyId },
    include: { certificate: true },
  });
  await voidNfeNumbers(deps, {
    accountId: note.accountId,
    environment: note.environment,
    company,
    serie: note.serie,
    numeroInicial: note.numero,
    numeroFinal: note.numero,
    justificativa,
    nfeId: note.id,
  });
}
