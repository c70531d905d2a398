import { JsonLinesLog } from '../json-lines-log.js';
import { DistributionIndex, type DistributionEntry } from './distribution-index.js';

export type NoteStatus = 'autorizada' | 'cancelada' | 'substituida';

export interface StoredNote {
  chave: string;
  idDps: string;
  tpAmb: '1' | '2';
  inscricao: string;
  nNFSe: number;
  nDFSe: number;
  dhProc: string;
  xml: string;
  status: NoteStatus;
  /** Key of the note that replaced this one (status 'substituida'). */
  substitutaChave?: string;
}

export interface StoredEvent {
  chave: string;
  tpAmb: '1' | '2';
  nDFSe: number;
  tipoEvento: string;
  nSeqEvento: number;
  dhProc: string;
  xml: string;
}

type Line =
  | { t: 'nfse'; note: Omit<StoredNote, 'status'> }
  | { t: 'status'; chave: string; status: NoteStatus; substitutaChave?: string }
  | { t: 'evento'; event: StoredEvent };

/**
 * Notes and events of the simulated national side. With a stateDir every change is appended (synchronously,
 * before the HTTP answer is written) to a JSON-lines file and replayed on start, so a note issued just before
 * a crash of the caller, or of the simulator process, is still there afterwards. Every read first applies the
 * lines other processes appended since (processes sharing a DATA_DIR — `serve --role api` and `--role worker` —
 * then see one national side: a DPS sent by one is found by the other's recovery query).
 */
export class SimulatorState {
  private readonly notes = new Map<string, StoredNote>();
  private readonly byDps = new Map<string, string>();
  private readonly events: StoredEvent[] = [];
  private readonly nNFSeByEmitter = new Map<string, number>();
  private readonly nDFSeByAmb = new Map<string, number>();
  private readonly distribution = new DistributionIndex();
  private readonly log: JsonLinesLog<Line>;

  constructor(stateDir?: string) {
    this.log = new JsonLinesLog<Line>(stateDir, 'simulador-nfse.jsonl', (line) => this.apply(line));
  }

  /** Releases the state file (the next change or read opens it again). */
  close(): void {
    this.log.close();
  }

  nextNumbers(tpAmb: string, inscricao: string): { nNFSe: number; nDFSe: number } {
    this.sync();
    return {
      nNFSe: (this.nNFSeByEmitter.get(`${tpAmb}:${inscricao}`) ?? 0) + 1,
      nDFSe: (this.nDFSeByAmb.get(tpAmb) ?? 0) + 1,
    };
  }

  addNote(note: Omit<StoredNote, 'status'>): void {
    this.write({ t: 'nfse', note });
  }

  setStatus(chave: string, status: NoteStatus, substitutaChave?: string): void {
    this.write({ t: 'status', chave, status, substitutaChave });
  }

  addEvent(event: StoredEvent): void {
    this.write({ t: 'evento', event });
  }

  note(chave: string): StoredNote | undefined {
    this.sync();
    return this.notes.get(chave);
  }

  noteByDps(tpAmb: string, idDps: string): StoredNote | undefined {
    this.sync();
    const chave = this.byDps.get(`${tpAmb}:${idDps}`);
    return chave ? this.notes.get(chave) : undefined;
  }

  allNotes(): StoredNote[] {
    this.sync();
    return [...this.notes.values()];
  }

  eventsOf(chave: string, tipoEvento?: string): StoredEvent[] {
    this.sync();
    return this.events.filter((e) => e.chave === chave && (!tipoEvento || e.tipoEvento === tipoEvento));
  }

  /** The ADN distribution of a CPF/CNPJ: entries after `afterNsu`, ascending, at most `max`. */
  distributionAfter(
    tpAmb: string,
    party: string,
    afterNsu: number,
    max: number,
  ): Array<DistributionEntry & { nsu: number }> {
    this.sync();
    return this.distribution.after(tpAmb, party, afterNsu, max);
  }

  nextDFSe(tpAmb: string): number {
    this.sync();
    return (this.nDFSeByAmb.get(tpAmb) ?? 0) + 1;
  }

  bumpDFSe(tpAmb: string, n: number): void {
    this.nDFSeByAmb.set(tpAmb, Math.max(this.nDFSeByAmb.get(tpAmb) ?? 0, n));
  }

  private write(line: Line): void {
    this.log.write(line);
  }

  private sync(): void {
    this.log.sync();
  }

  private apply(line: Line): void {
    if (line.t === 'nfse') {
      const n = line.note;
      this.notes.set(n.chave, { ...n, status: 'autorizada' });
      this.byDps.set(`${n.tpAmb}:${n.idDps}`, n.chave);
      const emitter = `${n.tpAmb}:${n.inscricao}`;
      this.nNFSeByEmitter.set(emitter, Math.max(this.nNFSeByEmitter.get(emitter) ?? 0, n.nNFSe));
      this.bumpDFSe(n.tpAmb, n.nDFSe);
      this.distribution.addNote(n);
    } else if (line.t === 'status') {
      const note = this.notes.get(line.chave);
      if (note) Object.assign(note, { status: line.status, substitutaChave: line.substitutaChave });
    } else {
      this.events.push(line.event);
      this.bumpDFSe(line.event.tpAmb, line.event.nDFSe);
      this.distribution.addEvent(line.event);
    }
  }
}
