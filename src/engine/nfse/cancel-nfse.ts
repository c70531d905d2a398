import type { Principal } from '../chaves/principal.js';
import { EngineError } from '../errors.js';
import { buildSignedCancellationXml, EVENT_CANCELAMENTO } from './nacional/build-event-xml.js';
import { getEvent, registerEvent, type NationalClient } from '../transmissao/national-client.js';
import type { NationalMessage } from '../transmissao/national-message.js';
import { loadLibxml2 } from '../xml/libxml2.js';
import { readEventXml } from './nacional/read-event-xml.js';
import { codigoOficial } from '../tabelas/index.js';
import { companyCredentials } from '../transmissao/company-credentials.js';
import type { TransmissionDeps } from '../transmissao/transmission-deps.js';
import { simulatorScenario } from './simulator-scenario.js';
import { APP_VERSION, brasiliaDateTime } from './build-dps-input.js';
import { readBody } from '../nucleo/read-body.js';
import { cancelNfseBody } from './cancel-nfse-body.js';
import { cancellationScenario, type CancellationReason, type CancellationRequest } from './cancellation-input.js';
import { findNfse } from './find-nfse.js';
import { presentNfse, type NfseView, type NfseWithTimeline } from './present-nfse.js';
import { updateNote } from './update-note.js';

export interface CancelNfseOptions {
  id: string;
  /** `{codigo_motivo, motivo}` as the caller sent it. */
  body: unknown;
  /** X-Service-Simular for this call (test keys only): how the simulated national side answers the event. */
  simular?: string | null;
}

/**
 * `POST /v1/nfse/{id}/cancelamento`: registers the cancellation event (e101101, signed with the company's A1) at
 * the national system where the note was issued, then makes the note `cancelada` with its protocol, timeline
 * step and NFSE_CANCELADA in one transaction. A refusal is 422 `cancelamento_recusado` (note stays
 * `autorizada`). When the answer is lost, the event is queried before anything else: a repeated call after a
 * timeout finds the event registered by the first one (E0840 → query) instead of reporting a refusal.
 */
export async function cancelNfse(deps: TransmissionDeps, principal: Principal, options: CancelNfseOptions): Promise<NfseView> {
  const body = readBody(cancelNfseBody, options.body);
  const request: CancellationRequest = { codigo_motivo: body.codigoMotivo as CancellationReason, motivo: body.motivo };
  const scenario = cancellationScenario(principal, options.simular);
  const note = await findNfse(deps, principal, { id: options.id });
  await assertCancellable(deps, note);

  const { credentials, signer } = await companyCredentials(deps, note.companyId);
  const company = await deps.db.company.findUniqueOrThrow({ where: { id: note.companyId }, select: { cnpj: true } });
  const now = deps.clock.now();
  const chave = note.chaveAcesso!;
  const eventXml = buildSignedCancellationXml(
    { tpAmb: note.environment === 'live' ? '1' : '2', verAplic: APP_VERSION, dhEvento: brasiliaDateTime(now), CNPJAutor: company.cnpj, chNFSe: chave, cMotivo: request.codigo_motivo, xMotivo: request.motivo },
    signer,
  );
  // Same routing as transmission: a note issued at the simulator is cancelled there (with this call's scenario,
  // or a plain `autorizar`: the issuance scenario, e.g. `timeout`, is not replayed on its cancellation).
  const routed = scenario ?? (note.simulacao ? 'autorizar' : null);
  const client = deps.national.client(note.environment as 'test', simulatorScenario(routed), credentials);
  const result = await registerEvent(client, { chave, eventXml });

  if (result.kind === 'registered') return markCancelled(deps, note, request, now, result.eventoXml, false);
  if (result.kind === 'rejected') {
    // E0840: an event already blocks the note — possibly ours, registered by an earlier call whose answer was lost.
    if (result.erros.some((e) => e.codigo === 'E0840')) {
      const found = await findCancellationEvent(client, chave);
      if (found) return markCancelled(deps, note, request, now, found, true);
    }
    return refuse(deps, note, result.erros);
  }
  // No answer (timeout, outage, connection lost): did the event arrive?
  const found = await findCancellationEvent(client, chave);
  if (found) return markCancelled(deps, note, request, now, found, true);
  if (result.kind === 'transmission_failed' && result.received === 'no' && result.status) return refuse(deps, note, result.erros, `HTTP ${result.status}`);
  throw new EngineError('servico_indisponivel', 'O sistema nacional não respondeu ao cancelamento; a nota continua autorizada.', {
    correcao: 'Repita o cancelamento: o serviço consulta o evento antes de reenviar, então um registro anterior não é duplicado.',
  });
}

async function assertCancellable(deps: TransmissionDeps, note: NfseWithTimeline): Promise<void> {
  if (note.status === 'cancelada') {
    // Refused here as the national system would refuse it (E0840: an event is already linked to the note).
    throw new EngineError('cancelamento_recusado', 'A nota já está cancelada; um evento de cancelamento já está vinculado a ela.', {
      codigoOficial: 'E0840',
      correcao: 'Nada a fazer: a nota já está cancelada (veja nfse.cancelamento).',
      extra: { nfse: presentNfse(note) },
    });
  }
  if (note.status !== 'autorizada' || !note.chaveAcesso) {
    throw new EngineError('nfse_nao_cancelavel', `Só uma nota autorizada pode ser cancelada (esta está ${note.status}).`, {
      correcao: note.status === 'transmitindo' || note.status === 'aguardando_confirmacao' ? 'Espere a nota ser autorizada e cancele depois.' : 'Esta nota não gerou NFS-e; não há o que cancelar.',
      extra: { nfse: presentNfse(note) },
    });
  }
  const substitute = await deps.db.nfse.findFirst({ where: { substituiId: note.id, status: { in: ['transmitindo', 'aguardando_confirmacao'] } }, select: { id: true } });
  if (substitute) {
    throw new EngineError('nfse_nao_cancelavel', `Uma substituição desta nota está em andamento (${substitute.id}).`, {
      correcao: 'Aguarde o resultado da substituição: autorizada, ela cancela esta nota.',
      extra: { nfse: presentNfse(note) },
    });
  }
}

async function findCancellationEvent(client: NationalClient, chave: string): Promise<string | null> {
  const got = await getEvent(client, { chave, tipoEvento: EVENT_CANCELAMENTO, nSeqEvento: 1 });
  return got.kind === 'found' ? (got.eventos.find((e) => !e.tipoEvento || e.tipoEvento === EVENT_CANCELAMENTO)?.xml ?? null) : null;
}

async function markCancelled(deps: TransmissionDeps, note: NfseWithTimeline, request: CancellationRequest, requestedAt: Date, eventoXml: string, recovered: boolean): Promise<NfseView> {
  await loadLibxml2();
  const evento = readEventXml(eventoXml);
  const cancelamento = {
    tipo: 'cancelamento',
    // A recovered event may be one registered elsewhere (the national portal): its own reason is the one that counts.
    codigo_motivo: evento.cMotivo ?? request.codigo_motivo,
    motivo: evento.xMotivo ?? request.motivo,
    solicitado_em: requestedAt.toISOString(),
    em: toIso(evento.dhProc) ?? deps.clock.now().toISOString(),
    protocolo: { evento_id: evento.id, numero_dfse: evento.nDFSe, data_hora_processamento: evento.dhProc },
    recuperado: recovered,
    evento_xml: eventoXml,
  };
  const changed = await updateNote(deps, note.id, {
    expectStatus: 'autorizada',
    data: { status: 'cancelada', cancelamento },
    timeline: [
      ...(recovered ? [{ tipo: 'consulta_evento', detalhe: { resultado: 'encontrado', evento_id: evento.id } }] : []),
      { tipo: 'cancelada', detalhe: { codigo_motivo: cancelamento.codigo_motivo, evento_id: evento.id } },
    ],
    event: 'NFSE_CANCELADA',
  });
  if (changed) return presentNfse(changed);
  // Another call cancelled it meanwhile (both reached the same national event): answer with the stored note.
  const current = await deps.db.nfse.findUniqueOrThrow({ where: { id: note.id }, include: { timeline: true } });
  if (current.status === 'cancelada') return presentNfse(current);
  throw new EngineError('conflito', `A nota mudou para ${current.status} durante o cancelamento.`, { correcao: 'Consulte a nota e repita se ainda for preciso.' });
}

async function refuse(deps: TransmissionDeps, note: NfseWithTimeline, erros: NationalMessage[], fallback?: string): Promise<never> {
  const first = erros[0];
  const code = first?.codigo || null;
  const mensagem = first?.descricao || (code ? codigoOficial(code)?.mensagem : undefined) || fallback || 'Recusado pelo sistema nacional.';
  const after = await updateNote(deps, note.id, {
    expectStatus: 'autorizada',
    timeline: [{ tipo: 'cancelamento_recusado', detalhe: { codigo_oficial: code, mensagem } }],
  });
  throw new EngineError('cancelamento_recusado', `O sistema nacional recusou o cancelamento: ${mensagem}`, {
    codigoOficial: code,
    correcao: REFUSAL_FIXES[code ?? ''] ?? 'A nota continua autorizada. Resolva o motivo de codigo_oficial e repita, ou substitua a nota.',
    extra: {
      nfse: presentNfse(after ?? note),
      // Every message of the national answer (the first one is `mensagem`).
      erros: erros.map((e) => ({ codigo: 'rejeicao_nacional', campo: null, mensagem: e.descricao || e.codigo, correcao: e.complemento ?? null, codigo_oficial: e.codigo || null })),
    },
  });
}

// Plain-language fixes for the cancellation refusals integrators meet (Anexo II).
const REFUSAL_FIXES: Record<string, string> = {
  E0822: 'O prazo do município para cancelar terminou: peça o cancelamento extemporâneo à prefeitura, ou substitua a nota.',
  E0840: 'Outro evento (cancelamento ou substituição) já está vinculado à nota no sistema nacional; consulte-a no emissor nacional.',
  E0812: 'O certificado que assinou o pedido não é do CNPJ da empresa; envie o certificado e-CNPJ correto.',
  E1831: 'A nota não existe no ambiente nacional consultado (foi emitida em outro ambiente ou sistema).',
};

/** "2026-11-02T09:00:00-03:00" → ISO UTC. */
function toIso(value: string): string | null {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}
