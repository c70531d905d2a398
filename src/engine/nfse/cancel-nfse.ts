import { type AuthorityMessage } from '../autoridades/authority-message.js';
import type { Principal } from '../chaves/principal.js';
import { EngineError } from '../errors.js';
import { codigoOficial } from '../tabelas/index.js';
import { companyCredentials } from '../empresas/company-credentials.js';
import type { TransmissionDeps } from '../transmission-deps.js';
import { readBody } from '../nucleo/read-body.js';
import { cancelNfseBody } from './cancel-nfse-body.js';
import { cancellationScenario, type CancellationReason, type CancellationRequest } from './cancellation-input.js';
import { findNfse } from './find-nfse.js';
import { presentNfse, type NfseView, type NfseWithTimeline } from './present-nfse.js';
import { markNfseCancelled } from './mark-nfse-cancelled.js';
import { updateNote } from './update-note.js';
import type { CancellationRecord, NfseProvider } from './provedores/nfse-provider.js';
import { providerOfNote } from './provedores/resolve-nfse-provider.js';

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
export async function cancelNfse(
  deps: TransmissionDeps,
  principal: Principal,
  options: CancelNfseOptions,
): Promise<NfseView> {
  const body = readBody(cancelNfseBody, options.body);
  const request: CancellationRequest = { codigo_motivo: body.codigoMotivo as CancellationReason, motivo: body.motivo };
  const scenario = cancellationScenario(principal, options.simular);
  const note = await findNfse(deps, principal, { id: options.id });
  await assertCancellable(deps, note);

  const { credentials, signer } = await companyCredentials(deps, note.companyId);
  const now = deps.clock.now();
  const provider = providerOfNote(deps, note);
  // Same routing as transmission: a note issued at the simulator is cancelled there (with this call's scenario,
  // or a plain `autorizar`: the issuance scenario, e.g. `timeout`, is not replayed on its cancellation).
  const routed = scenario ?? (note.simulacao ? 'autorizar' : null);
  const result = await provider.cancel({ note, credentials, signer, scenario: routed, request, now });
  if (result.kind === 'cancelled')
    return markCancelled(deps, note, { request, requestedAt: now, record: result.record, recovered: result.recovered });
  if (result.kind === 'refused')
    return refuse(deps, provider, note, result.erros, result.status ? `HTTP ${result.status}` : undefined);
  throw new EngineError(
    'servico_indisponivel',
    `${capitalize(provider.nome)} não respondeu ao cancelamento; a nota continua autorizada.`,
    {
      correcao: result.semConsultaDeEvento
        ? 'Repita o cancelamento. Este serviço não informa os eventos já registrados: se a repetição for recusada com E0840, o primeiro pedido foi registrado e a nota está cancelada no sistema do município; confira no portal dele.'
        : 'Repita o cancelamento: o serviço consulta o evento antes de reenviar, então um registro anterior não é duplicado.',
    },
  );
}

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

async function assertCancellable(deps: TransmissionDeps, note: NfseWithTimeline): Promise<void> {
  if (note.status === 'cancelada') {
    // Refused here as the national system would refuse it (E0840: an event is already linked to the note).
    throw new EngineError(
      'cancelamento_recusado',
      'A nota já está cancelada; um evento de cancelamento já está vinculado a ela.',
      {
        codigoOficial: 'E0840',
        correcao: 'Nada a fazer: a nota já está cancelada (veja nfse.cancelamento).',
        extra: { nfse: presentNfse(note) },
      },
    );
  }
  if (note.status !== 'autorizada' || !note.chaveAcesso) {
    throw new EngineError(
      'nfse_nao_cancelavel',
      `Só uma nota autorizada pode ser cancelada (esta está ${note.status}).`,
      {
        correcao:
          note.status === 'transmitindo' || note.status === 'aguardando_confirmacao'
            ? 'Espere a nota ser autorizada e cancele depois.'
            : 'Esta nota não gerou NFS-e; não há o que cancelar.',
        extra: { nfse: presentNfse(note) },
      },
    );
  }
  const substitute = await deps.db.nfse.findFirst({
    where: { substituiId: note.id, status: { in: ['transmitindo', 'aguardando_confirmacao'] } },
    select: { id: true },
  });
  if (substitute) {
    throw new EngineError('nfse_nao_cancelavel', `Uma substituição desta nota está em andamento (${substitute.id}).`, {
      correcao: 'Aguarde o resultado da substituição: autorizada, ela cancela esta nota.',
      extra: { nfse: presentNfse(note) },
    });
  }
}

/** What the issuing system answered to a cancellation it registered (or that a query found registered). */
interface RegisteredCancellation {
  request: CancellationRequest;
  requestedAt: Date;
  record: CancellationRecord;
  recovered: boolean;
}

async function markCancelled(
  deps: TransmissionDeps,
  note: NfseWithTimeline,
  { request, requestedAt, record, recovered }: RegisteredCancellation,
): Promise<NfseView> {
  const eventoId = record.protocolo.evento_id ?? null;
  const cancelamento = {
    tipo: 'cancelamento',
    // A recovered cancellation may be one registered elsewhere (the system's portal): its own reason is the one that counts.
    codigo_motivo: record.codigoMotivo ?? request.codigo_motivo,
    motivo: record.motivo ?? request.motivo,
    solicitado_em: requestedAt.toISOString(),
    em: record.em ?? deps.clock.now().toISOString(),
    protocolo: record.protocolo,
    recuperado: recovered,
    evento_xml: record.xml,
  };
  const changed = await markNfseCancelled(deps, {
    noteId: note.id,
    cancelamento,
    steps: recovered ? [{ tipo: 'consulta_evento', detalhe: { resultado: 'encontrado', evento_id: eventoId } }] : [],
    detalhe: { codigo_motivo: cancelamento.codigo_motivo, evento_id: eventoId },
  });
  if (changed) return presentNfse(changed);
  // Another call cancelled it meanwhile (both reached the same event): answer with the stored note.
  const current = await deps.db.nfse.findUniqueOrThrow({ where: { id: note.id }, include: { timeline: true } });
  if (current.status === 'cancelada') return presentNfse(current);
  throw new EngineError('conflito', `A nota mudou para ${current.status} durante o cancelamento.`, {
    correcao: 'Consulte a nota e repita se ainda for preciso.',
  });
}

async function refuse(
  deps: TransmissionDeps,
  provider: NfseProvider,
  note: NfseWithTimeline,
  erros: AuthorityMessage[],
  fallback?: string,
): Promise<never> {
  const first = erros[0];
  const code = first?.codigo || null;
  const explained = erros.length ? provider.explain(erros) : null;
  const mensagem =
    first?.descricao ||
    (code ? (codigoOficial(code)?.mensagem ?? explained?.mensagem) : undefined) ||
    fallback ||
    `${capitalize(provider.nome)} recusou o pedido.`;
  const after = await updateNote(deps, note.id, {
    expectStatus: 'autorizada',
    timeline: [{ tipo: 'cancelamento_recusado', detalhe: { codigo_oficial: code, mensagem } }],
  });
  throw new EngineError('cancelamento_recusado', `${capitalize(provider.nome)} recusou o cancelamento: ${mensagem}`, {
    codigoOficial: code,
    correcao:
      REFUSAL_FIXES[code ?? ''] ??
      'A nota continua autorizada. Resolva o motivo de codigo_oficial e repita, ou substitua a nota.',
    extra: {
      nfse: presentNfse(after ?? note),
      // Every message of the national answer (the first one is `mensagem`).
      erros: erros.map((e) => ({
        codigo: 'rejeicao_nacional',
        campo: null,
        mensagem: e.descricao || e.codigo,
        correcao: e.complemento ?? null,
        codigo_oficial: e.codigo || null,
      })),
    },
  });
}

// Plain-language fixes for the cancellation refusals integrators meet (Anexo II).
const REFUSAL_FIXES: Record<string, string> = {
  E0822:
    'O prazo do município para cancelar terminou: peça o cancelamento extemporâneo à prefeitura, ou substitua a nota.',
  E0840:
    'Outro evento (cancelamento ou substituição) já está vinculado à nota no sistema nacional; consulte-a no emissor nacional.',
  E0812: 'O certificado que assinou o pedido não é do CNPJ da empresa; envie o certificado e-CNPJ correto.',
  E1831: 'A nota não existe no ambiente nacional consultado (foi emitida em outro ambiente ou sistema).',
};
