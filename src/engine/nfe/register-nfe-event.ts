import type { Nfe, NfeEvento } from '../../generated/prisma/client.js';
import { EngineError } from '../errors.js';
import type { Tx } from '../eventos/append-events.js';
import { announceEvents } from '../eventos/events-topic.js';
import { MINUTE } from '../nucleo/clock.js';
import { newId } from '../nucleo/new-id.js';
import { loadLibxml2 } from '../xml/libxml2.js';
import type { XmlSigner } from '../xml/sign-xml.js';
import { validateXsd } from '../xml/validate-xsd.js';
import { companyCredentials } from '../empresas/company-credentials.js';
import type { TransmissionDeps } from '../transmission-deps.js';
import { brasilia } from './build-nfe-xml.js';
import {
  buildEnvEvento,
  buildProcEvento,
  buildSignedNfeEvent,
  EVENT_SCHEMAS,
  type NfeEventInput,
} from './build-signed-nfe-event.js';
import type { SefazEventScenario } from './nfe-event-scenario.js';
import type { SefazTarget } from '../autoridades/sefaz/sefaz-gateway.js';
import { extractElement, tag } from '../autoridades/soap-envelope.js';

// 135 registered and linked, 136 registered not linked, 155 cancellation accepted out of time.
const REGISTERED = new Set(['135', '136', '155']);
const DUPLICATE = '573';
/** A row still `enviando` after this was cut off by a dead process (the call's own timeout is far shorter). */
const STALE_SENDING_MS = 2 * MINUTE;

export interface RegisterNfeEventOptions {
  /** The note, found in the caller's scope. */
  note: Nfe;
  tpEvento: NfeEventInput['tpEvento'];
  /** xJust or xCorrecao. */
  texto: string;
  simular: SefazEventScenario | null;
  /** Checks the note and its registered events again under the note's row lock; returns the nSeqEvento to use. */
  admit(note: Nfe, registered: NfeEvento[]): number;
  /** The state change and its log event, committed with the event's `registrado`. */
  apply(tx: Tx, note: Nfe, evento: NfeEvento, at: Date): Promise<void>;
  refusal: 'cancelamento_recusado' | 'carta_correcao_recusada';
}

/**
 * Sends one event of an authorised NF-e to its authority's NFeRecepcaoEvento4 and
 * records it. A row `enviando`, written under the note's row lock, holds the sequence number and serialises
 * concurrent calls. A lost answer, or a duplicate (573) that an earlier lost answer may explain, is settled by
 * the protocol query, which lists the events the authority registered: an event is never registered twice
 * and never reported refused when it was in fact registered.
 */
export async function registerNfeEvent(deps: TransmissionDeps, options: RegisterNfeEventOptions): Promise<NfeEvento> {
  const { note } = options;
  // Its XML is checked against the schema before it is sent (libxml2 is loaded on first need).
  await loadLibxml2();
  const company = await deps.db.company.findUniqueOrThrow({ where: { id: note.companyId }, select: { cnpj: true } });
  const { signer, credentials } = await companyCredentials(deps, note.companyId);
  // A note issued against the simulator has its events there too (autorizar unless the call names a scenario).
  const simulacao = options.simular ?? (note.simulacao ? 'autorizar' : null);
  const target: SefazTarget = {
    environment: note.environment,
    cUF: note.chaveAcesso.slice(0, 2),
    simulacao,
    credentials,
  };
  const now = deps.clock.now();
  const { row, envEvento } = await deps.db.$transaction((tx) =>
    reserveEvent(tx, options, { cnpj: company.cnpj, signer, now }),
  );
  const ret = await sendEvent(deps, envEvento, target, options);
  return settleEvent(deps, options, { row, ret, target });
}

/** Who signs the event and when: the issuer's CNPJ, its A1 and the event's instant. */
interface EventSignature {
  cnpj: string;
  signer: XmlSigner;
  now: Date;
}

/**
 * Under the note's row lock: refuses while another event of the note is being sent, forgets one cut off by a dead
 * process, takes the sequence number from `admit`, and writes the signed, schema-checked event as `enviando`.
 */
async function reserveEvent(
  tx: Tx,
  options: RegisterNfeEventOptions,
  { cnpj, signer, now }: EventSignature,
): Promise<{ row: NfeEvento; envEvento: string }> {
  const { note, tpEvento } = options;
  await tx.$queryRaw`SELECT id FROM nfe WHERE id = ${note.id}::uuid FOR UPDATE`;
  const current = await tx.nfe.findUniqueOrThrow({ where: { id: note.id } });
  const eventos = await tx.nfeEvento.findMany({ where: { nfeId: note.id } });
  const sending = eventos.filter((e) => e.situacao === 'enviando');
  if (sending.some((e) => now.getTime() - e.createdAt.getTime() < STALE_SENDING_MS)) {
    throw new EngineError('conflito', 'Outro evento desta NF-e está sendo enviado à SEFAZ.', {
      correcao: 'Espere a resposta dele e repita se ainda for preciso.',
    });
  }
  // Cut off by a dead process, outcome unknown: if the authority registered it, its 573 on the same sequence finds it.
  if (sending.length) await tx.nfeEvento.deleteMany({ where: { id: { in: sending.map((e) => e.id) } } });
  const nSeqEvento = options.admit(
    current,
    eventos.filter((e) => e.situacao === 'registrado'),
  );
  const xml = buildSignedNfeEvent(
    {
      tpAmb: note.environment === 'live' ? '1' : '2',
      cOrgao: note.chaveAcesso.slice(0, 2),
      cnpj,
      chNFe: note.chaveAcesso,
      dhEvento: brasilia(now),
      tpEvento,
      nSeqEvento,
      nProt: current.protocolo ?? undefined,
      texto: options.texto,
    },
    signer,
  );
  const envEvento = checkedEnvEvento(xml, tpEvento, now);
  const row = await tx.nfeEvento.create({
    data: {
      id: newId(),
      nfeId: note.id,
      accountId: note.accountId,
      environment: note.environment,
      tpEvento,
      nSeqEvento,
      situacao: 'enviando',
      texto: options.texto,
      xml,
      createdAt: now,
      updatedAt: now,
    },
  });
  return { row, envEvento };
}

/** The envEvento of one signed event, checked against the authority's schema before anything is sent. */
function checkedEnvEvento(xml: string, tpEvento: RegisterNfeEventOptions['tpEvento'], now: Date): string {
  // idLote: 1–15 digits; the clock's milliseconds keep it unique enough per issuer for the authority's logs.
  const envEvento = buildEnvEvento(String(now.getTime()), xml);
  const schemaErrors = validateXsd(envEvento, EVENT_SCHEMAS[tpEvento].env);
  if (schemaErrors.length) {
    throw new EngineError('validacao', 'O evento montado não passa no schema da SEFAZ.', {
      correcao: 'Revise o texto enviado; se persistir, contate o suporte com o requisicao_id.',
      extra: {
        erros: schemaErrors.map((e) => ({
          codigo: 'schema_evento',
          campo: null,
          mensagem: e.message,
          correcao: null,
        })),
      },
    });
  }
  return envEvento;
}

/** The authority's answer to the event; null when it was lost (the protocol query settles it). */
async function sendEvent(
  deps: TransmissionDeps,
  envEvento: string,
  target: SefazTarget,
  { note, tpEvento }: RegisterNfeEventOptions,
): Promise<EventAnswer | null> {
  let answer: string | null;
  try {
    answer = await deps.sefaz.sendEvent(envEvento, target);
  } catch (err) {
    deps.logger.warn({ err, nfeId: note.id, tpEvento }, 'NF-e event answer lost; the key will be queried');
    answer = null;
  }
  return answer === null ? null : readAnswer(answer);
}

/** The row sent, the authority's answer to it (null: lost) and where to query the note. */
interface SentEvent {
  row: NfeEvento;
  ret: EventAnswer | null;
  target: SefazTarget;
}

/**
 * Registered: recorded. Lost or duplicate: the protocol query decides whether it was registered; otherwise the
 * row is dropped and the caller told nothing was registered (lost) or that the authority refused it.
 */
async function settleEvent(
  deps: TransmissionDeps,
  options: RegisterNfeEventOptions,
  { row, ret, target }: SentEvent,
): Promise<NfeEvento> {
  const { note, tpEvento } = options;
  if (ret && REGISTERED.has(ret.cStat))
    return finish(deps, options, row, buildProcEvento(row.xml, ret.retEvento!), options.texto);
  if (!ret || ret.cStat === DUPLICATE) {
    const found = await findRegistered(deps, note, row, target);
    if (found) {
      const registered = await finish(deps, options, row, found.proc, found.texto);
      if (found.texto === options.texto || tpEvento !== '110110') return registered;
      // An earlier CC-e of ours with this sequence, whose answer was lost: kept as registered; this text was not sent.
      throw new EngineError(
        'conflito',
        `A carta de correção nº ${row.nSeqEvento} de um envio anterior (cuja resposta se perdeu) estava registrada e foi recuperada; o novo texto não foi enviado.`,
        {
          correcao: 'Repita o pedido: ele irá com o número de sequência seguinte.',
        },
      );
    }
    await deps.db.nfeEvento.deleteMany({ where: { id: row.id } });
    if (!ret) {
      throw new EngineError(
        'servico_indisponivel',
        'A SEFAZ não respondeu ao evento e a consulta não o encontrou; nada foi registrado.',
        {
          correcao:
            'Repita o pedido: o serviço consulta a NF-e antes de reenviar, então um registro anterior não é duplicado.',
        },
      );
    }
  }
  await deps.db.nfeEvento.deleteMany({ where: { id: row.id } });
  throw new EngineError(options.refusal, `A SEFAZ recusou o evento (cStat ${ret.cStat}): ${ret.xMotivo}`, {
    codigoOficial: ret.cStat,
    correcao: 'A NF-e não mudou. Resolva o motivo de codigo_oficial e repita.',
  });
}

interface EventAnswer {
  cStat: string;
  xMotivo: string;
  retEvento: string | null;
}

/** retEnvEvento: 128 → the event's own cStat; any other batch status is the answer for the whole message. */
function readAnswer(soap: string): EventAnswer | null {
  const env = extractElement(soap, 'retEnvEvento');
  if (!env) return null;
  const retEvento = extractElement(env, 'retEvento');
  const head = retEvento ? env.slice(0, env.indexOf(retEvento)) : env;
  if (tag(head, 'cStat') !== '128' || !retEvento)
    return { cStat: tag(head, 'cStat') ?? '999', xMotivo: tag(head, 'xMotivo') ?? '', retEvento: null };
  return { cStat: tag(retEvento, 'cStat') ?? '999', xMotivo: tag(retEvento, 'xMotivo') ?? '', retEvento };
}

/** The procEventoNFe of this type and sequence that the protocol query lists, if the authority has it. */
async function findRegistered(
  deps: TransmissionDeps,
  note: Nfe,
  row: NfeEvento,
  target: SefazTarget,
): Promise<{ proc: string; texto: string } | null> {
  let answer: string;
  try {
    answer = await deps.sefaz.query(note.chaveAcesso, target);
  } catch (err) {
    deps.logger.warn({ err, nfeId: note.id }, 'NF-e protocol query failed while settling an event');
    return null;
  }
  for (const [proc] of answer.matchAll(/<procEventoNFe[\s>][\s\S]*?<\/procEventoNFe>/g)) {
    if (
      tag(proc, 'tpEvento') === row.tpEvento &&
      tag(proc, 'nSeqEvento') === String(row.nSeqEvento) &&
      REGISTERED.has(tag(proc, 'cStat') ?? '')
    ) {
      return { proc, texto: unescape(tag(proc, 'xJust') ?? tag(proc, 'xCorrecao') ?? row.texto) };
    }
  }
  return null;
}

async function finish(
  deps: TransmissionDeps,
  options: RegisterNfeEventOptions,
  row: NfeEvento,
  proc: string,
  texto: string,
): Promise<NfeEvento> {
  const at = deps.clock.now();
  // In the procEventoNFe the evento carries no cStat/nProt/dhRegEvento: the first of each is retEvento's.
  const dhRegEvento = tag(proc, 'dhRegEvento');
  const registered = await deps.db.$transaction(async (tx) => {
    const evento = await tx.nfeEvento.update({
      where: { id: row.id },
      data: {
        situacao: 'registrado',
        xml: proc,
        texto,
        cStat: tag(proc, 'cStat'),
        protocolo: tag(proc, 'nProt'),
        registradoEm: dhRegEvento ? new Date(dhRegEvento) : at,
        updatedAt: at,
      },
    });
    await options.apply(tx, await tx.nfe.findUniqueOrThrow({ where: { id: row.nfeId } }), evento, at);
    return evento;
  });
  await announceEvents(deps, options.note.accountId, options.note.environment);
  return registered;
}

const unescape = (text: string) => text.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
