import type { Nfe } from '../../generated/prisma/client.js';
import type { Principal } from '../chaves/principal.js';
import { EngineError } from '../errors.js';
import { appendEvents } from '../eventos/append-events.js';
import { HOUR } from '../nucleo/clock.js';
import type { TransmissionDeps } from '../transmission-deps.js';
import { findNfe } from './find-nfe.js';
import { readBody } from '../nucleo/read-body.js';
import { cancelNfeBody } from './cancel-nfe-body.js';
import { nfeEventScenario } from './nfe-event-scenario.js';
import { EVENTO_CANCELAMENTO } from './build-signed-nfe-event.js';
import { presentNfe, type NfeView } from './present-nfe.js';
import { registerNfeEvent } from './register-nfe-event.js';

/** An NF-e is cancelled within 24 hours of its authorisation (2 h in MT is the UF's own, stricter rule). */
const CANCEL_WINDOW_MS = 24 * HOUR;

export interface CancelNfeOptions {
  id: string;
  /** `{justificativa}` as the caller sent it. */
  body: unknown;
  /** X-Service-Simular (test keys): autorizar, rejeitar[:cStat], timeout. */
  simular?: string | null;
}

/**
 * `POST /v1/nfe/{id}/cancelamento`: event 110111 with the authorisation protocol and the justification; once
 * the authority registers it (135) the note is `cancelada` with `cancelamento` and NFE_CANCELADA in the same
 * transaction, and the procEventoNFe is kept (GET …/eventos/{evento_id}/xml). A refusal leaves it `autorizada`.
 */
export async function cancelNfe(
  deps: TransmissionDeps,
  principal: Principal,
  options: CancelNfeOptions,
): Promise<NfeView> {
  const { justificativa } = readBody(cancelNfeBody, options.body);
  const simular = nfeEventScenario(principal, options.simular);
  const note = await findNfe(deps, principal, options.id);
  assertCancellable(note, deps.clock.now());
  await registerNfeEvent(deps, {
    note,
    tpEvento: EVENTO_CANCELAMENTO,
    texto: justificativa,
    simular,
    refusal: 'cancelamento_recusado',
    admit: (current) => {
      assertCancellable(current, deps.clock.now());
      return 1;
    },
    apply: async (tx, current, evento, at) => {
      const cancelamento = {
        justificativa: evento.texto,
        protocolo: evento.protocolo,
        c_stat: evento.cStat,
        registrado_em: evento.registradoEm?.toISOString() ?? null,
        evento_id: evento.id,
      };
      const { count } = await tx.nfe.updateMany({
        where: { id: current.id, status: 'autorizada' },
        data: { status: 'cancelada', cancelamento, updatedAt: at },
      });
      if (count !== 1) return;
      const view = presentNfe(await tx.nfe.findUniqueOrThrow({ where: { id: current.id } }));
      await appendEvents(tx, {
        accountId: current.accountId,
        environment: current.environment,
        at: at,
        events: [{ tipo: 'NFE_CANCELADA', dados: view }],
      });
    },
  });
  return presentNfe(await deps.db.nfe.findUniqueOrThrow({ where: { id: note.id } }));
}

function assertCancellable(note: Nfe, now: Date): void {
  if (note.status !== 'autorizada') {
    throw new EngineError(
      'nfe_nao_cancelavel',
      note.status === 'cancelada'
        ? 'A NF-e já está cancelada.'
        : `Só uma NF-e autorizada pode ser cancelada (esta está ${note.status}).`,
      {
        correcao:
          note.status === 'cancelada'
            ? 'Nada a fazer: veja cancelamento em GET /v1/nfe/{id}.'
            : note.status === 'rejeitada'
              ? 'Uma NF-e rejeitada não existe na SEFAZ: corrija com POST /v1/nfe/{id}/correcao ou descarte o número.'
              : 'Espere a autorização para cancelar.',
        extra: { nfe: presentNfe(note) },
      },
    );
  }
  if (now.getTime() - note.authorizedAt!.getTime() > CANCEL_WINDOW_MS) {
    throw new EngineError(
      'cancelamento_fora_do_prazo',
      `A NF-e foi autorizada em ${note.authorizedAt!.toISOString()}; o cancelamento só é aceito nas 24 horas seguintes.`,
      {
        correcao: 'Emita uma NF-e de devolução (finalidade devolucao) ou de ajuste, conforme o caso.',
        extra: { nfe: presentNfe(note) },
      },
    );
  }
}
