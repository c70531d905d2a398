import { validateXsd } from '../../engine/xml/validate-xsd.js';
import { verifyXmlSignature } from '../../engine/xml/verify-xml-signature.js';
import { el } from '../../engine/xml/el.js';
import { brasilia } from '../../engine/nfe/build-nfe-xml.js';
import { NFE_NS } from '../../engine/xml/nfe-ns.js';
import {
  buildProcEvento,
  EVENT_SCHEMAS,
  EVENTO_CANCELAMENTO,
  EVENTO_CARTA_CORRECAO,
} from '../../engine/nfe/build-signed-nfe-event.js';
import { extractElement } from '../../engine/autoridades/soap-envelope.js';
import type { SefazScenario } from '../../engine/nfe/sefaz-scenario.js';
import { motivo, tag, VER_APLIC, type SefazState } from './sefaz-state.js';

const HOUR = 3_600_000;
const AUTHORISED = ['100', '150'];

/**
 * The UF authoriser's NFeRecepcaoEvento4 for the issuer's events (cancelamento 110111, CC-e 110110). As a SEFAZ:
 * the batch against the event's own schema (215), each event's signature (297), Id (572), author (574), date (578),
 * the note it names (217 unknown, 580 not authorised or cancelled), the protocol (222) and the 24-hour window (501)
 * of a cancellation, a repeated event (573); otherwise 135 with a protocol, and the procEventoNFe is kept so that
 * the protocol query returns it. rejeitar[:cStat] refuses the event; timeout registers it and loses the answer.
 */
export function handleRecepcaoEvento(state: SefazState, message: string, scenario: SefazScenario): string | null {
  const env = extractElement(message, 'envEvento') ?? '';
  const idLote = tag(env, 'idLote') ?? '0';
  const tpEvento = tag(env, 'tpEvento') ?? '';
  const schema = EVENT_SCHEMAS[tpEvento as keyof typeof EVENT_SCHEMAS];
  if (!env || !schema || validateXsd(env, schema.env).length)
    return answer(idLote, tag(env, 'tpAmb') ?? '2', tag(env, 'cOrgao') ?? '91', '215', '');
  const evento = extractElement(env, 'evento')!;
  const cStat = scenario.startsWith('rejeitar') ? (scenario.split(':')[1] ?? '580') : judge(state, evento);
  const now = state.now();
  const nProt =
    cStat === '135' ? state.protocolNumber(tag(evento, 'tpAmb') ?? '2', tag(evento, 'cOrgao') ?? '91') : null;
  const retEvento =
    `<retEvento versao="1.00"><infEvento>${el('tpAmb', tag(evento, 'tpAmb'))}${el('verAplic', VER_APLIC)}${el('cOrgao', tag(evento, 'cOrgao'))}` +
    `${el('cStat', cStat)}${el('xMotivo', motivo(cStat))}${el('chNFe', tag(evento, 'chNFe'))}${el('tpEvento', tpEvento)}` +
    `${el('xEvento', tpEvento === EVENTO_CANCELAMENTO ? 'Cancelamento registrado' : 'Carta de Correção registrada')}` +
    `${el('nSeqEvento', tag(evento, 'nSeqEvento'))}${el('dhRegEvento', brasilia(now))}${el('nProt', nProt)}</infEvento></retEvento>`;
  if (nProt) {
    const chave = tag(evento, 'chNFe')!;
    const list = state.events.get(chave) ?? [];
    list.push({ tpEvento, nSeq: tag(evento, 'nSeqEvento')!, proc: buildProcEvento(evento, retEvento) });
    state.events.set(chave, list);
  }
  if (scenario === 'timeout') return null;
  return answer(idLote, tag(evento, 'tpAmb')!, tag(evento, 'cOrgao')!, '128', retEvento);
}

function judge(state: SefazState, evento: string): string {
  if (!verifyXmlSignature(evento, 'infEvento').valid) return '297';
  const chave = tag(evento, 'chNFe')!;
  const tpEvento = tag(evento, 'tpEvento')!;
  const nSeq = tag(evento, 'nSeqEvento')!;
  if (/\sId="([^"]+)"/.exec(evento)?.[1] !== `ID${tpEvento}${chave}${nSeq.padStart(2, '0')}`) return '572';
  // The author of an issuer's event is the issuer: the CNPJ inside the key (positions 7-20).
  if (tag(evento, 'CNPJ') !== chave.slice(6, 20)) return '574';
  const dhEvento = new Date(tag(evento, 'dhEvento')!).getTime();
  const now = state.now().getTime();
  if (dhEvento > now + 5 * 60_000) return '578';
  const note = state.notes.get(chave);
  if (!note) return '217';
  const previous = state.events.get(chave) ?? [];
  const cancelled = previous.some((e) => e.tpEvento === EVENTO_CANCELAMENTO);
  if (!AUTHORISED.includes(note.cStat) || cancelled)
    return tpEvento === EVENTO_CANCELAMENTO && cancelled ? '573' : '580';
  if (previous.some((e) => e.tpEvento === tpEvento && e.nSeq === nSeq)) return '573';
  if (tpEvento === EVENTO_CANCELAMENTO) {
    if (tag(evento, 'nProt') !== tag(note.protNFe, 'nProt')) return '222';
    const authorisedAt = new Date(tag(note.protNFe, 'dhRecbto')!).getTime();
    if (now - authorisedAt > 24 * HOUR) return '501';
  }
  if (tpEvento === EVENTO_CARTA_CORRECAO && Number(nSeq) > 20) return '594';
  return '135';
}

function answer(idLote: string, tpAmb: string, cOrgao: string, cStat: string, retEvento: string): string {
  return (
    `<retEnvEvento xmlns="${NFE_NS}" versao="1.00">${el('idLote', idLote)}${el('tpAmb', tpAmb)}${el('verAplic', VER_APLIC)}` +
    `${el('cOrgao', cOrgao)}${el('cStat', cStat)}${el('xMotivo', motivo(cStat))}${retEvento}</retEnvEvento>`
  );
}
