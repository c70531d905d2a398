import { type JobPayload } from '../../fila/job-payload.js';
import { type EmissionResult } from '../../autoridades/emission-result.js';
import type { Certificate, TransmissionJob } from '../../../generated/prisma/client.js';
import { companyCredentials } from '../../empresas/company-credentials.js';
import { type TransmissionDeps } from '../../transmission-deps.js';
import type { NfseWithTimeline } from '../present-nfse.js';
import type { NfseProvider } from '../provedores/nfse-provider.js';
import { providerOfNote } from '../provedores/resolve-nfse-provider.js';
import { RECOVERY_LIMIT } from './recovery-limit.js';

/**
 * Batch lines of one company whose system takes lots (São Paulo's EnvioLoteRPS) and that this round sends for the
 * first time go together, in lots of at most the system's limit. Only a job that certainly reaches its send is
 * planned (never sent, no failure, still transmitting, within the recovery limit), so a lot never carries a
 * document its own job would not send. The lot is sent by whichever of its jobs asks first; the others take their
 * result from the same call. A job left alone is sent alone.
 */
export function planLots(
  deps: TransmissionDeps,
  jobs: TransmissionJob[],
  notes: Map<string, NfseWithTimeline>,
  certificates: Map<string, Certificate>,
) {
  const lots = new Map<string, () => Promise<EmissionResult>>();
  const groups = new Map<string, Array<{ job: TransmissionJob; note: NfseWithTimeline; provider: NfseProvider }>>();
  const now = deps.clock.now().getTime();
  for (const job of jobs) {
    const note = job.nfseId ? notes.get(job.nfseId) : undefined;
    const payload = (job.payload ?? {}) as JobPayload;
    if (
      !note ||
      job.kind !== 'emitir' ||
      payload.mayHaveSent ||
      (payload.failures ?? 0) > 0 ||
      note.status !== 'transmitindo' ||
      !note.loteId
    )
      continue;
    if (now - note.createdAt.getTime() > RECOVERY_LIMIT) continue;
    const provider = providerOfNote(deps, note);
    if (!provider.emitLot) continue;
    const key = `${provider.sistema}|${note.companyId}|${note.simulacao ?? ''}`;
    groups.set(key, [...(groups.get(key) ?? []), { job, note, provider }]);
  }
  for (const group of groups.values()) {
    const { provider } = group[0]!;
    const limit = provider.lotLimit ?? group.length;
    for (let start = 0; start < group.length; start += limit) {
      const lot = group.slice(start, start + limit);
      if (lot.length < 2) continue;
      let sent: Promise<EmissionResult[]> | null = null;
      const send = () =>
        (sent ??= (async () => {
          const companyId = lot[0]!.note.companyId;
          const { credentials, signer } = await companyCredentials(deps, companyId, certificates.get(companyId));
          return provider.emitLot!(lot.map(({ note }) => ({ note, credentials, signer, scenario: note.simulacao })));
        })());
      lot.forEach(({ job }, i) => lots.set(job.id, () => send().then((results) => results[i]!)));
    }
  }
  return lots;
}
