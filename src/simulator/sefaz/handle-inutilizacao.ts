import { validateXsd } from '../../engine/xml/validate-xsd.js';
import { verifyXmlSignature } from '../../engine/xml/verify-xml-signature.js';
import { el } from '../../engine/xml/el.js';
import { brasilia } from '../../engine/nfe/build-nfe-xml.js';
import { NFE_NS } from '../../engine/xml/nfe-ns.js';
import { extractElement } from '../../engine/autoridades/soap-envelope.js';
import { motivo, tag, VER_APLIC, type SefazState } from './sefaz-state.js';

/**
 * NFeInutilizacao4. As a SEFAZ: the inutNFe is checked against its schema (215) and its signature over infInut
 * (297); a number of the range already used by a note the authority holds is 241, one already voided 206 (a single
 * number) or 256 (a range); otherwise 102 with a protocol, and the range is kept. A resend of the request with the
 * same Id gets the same answer (the simulator's stand-in for a lost reply).
 */
export function handleInutilizacao(state: SefazState, message: string): string {
  const inut = extractElement(message, 'inutNFe') ?? '';
  const tpAmb = tag(inut, 'tpAmb') ?? '2';
  const cUF = tag(inut, 'cUF') ?? '43';
  const answer = (cStat: string, extra = '') =>
    `<retInutNFe xmlns="${NFE_NS}" versao="4.00"><infInut>${el('tpAmb', tpAmb)}${el('verAplic', VER_APLIC)}${el('cStat', cStat)}` +
    `${el('xMotivo', motivo(cStat))}${el('cUF', cUF)}${extra}${el('dhRecbto', brasilia(state.now()))}` +
    `${cStat === '102' ? el('nProt', state.protocolNumber(tpAmb, cUF)) : ''}</infInut></retInutNFe>`;
  if (!inut || validateXsd(inut, 'inutNFe').length) return answer('215');
  if (!verifyXmlSignature(inut, 'infInut').valid) return answer('297');
  const id = /Id="(ID\w+)"/.exec(inut)![1]!;
  const repeated = state.voided.find((r) => r.requestId === id);
  if (repeated) return repeated.answer;
  const [cnpj, serie] = [tag(inut, 'CNPJ')!, tag(inut, 'serie')!];
  const series = `${cUF}${cnpj}${serie.padStart(3, '0')}`;
  const ini = Number(tag(inut, 'nNFIni'));
  const fin = Number(tag(inut, 'nNFFin'));
  // Key positions 7-34: CNPJ(14) mod(2) serie(3) nNF(9).
  const used = [...state.notes.keys()].some(
    (k) =>
      k.slice(0, 2) === cUF &&
      k.slice(6, 20) === cnpj &&
      k.slice(20, 22) === '55' &&
      k.slice(22, 25) === serie.padStart(3, '0') &&
      Number(k.slice(25, 34)) >= ini &&
      Number(k.slice(25, 34)) <= fin,
  );
  if (used) return answer('241');
  if (state.voided.some((r) => r.series === series && r.ini <= fin && ini <= r.fin))
    return answer(ini === fin ? '206' : '256');
  const echo =
    el('ano', tag(inut, 'ano')) +
    el('CNPJ', cnpj) +
    el('mod', '55') +
    el('serie', serie) +
    el('nNFIni', String(ini)) +
    el('nNFFin', String(fin));
  const ok = answer('102', echo);
  // The answer's Id must differ from the request's (both are xs:ID in procInutNFe): ID + nProt.
  const withId = ok.replace('<infInut>', `<infInut Id="ID${tag(ok, 'nProt')}">`);
  state.voided.push({ series, ini, fin, requestId: id, answer: withId });
  return withId;
}
