import { type AuthorityClient } from '../../autoridades/authority-client.js';
import { type AuthorityMessage } from '../../autoridades/authority-message.js';
import { CAMINHOS_SEFIN, type CaminhosSefin } from '../../autoridades/nfse-nacional/caminhos-sefin.js';
import { emitDps, getEvent, getNfse, queryDps, registerEvent } from '../../autoridades/nfse-nacional/emit-dps.js';
import type { TransmissionDeps } from '../../transmission-deps.js';
import { loadLibxml2 } from '../../xml/libxml2.js';
import { APP_VERSION, brasiliaDateTime } from '../build-dps-input.js';
import { buildSignedCancellationXml, EVENT_CANCELAMENTO } from '../nacional/build-event-xml.js';
import { readEventXml } from '../nacional/read-event-xml.js';
import type { CancellationRecord, NfseProvider, ProviderCall } from './nfse-provider.js';

/** The client a call about a note goes through (the national gateway's, or a provider's with the same contract). */
export type SefinClientOf = (call: Pick<ProviderCall, 'note' | 'credentials' | 'scenario'>) => AuthorityClient;

/**
 * Emission, recovery and cancellation over Sefin Nacional's REST contract (POST /nfse, GET /dps/{id}, GET
 * /nfse/{chave}, POST /nfse/{chave}/eventos): the national system's, and a provider's that speaks it on its own
 * service, at Sefin's paths or its own (`caminhosOf`, per note). `idDpsOf` gives the DPS Id of a note's stored
 * document id.
 */
export function sefinOperations(
  deps: TransmissionDeps,
  client: SefinClientOf,
  idDpsOf: (dpsId: string) => string = (dpsId) => dpsId,
  caminhosOf: (call: Pick<ProviderCall, 'note'>) => CaminhosSefin = () => CAMINHOS_SEFIN,
): Pick<NfseProvider, 'emit' | 'recover' | 'cancel'> {
  return {
    emit: (call) => emitDps(client(call), { dpsXml: call.note.dpsXml!, caminhos: caminhosOf(call) }),
    async recover(call) {
      const sefin = client(call);
      const caminhos = caminhosOf(call);
      const found = await queryDps(sefin, { idDps: idDpsOf(call.note.dpsId), caminhos });
      if (found.kind === 'not_found') return { kind: 'not_found' };
      if (found.kind === 'unknown') {
        // 503/timeouts are an outage: try again later. Any other answer means the DPS cannot be queried.
        if (found.status === undefined || found.status === 502 || found.status === 503 || found.status === 504)
          return { kind: 'pending', resultado: 'indisponivel' };
        return { kind: 'unknown', cause: found.cause };
      }
      const nfse = found.chave ? await getNfse(sefin, { chave: found.chave, caminhos }) : null;
      if (!nfse || nfse.kind !== 'found') return { kind: 'pending', resultado: 'nota_indisponivel' };
      return { kind: 'found', nfse: { chave: nfse.chave, numero: nfse.numero, xml: nfse.nfseXml } };
    },
    async cancel(call) {
      const chave = call.note.chaveAcesso!;
      const eventXml = await signedCancellationEvent(deps, call);
      const sefin = client(call);
      const caminhos = caminhosOf(call);
      const result = await registerEvent(sefin, { chave, eventXml, caminhos });
      if (result.kind === 'registered')
        return { kind: 'cancelled', recovered: false, record: await eventRecord(result.eventoXml) };
      if (result.kind === 'rejected') {
        // E0840: an event already blocks the note — possibly ours, registered by an earlier call whose answer was lost.
        if (result.erros.some((e) => e.codigo === 'E0840')) {
          const found = await findCancellationEvent(sefin, chave, caminhos);
          if (found) return { kind: 'cancelled', recovered: true, record: await eventRecord(found) };
        }
        return { kind: 'refused', erros: result.erros };
      }
      // No answer (timeout, outage, connection lost): did the event arrive?
      const found = await findCancellationEvent(sefin, chave, caminhos);
      if (found) return { kind: 'cancelled', recovered: true, record: await eventRecord(found) };
      if (result.kind === 'transmission_failed' && result.received === 'no' && result.status)
        return { kind: 'refused', erros: result.erros as AuthorityMessage[], status: result.status };
      return { kind: 'unanswered' };
    },
  };
}

/** The company's signed cancellation event (e101101) of an authorised note. */
export async function signedCancellationEvent(
  deps: TransmissionDeps,
  call: Parameters<NfseProvider['cancel']>[0],
): Promise<string> {
  const { note, request, now } = call;
  const company = await deps.db.company.findUniqueOrThrow({ where: { id: note.companyId }, select: { cnpj: true } });
  return buildSignedCancellationXml(
    {
      tpAmb: note.environment === 'live' ? '1' : '2',
      verAplic: APP_VERSION,
      dhEvento: brasiliaDateTime(now),
      CNPJAutor: company.cnpj,
      chNFSe: note.chaveAcesso!,
      cMotivo: request.codigo_motivo,
      xMotivo: request.motivo,
    },
    call.signer,
  );
}

async function findCancellationEvent(
  client: AuthorityClient,
  chave: string,
  caminhos: CaminhosSefin,
): Promise<string | null> {
  const got = await getEvent(client, { chave, tipoEvento: EVENT_CANCELAMENTO, nSeqEvento: 1, caminhos });
  return got.kind === 'found'
    ? (got.eventos.find((e) => !e.tipoEvento || e.tipoEvento === EVENT_CANCELAMENTO)?.xml ?? null)
    : null;
}

/** The registered cancellation event as the note keeps it. */
export async function eventRecord(eventoXml: string): Promise<CancellationRecord> {
  await loadLibxml2();
  const evento = readEventXml(eventoXml);
  return {
    codigoMotivo: evento.cMotivo ?? null,
    motivo: evento.xMotivo ?? null,
    em: toIso(evento.dhProc),
    protocolo: { evento_id: evento.id, numero_dfse: evento.nDFSe, data_hora_processamento: evento.dhProc },
    xml: eventoXml,
  };
}

/** "2026-11-02T09:00:00-03:00" → ISO UTC. */
function toIso(value: string): string | null {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}
