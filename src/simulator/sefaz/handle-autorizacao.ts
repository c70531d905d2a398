import { validateXsd } from '../../engine/xml/validate-xsd.js';
import { verifyXmlSignature } from '../../engine/xml/verify-xml-signature.js';
import { el } from '../../engine/xml/el.js';
import { brasilia } from '../../engine/nfe/build-nfe-xml.js';
import { NFE_NS } from '../../engine/xml/nfe-ns.js';
import { extractElement } from '../../engine/autoridades/soap-envelope.js';
import type { SefazScenario } from '../../engine/nfe/sefaz-scenario.js';
import { rejeicaoCbenef } from './rejeicao-cbenef.js';
import { motivo, tag, VER_APLIC, type SefazState } from './sefaz-state.js';
import { rejeicaoIbsCbs } from './rejeicao-ibs-cbs.js';

/**
 * NFeAutorizacao4, synchronous (indSinc 1). Checked as a SEFAZ does: the batch against enviNFe_v4.00.xsd (225),
 * the NFe's signature (297), a tpEmis 4 note without its EPEC (468), a number voided by inutilização (206), an
 * item's cBenef against the issuer's UF's rules (930, 928, 946, 931: rejeicaoCbenef), the IBS/CBS groups its items'
 * CST and cClassTrib forbid or require (NT 2025.002, rejeicaoIbsCbs); a note already there is a duplicate (204).
 * null: the timeout scenario, which stores the note and loses the answer.
 */
export function handleAutorizacao(state: SefazState, message: string, scenario: SefazScenario): string | null {
  const enviNFe = extractElement(message, 'enviNFe');
  const tpAmb = tag(enviNFe ?? '', 'tpAmb') ?? '2';
  const retEnviNFe = (cStat: string, cUF: string, protNFe = '') =>
    `<retEnviNFe xmlns="${NFE_NS}" versao="4.00">${el('tpAmb', tpAmb)}${el('verAplic', VER_APLIC)}${el('cStat', cStat)}` +
    `${el('xMotivo', motivo(cStat))}${el('cUF', cUF)}${el('dhRecbto', brasilia(state.now()))}${protNFe}</retEnviNFe>`;
  if (!enviNFe || validateXsd(enviNFe, 'enviNFe').length) return retEnviNFe('225', '43');
  const nfe = extractElement(enviNFe, 'NFe')!;
  const chave = /Id="NFe(\w{44})"/.exec(nfe)![1]!;
  const cUF = chave.slice(0, 2);
  const refused = (cStat: string) => retEnviNFe('104', cUF, state.protNFe(chave, cStat, tpAmb, nfe, false));
  if (!verifyXmlSignature(nfe, 'infNFe').valid) return refused('297');
  if (state.notes.has(chave)) return refused('204');
  if (tag(nfe, 'tpEmis') === '4' && !state.epecs.has(chave)) return refused('468');
  if (state.isVoided(chave)) return refused('206');
  const cbenef = rejeicaoCbenef(nfe, chave);
  if (cbenef) return refused(cbenef);
  const ibsCbs = rejeicaoIbsCbs(nfe);
  // The cStat table has no IBS/CBS codes: the rule's own text is the xMotivo.
  if (ibsCbs) {
    const prot = state.protNFe(chave, ibsCbs.cStat, tpAmb, nfe, false);
    return retEnviNFe(
      '104',
      cUF,
      prot.replace(/<xMotivo>[^<]*<\/xMotivo>/, el('xMotivo', `Rejeição: ${ibsCbs.motivo}`)),
    );
  }
  if (scenario.startsWith('rejeitar')) return refused(scenario.split(':')[1] ?? '233');
  // Denial consumes the number: the note is kept as denied (MOC 4.00, cStat 110/301/302).
  const cStat = scenario === 'denegar' ? '302' : '100';
  const protNFe = state.protNFe(chave, cStat, tpAmb, nfe, true);
  state.notes.set(chave, { cStat, protNFe });
  if (scenario === 'timeout') return null;
  // duplicidade: this send is treated as a repeat of one the authority already authorised.
  if (scenario === 'duplicidade') return refused('204');
  return retEnviNFe('104', cUF, protNFe);
}
