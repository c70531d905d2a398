import type { Principal } from '../chaves/principal.js';
import { EngineError, parameterError } from '../errors.js';
import { preferWaitMs } from '../nucleo/prefer-wait-ms.js';
import { runNfeJob } from './run-nfe-job.js';
import type { TransmissionDeps } from '../transmission-deps.js';
import { createNfe } from './create-nfe.js';
import { presentNfe, type NfeView } from './present-nfe.js';
import { SEFAZ_SCENARIOS } from './sefaz-scenario.js';
import type { LoadedNfe } from './transmit-nfe.js';

export interface IssueNfeOptions {
  body: unknown;
  /** X-Service-Simular (test keys only). */
  simular?: string | null;
  /** Prefer: wait=N, in seconds (default 10, as NFS-e). */
  waitSeconds?: number;
}

/**
 * `POST /v1/nfe`: create the note with its job (createNfe), transmit at once in this request and wait
 * up to `Prefer: wait` for the outcome. Authorised → the note; rejected or denied → 422 carrying the note; still
 * pending → the note as it stands (202), which the transmission worker settles.
 */
export async function issueNfe(
  deps: TransmissionDeps,
  principal: Principal,
  options: IssueNfeOptions,
): Promise<NfeView> {
  const simular = checkNfeScenario(principal, options.simular ?? null);
  const { view, loaded } = await createNfe(deps, principal, { body: options.body, simular });
  return awaitNfeOutcome(deps, view.id, options.waitSeconds, loaded);
}

/**
 * Transmits a note that has just been stored with its leased job, waiting up to `Prefer: wait` (default 10 s):
 * authorised → the note; rejected or denied → 422 carrying the note; still pending → the note as it stands
 * (202), which the transmission worker settles. Shared by issuance (which passes the note and A1 it holds) and by
 * the correction of a rejected note.
 */
export async function awaitNfeOutcome(
  deps: TransmissionDeps,
  nfeId: string,
  waitSeconds?: number,
  loaded?: LoadedNfe,
): Promise<NfeView> {
  const attempt = firstAttempt(deps, nfeId, loaded);
  const waitMs = preferWaitMs(waitSeconds);
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), waitMs);
  });
  const settled = await Promise.race([attempt, timeout]).finally(() => clearTimeout(timer));
  const view = settled ?? presentNfe(await deps.db.nfe.findUniqueOrThrow({ where: { id: nfeId } }));
  if (view.status === 'rejeitada') {
    throw new EngineError(
      'nfe_rejeitada',
      `A SEFAZ rejeitou a NF-e (cStat ${view.rejeicao?.c_stat}): ${view.rejeicao?.mensagem ?? ''}`.trim(),
      {
        correcao:
          view.rejeicao?.correcao ??
          'Corrija conforme nfe.rejeicao.explicacao e reenvie com POST /v1/nfe/{id}/correcao (o número é mantido).',
        extra: { nfe: view },
      },
    );
  }
  if (view.status === 'denegada') {
    throw new EngineError(
      'nfe_denegada',
      `A SEFAZ denegou o uso da NF-e (protocolo ${view.protocolo}); o número ficou consumido.`,
      {
        correcao: 'Consulte a situação cadastral do emitente e do destinatário junto à SEFAZ.',
        extra: { nfe: view },
      },
    );
  }
  if (view.status === 'descartada') {
    throw new EngineError(
      'nfe_numero_inutilizado',
      `A SEFAZ recusou a NF-e: o número ${view.numero} da série ${view.serie} já está inutilizado na SEFAZ (cStat ${view.rejeicao?.c_stat}); a nota foi descartada.`,
      {
        correcao:
          'Emita de novo com POST /v1/nfe (outra referência, se usou uma): a nova nota recebe o próximo número da série.',
        extra: { nfe: view },
      },
    );
  }
  return view;
}

/** The request's own send, under the lease its job (keyed by the note, fresh) was created with; a failure is left to the worker. */
async function firstAttempt(deps: TransmissionDeps, nfeId: string, loaded?: LoadedNfe): Promise<NfeView | null> {
  // The job is fresh: this request's attempt is its first, under lease generation 0 (nfeJob).
  const job = { id: nfeId, nfeId, payload: {}, attempts: 1, lease: 0 };
  const attempt = runNfeJob(deps, job, loaded).catch((err: unknown) => {
    deps.logger.error({ err, nfeId }, 'first NF-e transmission failed; a worker will retry');
    return null;
  });
  // Registered like an NFS-e's first attempt: its lease renewed while it runs, released if the process stops.
  deps.firstAttempts?.track(job, attempt);
  return attempt;
}

export function checkNfeScenario(principal: Principal, simular: string | null): string | null {
  if (simular === null || simular === '') return null;
  if (principal.environment !== 'test') {
    throw parameterError(
      'simulacao_so_no_sandbox',
      { header: 'X-Service-Simular' },
      'só funciona com chave de teste.',
      {
        correcao: 'Remova o cabeçalho em produção.',
      },
    );
  }
  const value = simular.trim().toLowerCase();
  if (!SEFAZ_SCENARIOS.test(value)) {
    throw parameterError(
      'simulacao_invalida',
      { header: 'X-Service-Simular' },
      `cenário de simulação desconhecido: ${simular}.`,
      {
        correcao: 'Use autorizar, rejeitar, rejeitar:NNN (cStat), denegar, timeout, duplicidade, lento ou uf_fora.',
      },
    );
  }
  return value;
}
