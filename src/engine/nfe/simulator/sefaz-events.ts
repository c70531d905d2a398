import { validateXsd } from '../../national/validate-xsd.js';
import { verifyXmlSignature } from '../../national/verify-xml-signature.js';
import { el } from '../../national/xml-text.js';
import { brasilia, NFE_NS } from '../build-nfe-xml.js';
import { cStatMessage } from '../cstat.js';
import { buildProcEvento, EVENT_SCHEMAS, EVENTO_CANCELAMENTO, EVENTO_CARTA_CORRECAO } from '../nfe-event-xml.js';
import { extractElement, soapEnvelope } from '../soap12.js';
import type { SefazAuthorizer } from './sefaz-authorizer.js';

const VER_APLIC = 'SIM-SEFAZ-4.00';
const HOUR = 3_600_000;
const AUTHORISED = ['100', '150'];

/** X-Service-Simular for an event call: rejeitar[:cStat] refuses it, timeout registers it and loses the answer. */
export type SefazEventScenario = 'autorizar' | 'timeout' | 'rejeitar' | `rejeitar:${string}`;

const motivo = (cStat: string) => (cStatMessage(cStat) ?? 'Rejeição: Erro não catalogado').replace(/\s*\[[^\]]*\]/g, '');
const tag = (xml: string, name: string) => new RegExp(`<${name}>([^<]*)</${name}>`).exec(xml)?.[1] ?? null;

interface Registered {
  tpEvento: string;
  nSeq: string;
  proc: string;
}

/**
 * The authority's NFeRecepcaoEvento4 for the issuer's events (cancelamento 110111, CC-e 110110) over SOAP 1.2.
 * As a SEFAZ: the batch against the event's own schema (215), each event's signature (297), Id (572), author
 * (574), date (578), the note it names (217 unknown, 580 not authorised or cancelled), the protocol (222) and the
 * 24-hour window (501) of a cancellation, a repeated event (573); otherwise 135 with a protocol, and the
 * procEventoNFe is kept so that the protocol query (NFeConsultaProtocolo4) returns it.
 */
export class SefazEvents {
  private readonly events = new Map<string, Registered[]>();
  private nextProt = 0;

  constructor(private readonly clock: { now(): Date }, private readonly authorizer: () => SefazAuthorizer) {}

  /** The procEventoNFe registered for a key, oldest first. */
  procEventos(chave: string): string[] {
    return (this.events.get(chave) ?? []).map((e) => e.proc);
  }

  /** The SOAP answer, or null when the scenario loses it (the event is registered all the same). */
  receive(soapRequest: string, scenario: SefazEventScenario = 'autorizar'): string | null {
    const env = extractElement(soapRequest, 'envEvento') ?? '';
    const idLote = tag(env, 'idLote') ?? '0';
    const tpEvento = tag(env, 'tpEvento') ?? '';
    const schema = EVENT_SCHEMAS[tpEvento as keyof typeof EVENT_SCHEMAS];
    if (!env || !schema || validateXsd(env, schema.env).length) return this.answer(idLote, tag(env, 'tpAmb') ?? '2', tag(env, 'cOrgao') ?? '91', '215', '');
    const evento = extractElement(env, 'evento')!;
    const cStat = scenario.startsWith('rejeitar') ? scenario.split(':')[1] ?? '580' : this.judge(evento);
    const now = this.clock.now();
    const nProt = cStat === '135' ? `${tag(evento, 'tpAmb')}${tag(evento, 'cOrgao')}${brasilia(now).slice(2, 4)}${String(++this.nextProt).padStart(10, '0')}` : null;
    const retEvento =
      `<retEvento versao="1.00"><infEvento>${el('tpAmb', tag(evento, 'tpAmb'))}${el('verAplic', VER_APLIC)}${el('cOrgao', tag(evento, 'cOrgao'))}` +
      `${el('cStat', cStat)}${el('xMotivo', motivo(cStat))}${el('chNFe', tag(evento, 'chNFe'))}${el('tpEvento', tpEvento)}` +
      `${el('xEvento', tpEvento === EVENTO_CANCELAMENTO ? 'Cancelamento registrado' : 'Carta de Correção registrada')}` +
      `${el('nSeqEvento', tag(evento, 'nSeqEvento'))}${el('dhRegEvento', brasilia(now))}${el('nProt', nProt)}</infEvento></retEvento>`;
    if (nProt) {
      const chave = tag(evento, 'chNFe')!;
      const list = this.events.get(chave) ?? [];
      list.push({ tpEvento, nSeq: tag(evento, 'nSeqEvento')!, proc: buildProcEvento(evento, retEvento) });
      this.events.set(chave, list);
    }
    if (scenario === 'timeout') return null;
    return this.answer(idLote, tag(evento, 'tpAmb')!, tag(evento, 'cOrgao')!, '128', retEvento);
  }

  private judge(evento: string): string {
    if (!verifyXmlSignature(evento, 'infEvento').valid) return '297';
    const chave = tag(evento, 'chNFe')!;
    const tpEvento = tag(evento, 'tpEvento')!;
    const nSeq = tag(evento, 'nSeqEvento')!;
    if (/\sId="([^"]+)"/.exec(evento)?.[1] !== `ID${tpEvento}${chave}${nSeq.padStart(2, '0')}`) return '572';
    // The author of an issuer's event is the issuer: the CNPJ inside the key (positions 7-20).
    if (tag(evento, 'CNPJ') !== chave.slice(6, 20)) return '574';
    const dhEvento = new Date(tag(evento, 'dhEvento')!).getTime();
    const now = this.clock.now().getTime();
    if (dhEvento > now + 5 * 60_000) return '578';
    const note = this.authorizer().stored(chave);
    if (!note) return '217';
    const previous = this.events.get(chave) ?? [];
    if (!AUTHORISED.includes(note.cStat) || previous.some((e) => e.tpEvento === EVENTO_CANCELAMENTO)) {
      return tpEvento === EVENTO_CANCELAMENTO && previous.some((e) => e.tpEvento === EVENTO_CANCELAMENTO) ? '573' : '580';
    }
    if (previous.some((e) => e.tpEvento === tpEvento && e.nSeq === nSeq)) return '573';
    if (tpEvento === EVENTO_CANCELAMENTO) {
      if (tag(evento, 'nProt') !== tag(note.protNFe, 'nProt')) return '222';
      const authorisedAt = new Date(tag(note.protNFe, 'dhRecbto')!).getTime();
      if (now - authorisedAt > 24 * HOUR) return '501';
    }
    if (tpEvento === EVENTO_CARTA_CORRECAO && Number(nSeq) > 20) return '594';
    return '135';
  }

  private answer(idLote: string, tpAmb: string, cOrgao: string, cStat: string, retEvento: string): string {
    return soapEnvelope('nfeResultMsg', 'NFeRecepcaoEvento4',
      `<retEnvEvento xmlns="${NFE_NS}" versao="1.00">${el('idLote', idLote)}${el('tpAmb', tpAmb)}${el('verAplic', VER_APLIC)}` +
      `${el('cOrgao', cOrgao)}${el('cStat', cStat)}${el('xMotivo', motivo(cStat))}${retEvento}</retEnvEvento>`);
  }
}
