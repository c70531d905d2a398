import { validateXsd } from '../../engine/xml/validate-xsd.js';
import { el } from '../../engine/xml/el.js';
import { brasilia } from '../../engine/nfe/build-nfe-xml.js';
import { NFE_NS } from '../../engine/xml/nfe-ns.js';
import { extractElement } from '../../engine/autoridades/soap-envelope.js';
import { motivo, tag, VER_APLIC, type SefazState } from './sefaz-state.js';

/** NFeConsultaProtocolo4: the stored protocol (100, 110/301/302) with the registered events (101 once cancelled), 217 "não consta na base de dados", 215 schema. */
export function handleConsultaProtocolo(state: SefazState, message: string): string {
  const cons = extractElement(message, 'consSitNFe') ?? '';
  const chave = tag(cons, 'chNFe') ?? '';
  const tpAmb = tag(cons, 'tpAmb') ?? '2';
  const valid = cons !== '' && validateXsd(cons, 'consSitNFe').length === 0;
  const stored = valid ? state.notes.get(chave) : undefined;
  // A registered cancellation makes the situation 101; retConsSitNFe carries every registered event.
  const eventos = stored ? (state.events.get(chave) ?? []).map((e) => e.proc) : [];
  const cancelled = eventos.some((e) => e.includes('<tpEvento>110111</tpEvento>'));
  const cStat = !valid ? '215' : cancelled ? '101' : (stored?.cStat ?? '217');
  return (
    `<retConsSitNFe xmlns="${NFE_NS}" versao="4.00">${el('tpAmb', tpAmb)}${el('verAplic', VER_APLIC)}${el('cStat', cStat)}` +
    `${el('xMotivo', motivo(cStat))}${el('cUF', chave.slice(0, 2) || '43')}${el('dhRecbto', brasilia(state.now()))}` +
    `${/^\w{44}$/.test(chave) ? el('chNFe', chave) : ''}${stored?.protNFe ?? ''}${eventos.join('')}</retConsSitNFe>`
  );
}
