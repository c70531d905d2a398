import { gzipBase64 } from '../../engine/xml/gzip-base64.js';
import type { StoredEvent, StoredNote } from './simulator-state.js';

/** One distributed document (ADN `DistribuicaoNSU`): an NFS-e or an event of one. */
export interface DistributionEntry {
  tipo: 'NFSE' | 'EVENTO';
  chave: string;
  /** The document GZip+Base64 (as the ADN keeps it), compressed once, when first distributed. */
  readonly arquivoXml: string;
  dhProc: string;
  tipoEvento?: string;
}

/**
 * An entry whose document is compressed on first read: most notes the simulator issues are never asked for
 * through the distribution, and the emission's answer already compresses the NFS-e once.
 */
function distributed(fields: Omit<DistributionEntry, 'arquivoXml'>, xml: string): DistributionEntry {
  let packed: string | undefined;
  return {
    ...fields,
    get arquivoXml() {
      return (packed ??= gzipBase64(xml));
    },
  };
}

/** Parties with an interest in a note (MA "Distribuição": prestador, tomador, intermediário). */
export function interestedParties(nfseXml: string): string[] {
  const parties = new Set<string>();
  for (const tag of ['emit', 'prest', 'toma', 'interm']) {
    const m = new RegExp(`<${tag}>\\s*<(?:CNPJ|CPF)>(\\w+)</`).exec(nfseXml);
    if (m) parties.add(m[1]!);
  }
  return [...parties];
}

/**
 * The ADN's NSU sequences: one per environment and interested CPF/CNPJ, in the order the documents were
 * generated; an event goes to every party of its note. NSU n is the n-th entry of the party's sequence.
 */
export class DistributionIndex {
  private readonly byParty = new Map<string, DistributionEntry[]>();
  private readonly partiesByChave = new Map<string, string[]>();

  addNote(note: Pick<StoredNote, 'chave' | 'tpAmb' | 'xml' | 'dhProc'>): void {
    const parties = interestedParties(note.xml);
    this.partiesByChave.set(note.chave, parties);
    const entry = distributed({ tipo: 'NFSE', chave: note.chave, dhProc: note.dhProc }, note.xml);
    for (const p of parties) this.push(note.tpAmb, p, entry);
  }

  addEvent(event: StoredEvent): void {
    const parties = this.partiesByChave.get(event.chave) ?? [];
    if (parties.length === 0) return;
    const entry = distributed(
      { tipo: 'EVENTO', chave: event.chave, dhProc: event.dhProc, tipoEvento: event.tipoEvento },
      event.xml,
    );
    for (const p of parties) this.push(event.tpAmb, p, entry);
  }

  /** Entries after `afterNsu`, ascending, at most `max`. */
  after(tpAmb: string, party: string, afterNsu: number, max: number): Array<DistributionEntry & { nsu: number }> {
    const list = this.byParty.get(`${tpAmb}:${party}`) ?? [];
    return list.slice(afterNsu, afterNsu + max).map((e, i) => ({ ...e, nsu: afterNsu + i + 1 }));
  }

  private push(tpAmb: string, party: string, entry: DistributionEntry): void {
    const key = `${tpAmb}:${party}`;
    let list = this.byParty.get(key);
    if (!list) this.byParty.set(key, (list = []));
    list.push(entry);
  }
}
