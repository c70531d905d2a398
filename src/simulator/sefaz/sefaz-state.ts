import { createHash } from 'node:crypto';
import { el } from '../../engine/xml/el.js';
import { brasilia } from '../../engine/nfe/build-nfe-xml.js';
import { cStatMessage } from '../../engine/nfe/cstat-message.js';

export const VER_APLIC = 'SIM-SEFAZ-4.00';

/** The official text, without the table's placeholders ("[nRec:999…]") that a real SEFAZ fills in. */
export const motivo = (cStat: string) =>
  (cStatMessage(cStat) ?? 'Rejeição: Erro não catalogado').replace(/\s*\[[^\]]*\]/g, '');

export { tag } from '../../engine/autoridades/soap-envelope.js';

export interface StoredNote {
  cStat: string;
  protNFe: string;
}

/** A range the authority voided (NFeInutilizacao4). */
export interface VoidedRange {
  /** cUF + CNPJ + serie: the numbering the range belongs to. */
  series: string;
  ini: number;
  fin: number;
  /** Id of the request; a resend of it gets the same answer. */
  requestId: string;
  answer: string;
}

/** An event of the issuer the authority registered (cancelamento, CC-e), as its procEventoNFe. */
export interface StoredEvent {
  tpEvento: string;
  nSeq: string;
  proc: string;
}

/**
 * What the simulated authorities remember between calls: the notes each UF authorised or denied (a resend is a
 * duplicate, a query finds them), the EPEC events the national environment registered (a tpEmis 4 note needs
 * one), and the notes whose UF is "down" (uf_fora) for their next calls.
 */
export class SefazState {
  readonly notes = new Map<string, StoredNote>();
  /** The issuer's registered events by access key, oldest first: the protocol query returns them. */
  readonly events = new Map<string, StoredEvent[]>();
  /** Ranges voided by inutilização. */
  readonly voided: VoidedRange[] = [];
  /** EPEC protocol by access key. */
  readonly epecs = new Map<string, string>();
  private readonly down = new Map<string, number>();
  private nextProt = 0;

  constructor(readonly now: () => Date) {}

  /**
   * uf_fora[:N]: the UF authoriser refuses the first N calls (default 1) about one numbered note — keyed by
   * cUF…nNF, the key without tpEmis/cNF/cDV, so the EPEC contingency key of the same note counts too.
   */
  ufDown(chave: string, calls: number): boolean {
    const subject = chave.slice(0, 34);
    const left = this.down.get(subject) ?? calls;
    this.down.set(subject, Math.max(left - 1, 0));
    return left > 0;
  }

  /**
   * Whether the number of a key lies in a voided range of its numbering (cUF + CNPJ + serie, as the inutilização
   * records it; key positions: cUF 0-2, CNPJ 6-20, serie 22-25, nNF 25-34).
   */
  isVoided(chave: string): boolean {
    const series = `${chave.slice(0, 2)}${chave.slice(6, 20)}${chave.slice(22, 25)}`;
    const nNF = Number(chave.slice(25, 34));
    return this.voided.some((r) => r.series === series && r.ini <= nNF && nNF <= r.fin);
  }

  /** A protocol number (15 digits: tpAmb, cUF, year, sequence, as real ones read). */
  protocolNumber(tpAmb: string, cUF: string): string {
    return `${tpAmb}${cUF}${brasilia(this.now()).slice(2, 4)}${String(++this.nextProt).padStart(10, '0')}`;
  }

  /** protNFe; nProt only when the number is consumed (authorised or denied). */
  protNFe(chave: string, cStat: string, tpAmb: string, nfe: string, numbered: boolean): string {
    const digVal =
      /<DigestValue>([^<]+)<\/DigestValue>/.exec(nfe)?.[1] ?? createHash('sha1').update(nfe).digest('base64');
    const nProt = numbered ? this.protocolNumber(tpAmb, chave.slice(0, 2)) : undefined;
    return (
      `<protNFe versao="4.00"><infProt>${el('tpAmb', tpAmb)}${el('verAplic', VER_APLIC)}${el('chNFe', chave)}${el('dhRecbto', brasilia(this.now()))}` +
      `${el('nProt', nProt)}${el('digVal', digVal)}${el('cStat', cStat)}${el('xMotivo', motivo(cStat))}</infProt></protNFe>`
    );
  }
}
