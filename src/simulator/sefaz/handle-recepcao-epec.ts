import { validateXsd } from '../../engine/xml/validate-xsd.js';
import { verifyXmlSignature } from '../../engine/xml/verify-xml-signature.js';
import { el } from '../../engine/xml/el.js';
import { brasilia } from '../../engine/nfe/build-nfe-xml.js';
import { NFE_NS } from '../../engine/xml/nfe-ns.js';
import { extractElement } from '../../engine/autoridades/soap-envelope.js';
import { motivo, tag, VER_APLIC, type SefazState } from './sefaz-state.js';

/** The national environment (AN) as event receiver: cOrgao 91. */
const AN = '91';

/**
 * RecepcaoEPEC of the national environment: envEvento of envEPEC_v1.00.xsd (215 otherwise), each event signed
 * (297), its Id "ID110140" + chNFe + nSeqEvento (572), one EPEC per numbered note (485). Registered: 136
 * "registrado, mas não vinculado a NF-e" (the note itself does not exist yet) with a protocol, remembered so the
 * UF later accepts the tpEmis 4 note.
 */
export function handleRecepcaoEpec(state: SefazState, message: string): string {
  const envEvento = extractElement(message, 'envEvento') ?? '';
  const idLote = tag(envEvento, 'idLote') ?? '0';
  const tpAmb = tag(envEvento, 'tpAmb') ?? '2';
  const lote = (cStat: string, retEventos = '') =>
    `<retEnvEvento xmlns="${NFE_NS}" versao="1.00">${el('idLote', idLote)}${el('tpAmb', tpAmb)}${el('verAplic', VER_APLIC)}` +
    `${el('cOrgao', AN)}${el('cStat', cStat)}${el('xMotivo', motivo(cStat))}${retEventos}</retEnvEvento>`;
  if (!envEvento || validateXsd(envEvento, 'envEPEC').length) return lote('215');
  const eventos = [...envEvento.matchAll(/<evento[\s>][\s\S]*?<\/evento>/g)].map((m) => m[0]);
  return lote('128', eventos.map((e) => register(state, e, tpAmb)).join(''));
}

function register(state: SefazState, evento: string, tpAmb: string): string {
  const chNFe = tag(evento, 'chNFe') ?? '';
  const nSeq = tag(evento, 'nSeqEvento') ?? '1';
  const cStat = judge(state, evento, chNFe, nSeq);
  const nProt = cStat === '136' ? state.protocolNumber(tpAmb, AN) : undefined;
  if (nProt) state.epecs.set(chNFe, nProt);
  return (
    `<retEvento versao="1.00"><infEvento>${el('tpAmb', tpAmb)}${el('verAplic', VER_APLIC)}${el('cOrgao', AN)}${el('cStat', cStat)}` +
    `${el('xMotivo', motivo(cStat))}${el('chNFe', chNFe)}${el('tpEvento', '110140')}${el('xEvento', 'Emissao Previa em Contingencia')}${el('nSeqEvento', nSeq)}` +
    `${el('cOrgaoAutor', tag(evento, 'cOrgaoAutor') ?? chNFe.slice(0, 2))}${el('dhRegEvento', brasilia(state.now()))}${el('nProt', nProt)}` +
    '</infEvento></retEvento>'
  );
}

function judge(state: SefazState, evento: string, chNFe: string, nSeq: string): string {
  // Checked inside a batch of its own, so the namespace context is the one the sender signed in.
  if (
    !verifyXmlSignature(
      `<envEvento xmlns="${NFE_NS}" versao="1.00"><idLote>0</idLote>${evento}</envEvento>`,
      'infEvento',
    ).valid
  )
    return '297';
  if (/<infEvento[^>]*\sId="([^"]+)"/.exec(evento)?.[1] !== `ID110140${chNFe}${nSeq.padStart(2, '0')}`) return '572';
  const numbered = chNFe.slice(0, 34);
  if ([...state.epecs.keys()].some((k) => k.slice(0, 34) === numbered)) return '485';
  return '136';
}
