import { type AuthorityClient } from '../../autoridades/authority-client.js';
import { type AuthorityMessage } from '../../autoridades/authority-message.js';
import { emitDps, getEvent, getNfse, queryDps, registerEvent } from '../../autoridades/nfse-nacional/emit-dps.js';
import type { TransmissionDeps } from '../../transmission-deps.js';
import { loadLibxml2 } from '../../xml/libxml2.js';
import { signXml } from '../../xml/sign-xml.js';
import { APP_VERSION, brasiliaDateTime } from '../build-dps-input.js';
import { buildDpsId, buildDpsXml } from '../nacional/build-dps-xml.js';
import { buildSignedCancellationXml, EVENT_CANCELAMENTO } from '../nacional/build-event-xml.js';
import { readEventXml } from '../nacional/read-event-xml.js';
import { simulatorScenario } from '../simulator-scenario.js';
import { correctRejectedNote } from '../transmissao/correct-rejected-note.js';
import { explainRejection } from '../transmissao/explain-rejection.js';
import type { CancellationRecord, NfseProvider, ProviderCall } from './nfse-provider.js';
import { SISTEMA_NACIONAL } from './sistema-nacional.js';

/**
 * The national system (Sefin Nacional / ADN): every municipality without an own system of its own provider. Its
 * gateway (deps.national) routes a note with a simulated scenario to the in-process simulator.
 */
export function nationalProvider(deps: TransmissionDeps): NfseProvider {
  const client = (call: Pick<ProviderCall, 'note' | 'credentials' | 'scenario'>): AuthorityClient =>
    deps.national.client(call.note.environment as 'test', simulatorScenario(call.scenario), call.credentials);
  return {
    ...SISTEMA_NACIONAL,
    checkIssuance: () => [],
    buildDocument: ({ company, dps, signer }) => ({
      id: buildDpsId({ cLocEmi: dps.cLocEmi, CNPJ: company.cnpj, serie: dps.serie, nDPS: dps.nDPS }),
      xml: signXml(buildDpsXml(dps), signer, { element: 'infDPS' }),
      dados: null,
    }),
    emit: (call) => emitDps(client(call), { dpsXml: call.note.dpsXml! }),
    async recover(call) {
      const national = client(call);
      const found = await queryDps(national, { idDps: call.note.dpsId });
      if (found.kind === 'not_found') return { kind: 'not_found' };
      if (found.kind === 'unknown') {
        // 503/timeouts are an outage: try again later. Any other answer means the DPS cannot be queried.
        if (found.status === undefined || found.status === 502 || found.status === 503 || found.status === 504)
          return { kind: 'pending', resultado: 'indisponivel' };
        return { kind: 'unknown', cause: found.cause };
      }
      const nfse = found.chave ? await getNfse(national, { chave: found.chave }) : null;
      if (!nfse || nfse.kind !== 'found') return { kind: 'pending', resultado: 'nota_indisponivel' };
      return { kind: 'found', nfse: { chave: nfse.chave, numero: nfse.numero, xml: nfse.nfseXml } };
    },
    explain: explainRejection,
    // E0014: this DPS already produced a note.
    alreadyIssued: (erros) => erros.some((e) => e.codigo === 'E0014'),
    correct: (note, erros, step, codigo) => correctRejectedNote(deps, note, erros, step, codigo),
    async cancel(call) {
      const { note, request, now } = call;
      const company = await deps.db.company.findUniqueOrThrow({
        where: { id: note.companyId },
        select: { cnpj: true },
      });
      const chave = note.chaveAcesso!;
      const eventXml = buildSignedCancellationXml(
        {
          tpAmb: note.environment === 'live' ? '1' : '2',
          verAplic: APP_VERSION,
          dhEvento: brasiliaDateTime(now),
          CNPJAutor: company.cnpj,
          chNFSe: chave,
          cMotivo: request.codigo_motivo,
          xMotivo: request.motivo,
        },
        call.signer,
      );
      const national = client(call);
      const result = await registerEvent(national, { chave, eventXml });
      if (result.kind === 'registered')
        return { kind: 'cancelled', recovered: false, record: await eventRecord(result.eventoXml) };
      if (result.kind === 'rejected') {
        // E0840: an event already blocks the note — possibly ours, registered by an earlier call whose answer was lost.
        if (result.erros.some((e) => e.codigo === 'E0840')) {
          const found = await findCancellationEvent(national, chave);
          if (found) return { kind: 'cancelled', recovered: true, record: await eventRecord(found) };
        }
        return { kind: 'refused', erros: result.erros };
      }
      // No answer (timeout, outage, connection lost): did the event arrive?
      const found = await findCancellationEvent(national, chave);
      if (found) return { kind: 'cancelled', recovered: true, record: await eventRecord(found) };
      if (result.kind === 'transmission_failed' && result.received === 'no' && result.status)
        return { kind: 'refused', erros: result.erros as AuthorityMessage[], status: result.status };
      return { kind: 'unanswered' };
    },
  };
}

async function findCancellationEvent(client: AuthorityClient, chave: string): Promise<string | null> {
  const got = await getEvent(client, { chave, tipoEvento: EVENT_CANCELAMENTO, nSeqEvento: 1 });
  return got.kind === 'found'
    ? (got.eventos.find((e) => !e.tipoEvento || e.tipoEvento === EVENT_CANCELAMENTO)?.xml ?? null)
    : null;
}

async function eventRecord(eventoXml: string): Promise<CancellationRecord> {
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
