import { randomBytes } from 'node:crypto';
import { appendFileSync, closeSync, existsSync, mkdirSync, openSync, readSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { IdentificacaoRps } from '../../engine/nfse/abrasf/build-abrasf-rps.js';

/** A note as a simulated ABRASF city holds it. */
export interface AbrasfNote {
  ibge: string;
  numero: string;
  codigoVerificacao: string;
  /** ISO instant of issuance. */
  emitidaEm: string;
  /** CpfCnpj of the provider and of the taker. */
  prestador: string;
  tomador: string | null;
  rps: IdentificacaoRps;
  /** The Nfse element (signed by the city), without its cancellation. */
  nfseXml: string;
  /** NfseCancelamento element, once cancelled (by CancelarNfse or a substitution). */
  cancelamentoXml: string | null;
  /** Number of the note that replaced this one. */
  substituidaPor: string | null;
}

const rpsKey = (ibge: string, prestador: string, rps: IdentificacaoRps) => `${ibge}|${prestador}|${rps.serie}|${rps.numero}|${rps.tipo}`;

type Line = { t: 'nota'; note: AbrasfNote } | { t: 'cancelada'; ibge: string; numero: string; cancelamentoXml: string; substituidaPor: string | null };

/**
 * The notes of every simulated city, by RPS and by number. With a stateDir every change is appended to a JSON-lines
 * file before the answer is written and replayed on start (and before every read, for processes sharing the
 * DATA_DIR), so a note issued just before the caller was killed is still at the city afterwards.
 */
export class AbrasfState {
  private readonly byRps = new Map<string, AbrasfNote>();
  private readonly byNumero = new Map<string, AbrasfNote>();
  private readonly sequence = new Map<string, number>();
  private readonly file: string | undefined;
  /** Bytes of the file already applied. */
  private offset = 0;

  constructor(stateDir?: string) {
    if (!stateDir) return;
    mkdirSync(stateDir, { recursive: true });
    this.file = join(stateDir, 'simulador-abrasf.jsonl');
    if (!existsSync(this.file)) return;
    this.sync();
    // A torn last line (killed mid-write) is closed so the next append starts a line of its own.
    if (statSync(this.file).size > this.offset) {
      appendFileSync(this.file, '\n');
      this.sync();
    }
  }

  findByRps(ibge: string, prestador: string, rps: IdentificacaoRps): AbrasfNote | undefined {
    this.sync();
    return this.byRps.get(rpsKey(ibge, prestador, rps));
  }

  findByNumero(ibge: string, numero: string): AbrasfNote | undefined {
    this.sync();
    return this.byNumero.get(`${ibge}|${BigInt(numero)}`);
  }

  /** The next note number of a city: the year then a sequence (tsNumeroNfse, at most 15 digits). */
  nextNumero(ibge: string, now: Date): string {
    this.sync();
    const next = (this.sequence.get(ibge) ?? 0) + 1;
    this.sequence.set(ibge, next);
    return `${now.getUTCFullYear()}${String(next).padStart(11, '0')}`;
  }

  codigoVerificacao(): string {
    return randomBytes(9).toString('base64').replace(/[^A-Za-z0-9]/g, 'X').slice(0, 9).toUpperCase();
  }

  add(note: AbrasfNote): void {
    this.write({ t: 'nota', note });
  }

  /** Cancels a note (CancelarNfse, or the replaced note of a substitution). */
  cancel(note: AbrasfNote, cancelamentoXml: string, substituidaPor: string | null = null): void {
    this.write({ t: 'cancelada', ibge: note.ibge, numero: note.numero, cancelamentoXml, substituidaPor });
  }

  all(): AbrasfNote[] {
    this.sync();
    return [...this.byNumero.values()];
  }

  private write(line: Line): void {
    if (!this.file) return this.apply(line);
    appendFileSync(this.file, `${JSON.stringify(line)}\n`);
    this.sync();
  }

  private apply(line: Line): void {
    if (line.t === 'nota') {
      const { note } = line;
      this.byRps.set(rpsKey(note.ibge, note.prestador, note.rps), note);
      this.byNumero.set(`${note.ibge}|${BigInt(note.numero)}`, note);
      this.sequence.set(note.ibge, Math.max(this.sequence.get(note.ibge) ?? 0, Number(note.numero.slice(4))));
      return;
    }
    const note = this.byNumero.get(`${line.ibge}|${BigInt(line.numero)}`);
    if (note) Object.assign(note, { cancelamentoXml: line.cancelamentoXml, substituidaPor: line.substituidaPor });
  }

  /** Applies the whole lines appended since the last read (by this process or another). */
  private sync(): void {
    if (!this.file) return;
    const size = statSync(this.file, { throwIfNoEntry: false })?.size ?? 0;
    if (size <= this.offset) return;
    const buffer = Buffer.alloc(size - this.offset);
    const fd = openSync(this.file, 'r');
    try {
      readSync(fd, buffer, 0, buffer.length, this.offset);
    } finally {
      closeSync(fd);
    }
    const text = buffer.toString('utf8');
    const end = text.lastIndexOf('\n') + 1;
    for (const raw of text.slice(0, end).split('\n')) {
      if (!raw.trim()) continue;
      try {
        this.apply(JSON.parse(raw) as Line);
      } catch {
        // A line torn by a kill mid-write: skipped (its change was never answered).
      }
    }
    this.offset += Buffer.byteLength(text.slice(0, end));
  }
}
