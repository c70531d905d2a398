import { setTimeout as sleep } from 'node:timers/promises';
import type { DeliveryFailure, EmissionResult } from '../../autoridades/emission-result.js';
import type { LayoutNacionalGateway } from '../../autoridades/layout-nacional/layout-nacional-gateway.js';
import { postSoap11 } from '../../autoridades/layout-nacional/post-soap11.js';
import { readNfseKey, readNfseNumber } from '../../autoridades/nfse-nacional/read-errors.js';
import type { TransmissionDeps } from '../../transmission-deps.js';
import type { NfseProvider, ProviderCall, ProviderRecovery } from '../provedores/nfse-provider.js';
import { eventRecord, signedCancellationEvent } from '../provedores/sefin-operations.js';
import { clientOfNote, idDpsOfNote, perfilOfNote } from './layout-nacional-note.js';
import type { SoapDps } from './perfil-layout-nacional.js';
import {
  soapDpsConsulta,
  readSoapDpsAnswer,
  soapDpsEnvelope,
  soapInline,
  type SoapDpsAnswer,
} from './soap-dps-message.js';

type Operacao = 'emitir' | 'consultar' | 'cancelar';
type Answered = { kind: 'answer'; answer: SoapDpsAnswer } | DeliveryFailure;

/** E0840: an event already blocks the note (possibly ours, registered by a call whose answer was lost). */
const EVENTO_JA_REGISTRADO = 'E0840';

function soapOf(call: Pick<ProviderCall, 'note'>): SoapDps {
  const perfil = perfilOfNote(call.note);
  if (!perfil.soap) throw new Error(`Perfil ${perfil.nome} sem transporte SOAP`);
  return perfil.soap;
}

/** One operation of the note's provider; an HTTP answer other than 200 is an outage or a refusal at the door. */
async function callSoap(
  gateway: LayoutNacionalGateway,
  call: ProviderCall,
  operacao: Operacao,
  conteudo: string,
): Promise<Answered> {
  const soap = soapOf(call);
  const res = await postSoap11(
    clientOfNote(gateway, call),
    soap[operacao].acao,
    soapDpsEnvelope(soap, soap[operacao], conteudo),
  );
  if (res.kind !== 'http') return res;
  if (res.status === 200) return { kind: 'answer', answer: readSoapDpsAnswer(res.text) };
  // 500 (a SOAP fault, or the application failing mid-way) and 504 may follow processing; 502/503 do not.
  if (res.status >= 500)
    return {
      kind: 'unavailable',
      status: res.status,
      received: res.status === 502 || res.status === 503 ? 'no' : 'unknown',
      cause: `HTTP ${res.status}`,
    };
  return {
    kind: 'transmission_failed',
    status: res.status,
    received: 'no',
    cause: `HTTP ${res.status}`,
    erros: readSoapDpsAnswer(res.text).erros,
  };
}

function authorized(nfseXml: string): EmissionResult {
  return {
    kind: 'authorized',
    chave: readNfseKey(nfseXml) ?? '',
    numero: readNfseNumber(nfseXml) ?? '',
    nfseXml,
    alertas: [],
  };
}

const consultar = (gateway: LayoutNacionalGateway, call: ProviderCall, protocolo: string | null) =>
  callSoap(gateway, call, 'consultar', soapDpsConsulta(soapOf(call), idDpsOfNote(call.note), protocolo));

/**
 * An asynchronous reception's outcome: the query polled as the profile says. Still nothing after the last one: the
 * DPS was received but the outcome is not known, so the engine asks again (recover) before anything is resent.
 */
async function awaitOutcome(gateway: LayoutNacionalGateway, call: ProviderCall, protocolo: string) {
  const soap = soapOf(call);
  const { consultas, intervaloMs } = soap.assincrono!;
  for (let i = 0; i < consultas; i++) {
    if (i > 0) await sleep(intervaloMs);
    const q = await consultar(gateway, call, protocolo);
    if (q.kind !== 'answer') continue;
    if (q.answer.nfse) return authorized(q.answer.nfse);
    const erros = q.answer.erros.filter((e) => e.codigo !== soap.codigoDpsNaoEncontrada);
    if (erros.length) return { kind: 'rejected' as const, status: 200, erros };
  }
  return {
    kind: 'transmission_failed' as const,
    received: 'unknown' as const,
    cause: `DPS recebida (protocolo ${protocolo}) sem resultado após ${consultas} consultas`,
    erros: [],
  };
}

/**
 * Emission, recovery and cancellation over a provider's SOAP service that takes the national documents inline:
 * the signed DPS in the reception wrapper (with the query polled after an asynchronous reception), the query by
 * DPS Id before any resend, the signed pedRegEvento for cancellation.
 */
export function soapDpsOperations(
  deps: TransmissionDeps,
  gateway: LayoutNacionalGateway,
): Pick<NfseProvider, 'emit' | 'recover' | 'cancel'> {
  return {
    async emit(call) {
      const r = await callSoap(gateway, call, 'emitir', soapInline(call.note.dpsXml!));
      if (r.kind !== 'answer') return r;
      const { nfse, erros, protocolo } = r.answer;
      if (nfse) return authorized(nfse);
      if (erros.length) return { kind: 'rejected', status: 200, erros };
      if (protocolo && soapOf(call).assincrono) return awaitOutcome(gateway, call, protocolo);
      return {
        kind: 'transmission_failed',
        received: 'unknown',
        cause: 'resposta sem NFS-e, protocolo nem erro',
        erros: [],
      };
    },
    async recover(call): Promise<ProviderRecovery> {
      const q = await consultar(gateway, call, null);
      if (q.kind !== 'answer') {
        // Refused before reaching the service (certificate, wrong URL): it cannot be asked; anything else is an outage.
        const refused = q.kind === 'transmission_failed' && q.received === 'no';
        return refused ? { kind: 'unknown', cause: q.cause } : { kind: 'pending', resultado: 'indisponivel' };
      }
      const { nfse, erros } = q.answer;
      if (nfse) {
        const a = authorized(nfse) as Extract<EmissionResult, { kind: 'authorized' }>;
        return { kind: 'found', nfse: { chave: a.chave, numero: a.numero, xml: nfse } };
      }
      if (erros.some((e) => e.codigo === soapOf(call).codigoDpsNaoEncontrada)) return { kind: 'not_found' };
      return {
        kind: 'unknown',
        cause: erros.map((e) => `${e.codigo} ${e.descricao}`).join('; ') || 'resposta sem NFS-e nem mensagem',
      };
    },
    async cancel(call) {
      const eventXml = await signedCancellationEvent(deps, call);
      const r = await callSoap(gateway, call, 'cancelar', soapInline(eventXml));
      if (r.kind === 'answer' && r.answer.evento)
        return { kind: 'cancelled', recovered: false, record: await eventRecord(r.answer.evento) };
      if (r.kind === 'answer' && !r.answer.erros.some((e) => e.codigo === EVENTO_JA_REGISTRADO))
        return { kind: 'refused', erros: r.answer.erros };
      // Already blocked, or no answer: the note's query shows the cancellation event if it was registered.
      const q = await consultar(gateway, call, null);
      if (q.kind === 'answer' && q.answer.evento)
        return { kind: 'cancelled', recovered: true, record: await eventRecord(q.answer.evento) };
      if (r.kind === 'answer') return { kind: 'refused', erros: r.answer.erros };
      if (r.kind === 'transmission_failed' && r.received === 'no' && r.status)
        return { kind: 'refused', erros: r.erros, status: r.status };
      return { kind: 'unanswered' };
    },
  };
}
