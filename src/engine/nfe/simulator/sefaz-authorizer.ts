import { createHash } from 'node:crypto';
import { validateXsd } from '../../national/validate-xsd.js';
import { verifyXmlSignature } from '../../national/verify-xml-signature.js';
import { el } from '../../national/xml-text.js';
import { brasilia, NFE_NS } from '../build-nfe-xml.js';
import { cStatMessage } from '../cstat.js';
import { extractElement, soapEnvelope } from '../soap12.js';

const VER_APLIC = 'SIM-SEFAZ-4.00';

/** The official text, without the table's placeholders ("[nRec:999…]") that a real SEFAZ fills in. */
const motivo = (cStat: string) => (cStatMessage(cStat) ?? 'Rejeição: Erro não catalogado').replace(/\s*\[[^\]]*\]/g, '');

/** X-Service-Simular scenarios of the NF-e authoriser (brief, issue 12 item 5; uf_fora/EPEC not built yet). */
export type SefazScenario = 'autorizar' | 'rejeitar' | `rejeitar:${string}` | 'denegar' | 'timeout' | 'duplicidade' | 'lento';
export const SEFAZ_SCENARIOS = /^(autorizar|rejeitar(:\d{3})?|denegar|timeout|duplicidade|lento)$/;

interface StoredNote {
  cStat: string;
  protNFe: string;
}

export interface AuthorizerAnswer {
  /** The SOAP 1.2 answer; null = the scenario keeps it (timeout: the note is stored, the answer lost). */
  soap: string | null;
  /** lento: how long the HTTP layer should hold the answer. */
  delay: boolean;
}

/**
 * The state authority's NFeAutorizacao4 (synchronous, indSinc 1) and NFeConsultaProtocolo4 over SOAP 1.2.
 * It checks what it receives as a SEFAZ does: the batch against enviNFe_v4.00.xsd (225) and the signature of
 * each NFe (297), and keeps what it authorised or denied, so a resend is a duplicate (204) and a query finds it.
 */
export class SefazAuthorizer {
  private readonly notes = new Map<string, StoredNote>();
  private nextProt = 0;

  constructor(private readonly clock: { now(): Date } = { now: () => new Date() }) {}

  authorize(soapRequest: string, scenario: SefazScenario = 'autorizar'): AuthorizerAnswer {
    const enviNFe = extractElement(soapRequest, 'enviNFe');
    const now = this.clock.now();
    const tpAmb = /<tpAmb>(\d)<\/tpAmb>/.exec(enviNFe ?? '')?.[1] ?? '2';
    const batch = (cStat: string, cUF: string, protNFe = '') => ({
      soap: soapEnvelope('nfeResultMsg', 'NFeAutorizacao4',
        `<retEnviNFe xmlns="${NFE_NS}" versao="4.00">${el('tpAmb', tpAmb)}${el('verAplic', VER_APLIC)}${el('cStat', cStat)}` +
        `${el('xMotivo', motivo(cStat))}${el('cUF', cUF)}${el('dhRecbto', brasilia(now))}${protNFe}</retEnviNFe>`),
      delay: scenario === 'lento',
    });
    if (!enviNFe || validateXsd(enviNFe, 'enviNFe').length) return batch('225', '43');
    const nfe = extractElement(enviNFe, 'NFe')!;
    const chave = /Id="NFe(\w{44})"/.exec(nfe)![1]!;
    const cUF = chave.slice(0, 2);
    if (!verifyXmlSignature(nfe, 'infNFe').valid) return batch('104', cUF, this.protocol(chave, '297', tpAmb, now, nfe, false));

    const existing = this.notes.get(chave);
    if (existing) return batch('104', cUF, this.protocol(chave, '204', tpAmb, now, nfe, false));
    if (scenario.startsWith('rejeitar')) {
      return batch('104', cUF, this.protocol(chave, scenario.split(':')[1] ?? '233', tpAmb, now, nfe, false));
    }
    // Denial consumes the number: the note is kept as denied (MOC 4.00, cStat 110/301/302).
    const cStat = scenario === 'denegar' ? '302' : '100';
    const protNFe = this.protocol(chave, cStat, tpAmb, now, nfe, true);
    this.notes.set(chave, { cStat, protNFe });
    if (scenario === 'timeout') return { soap: null, delay: false };
    // duplicidade: this send is treated as a repeat of one the authority already authorised.
    if (scenario === 'duplicidade') return batch('104', cUF, this.protocol(chave, '204', tpAmb, now, nfe, false));
    return batch('104', cUF, protNFe);
  }

  /** Keys of the notes it authorised or denied: their numbers are consumed (the inutilização service asks). */
  usedKeys(): Iterable<string> {
    return this.notes.keys();
  }

  /** NFeConsultaProtocolo4: the stored protocol (100, 110/301/302) or 217 "não consta na base de dados". */
  query(soapRequest: string): string {
    const cons = extractElement(soapRequest, 'consSitNFe') ?? '';
    const chave = /<chNFe>(\w{44})<\/chNFe>/.exec(cons)?.[1] ?? '';
    const tpAmb = /<tpAmb>(\d)<\/tpAmb>/.exec(cons)?.[1] ?? '2';
    const stored = validateXsd(cons, 'consSitNFe').length ? null : this.notes.get(chave);
    const cStat = validateXsd(cons, 'consSitNFe').length ? '215' : stored?.cStat ?? '217';
    return soapEnvelope('nfeResultMsg', 'NFeConsultaProtocolo4',
      `<retConsSitNFe xmlns="${NFE_NS}" versao="4.00">${el('tpAmb', tpAmb)}${el('verAplic', VER_APLIC)}${el('cStat', cStat)}` +
      `${el('xMotivo', motivo(cStat))}${el('cUF', chave.slice(0, 2) || '43')}${el('dhRecbto', brasilia(this.clock.now()))}` +
      `${/^\w{44}$/.test(chave) ? el('chNFe', chave) : ''}${stored?.protNFe ?? ''}</retConsSitNFe>`);
  }

  /** protNFe; nProt (15 digits: tpAmb, cUF, year, sequence, as real protocols read) only when the number is consumed. */
  private protocol(chave: string, cStat: string, tpAmb: string, now: Date, nfe: string, numbered: boolean): string {
    const digVal = /<DigestValue>([^<]+)<\/DigestValue>/.exec(nfe)?.[1] ?? createHash('sha1').update(nfe).digest('base64');
    const nProt = numbered ? `${tpAmb}${chave.slice(0, 2)}${brasilia(now).slice(2, 4)}${String(++this.nextProt).padStart(10, '0')}` : undefined;
    return `<protNFe versao="4.00"><infProt>${el('tpAmb', tpAmb)}${el('verAplic', VER_APLIC)}${el('chNFe', chave)}${el('dhRecbto', brasilia(now))}` +
      `${el('nProt', nProt)}${el('digVal', digVal)}${el('cStat', cStat)}${el('xMotivo', motivo(cStat))}</infProt></protNFe>`;
  }
}
