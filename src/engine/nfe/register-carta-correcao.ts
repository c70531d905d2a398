import type { Nfe } from '../../generated/prisma/client.js';
import type { Principal } from '../chaves/principal.js';
import { EngineError } from '../errors.js';
import { appendEvents } from '../eventos/append-events.js';
import type { TransmissionDeps } from '../transmission-deps.js';
import { findNfe } from './find-nfe.js';
import { readBody } from '../nucleo/read-body.js';
import { cartaCorrecaoBody } from './carta-correcao-body.js';
import { nfeEventScenario } from './nfe-event-scenario.js';
import { EVENTO_CARTA_CORRECAO } from './build-signed-nfe-event.js';
import { presentNfeEvento, type NfeEventoView } from './present-nfe-evento.js';
import { presentNfe, type NfeView } from './present-nfe.js';
import { registerNfeEvent } from './register-nfe-event.js';

/** nSeqEvento of a CC-e is 1..20 (e110110 schema pattern; the authority answers 594 beyond). */
export const MAX_CARTAS_CORRECAO = 20;

/**
 * Returned with every CC-e, never blocking — the service does not read the text (Convênio S/N art. 7º
 * § 1º-A, repeated in the event's xCondUso).
 */
export const AVISO_CARTA_CORRECAO = {
  codigo: 'carta_correcao_limites',
  mensagem:
    'A carta de correção não corrige valores, quantidade, base de cálculo, alíquota, dados que mudem o remetente ou o ' +
    'destinatário, nem as datas de emissão ou de saída. O serviço não lê o texto: confira-o. Cada nova carta substitui a ' +
    'anterior e deve repetir todas as correções.',
};

export interface RegisterCartaCorrecaoOptions {
  id: string;
  /** `{correcao}` as the caller sent it. */
  body: unknown;
  simular?: string | null;
}

export interface CartaCorrecaoResult {
  nfe: NfeView;
  carta_correcao: NfeEventoView;
  aviso: typeof AVISO_CARTA_CORRECAO;
}

/**
 * `POST /v1/nfe/{id}/carta-correcao`: event 110110 with the next sequence number (at most 20 per note) and the
 * official xCondUso; NFE_CARTA_CORRECAO (the note plus `carta_correcao`) commits with the registered event.
 */
export async function registerCartaCorrecao(
  deps: TransmissionDeps,
  principal: Principal,
  options: RegisterCartaCorrecaoOptions,
): Promise<CartaCorrecaoResult> {
  const { correcao } = readBody(cartaCorrecaoBody, options.body);
  const simular = nfeEventScenario(principal, options.simular);
  const note = await findNfe(deps, principal, options.id);
  assertAuthorised(note);
  const evento = await registerNfeEvent(deps, {
    note,
    tpEvento: EVENTO_CARTA_CORRECAO,
    texto: correcao,
    simular,
    refusal: 'carta_correcao_recusada',
    admit: (current, registered) => {
      assertAuthorised(current);
      const next =
        Math.max(0, ...registered.filter((e) => e.tpEvento === EVENTO_CARTA_CORRECAO).map((e) => e.nSeqEvento)) + 1;
      if (next > MAX_CARTAS_CORRECAO) {
        throw new EngineError(
          'carta_correcao_limite',
          `A NF-e já tem ${MAX_CARTAS_CORRECAO} cartas de correção, o máximo do leiaute.`,
          {
            codigoOficial: '594',
            correcao: 'Não é possível outra carta: para erros de valor emita uma NF-e complementar ou de ajuste.',
          },
        );
      }
      return next;
    },
    apply: async (tx, current, registered, at) => {
      const dados = { ...presentNfe(current), carta_correcao: presentNfeEvento(registered) };
      await appendEvents(tx, {
        accountId: current.accountId,
        environment: current.environment,
        at: at,
        events: [{ tipo: 'NFE_CARTA_CORRECAO', dados: dados }],
      });
    },
  });
  return {
    nfe: presentNfe(await deps.db.nfe.findUniqueOrThrow({ where: { id: note.id } })),
    carta_correcao: presentNfeEvento(evento),
    aviso: AVISO_CARTA_CORRECAO,
  };
}

function assertAuthorised(note: Nfe): void {
  if (note.status !== 'autorizada') {
    throw new EngineError(
      'nfe_nao_autorizada',
      `A carta de correção só vale para uma NF-e autorizada (esta está ${note.status}).`,
      {
        correcao:
          note.status === 'rejeitada'
            ? 'Corrija a NF-e rejeitada com POST /v1/nfe/{id}/correcao.'
            : 'Uma NF-e cancelada ou não autorizada não aceita carta de correção.',
        extra: { nfe: presentNfe(note) },
      },
    );
  }
}
