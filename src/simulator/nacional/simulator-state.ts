import { appendFileSync, closeSync, existsSync, mkdirSync, openSync, readSync, statSync } from 'node:fs';
import { join } from 'node:path';
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
  private readonly file: string | undefined;
  /** Bytes of the file already applied. */
  private offset = 0;

  constructor(stateDir?: string) {
    if (!stateDir) return;
    mkdirSync(stateDir, { recursive: true });
    this.file = join(stateDir, 'simulador-nfse.jsonl');
    if (!existsSync(this.file)) return;
    this.sync();
    // A torn last line (killed mid-write) is closed so the next append starts a line of its own.
    if (statSync(this.file).size > this.offset) {
      appendFileSync(this.file, '\n');
      this.sync();
    }
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
  distributionAfter(tpAmb: string, party: string, afterNsu: number, max: number): Array<DistributionEntry & { nsu: number }> {
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
    if (!this.file) return this.apply(line);
    this.sync();
    const text = `${JSON.stringify(line)}\n`;
    const expected = this.offset + Buffer.byteLength(text);
    // One append(2) per line (O_APPEND). When the file then ends exactly with it, nobody wrote in between and the
    // line is applied as it is, without reading back and parsing the note's XML. Otherwise it is applied by
    // reading it back in order with what others wrote.
    appendFileSync(this.file, text);
    if (this.size() === expected) {
      this.offset = expected;
      this.apply(line);
    } else this.sync();
  }

  private size(): number {
    return statSync(this.file!, { throwIfNoEntry: false })?.size ?? 0;
  }

  /** Applies the complete lines appended since the last call (by this process or another one). */
  private sync(): void {
    if (!this.file) return;
    const size = this.size();
    if (size <= this.offset) return;
    const buffer = Buffer.alloc(size - this.offset);
    const fd = openSync(this.file, 'r');
    try {
      readSync(fd, buffer, 0, buffer.length, this.offset);
    } finally {
      closeSync(fd);
    }
    const end = buffer.lastIndexOf(0x0a);
    if (end < 0) return; // a line still being written
    this.offset += end + 1;
    for (const raw of buffer.subarray(0, end).toString('utf8').split('\n')) {
      if (!raw.trim()) continue;
      try {
        this.apply(JSON.parse(raw) as Line);
      } catch {
        // A torn line (a writer killed mid-write) is ignored; every complete line is kept.
      }
    }
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
