import { randomBytes } from 'node:crypto';
import { JsonLinesLog } from '../json-lines-log.js';
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

const rpsKey = (ibge: string, prestador: string, rps: IdentificacaoRps) =>
  `${ibge}|${prestador}|${rps.serie}|${rps.numero}|${rps.tipo}`;

type Line =
  | { t: 'nota'; note: AbrasfNote }
  | { t: 'cancelada'; ibge: string; numero: string; cancelamentoXml: string; substituidaPor: string | null };

/**
 * The notes of every simulated city, by RPS and by number. With a stateDir every change is appended to a JSON-lines
 * file before the answer is written and replayed on start (and before every read, for processes sharing the
 * DATA_DIR), so a note issued just before the caller was killed is still at the city afterwards.
 */
export class AbrasfState {
  private readonly byRps = new Map<string, AbrasfNote>();
  private readonly byNumero = new Map<string, AbrasfNote>();
  private readonly sequence = new Map<string, number>();
  private readonly log: JsonLinesLog<Line>;

  constructor(stateDir?: string) {
    this.log = new JsonLinesLog<Line>(stateDir, 'simulador-abrasf.jsonl', (line) => this.apply(line));
  }

  /** Releases the state file (the next change or read opens it again). */
  close(): void {
    this.log.close();
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
    return randomBytes(9)
      .toString('base64')
      .replace(/[^A-Za-z0-9]/g, 'X')
      .slice(0, 9)
      .toUpperCase();
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
    this.log.write(line);
  }

  private sync(): void {
    this.log.sync();
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
}
