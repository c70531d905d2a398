import { validateXsd } from '../../engine/xml/validate-xsd.js';
import { el } from '../../engine/xml/el.js';
import { brasilia } from '../../engine/nfe/build-nfe-xml.js';
import { NFE_NS } from '../../engine/xml/nfe-ns.js';
import { extractElement } from '../../engine/autoridades/soap-envelope.js';
import { motivo, tag, VER_APLIC, type SefazState } from './sefaz-state.js';

/** NfeStatusServico4: 107 "Serviço em Operação" (215 when consStatServ fails its schema). */
export function handleStatusServico(state: SefazState, message: string): string {
  const cons = extractElement(message, 'consStatServ') ?? '';
  const cStat = cons && validateXsd(cons, 'consStatServ').length === 0 ? '107' : '215';
  return (
    `<retConsStatServ xmlns="${NFE_NS}" versao="4.00">${el('tpAmb', tag(cons, 'tpAmb') ?? '2')}${el('verAplic', VER_APLIC)}` +
    `${el('cStat', cStat)}${el('xMotivo', motivo(cStat))}${el('cUF', tag(cons, 'cUF') ?? '43')}${el('dhRecbto', brasilia(state.now()))}` +
    `${el('tMed', '1')}</retConsStatServ>`
  );
}
