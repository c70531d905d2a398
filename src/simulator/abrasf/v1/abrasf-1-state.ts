import { randomBytes } from 'node:crypto';
import type { IdentificacaoRps } from '../../../engine/nfse/abrasf/build-abrasf-rps.js';
import { JsonLinesLog } from '../../json-lines-log.js';

/** A note as a simulated ABRASF 1.00 municipality holds it. */
export interface Abrasf1Note {
  ibge: string;
  numero: string;
  codigoVerificacao: string;
  /** ISO instant of issuance. */
  emitidaEm: string;
  prestador: string;
  rps: IdentificacaoRps;
  /** The Nfse element (signed by the municipality). */
  nfseXml: string;
  /** NfseCancelamento element, once cancelled. */
  cancelamentoXml: string | null;
}

/** A received lot: while `pendentes` situation queries remain it is not processed (situation 2). */
export interface Abrasf1Lote {
  protocolo: string;
  ibge: string;
  prestador: string;
  numeroLote: string;
  recebidoEm: string;
  /** The received `<Rps>` elements. */
  rpsXml: string[];
  rps: IdentificacaoRps[];
  situacao: '2' | '3' | '4';
  pendentes: number;
  /** The codes the processing refuses the lot with (situation 3). */
  rejeicao: string[];
  erros: Array<{ codigo: string; mensagem: string }>;
  notas: string[];
}

type Line =
  | { t: 'lote'; lote: Abrasf1Lote }
  | { t: 'lote_mudou'; protocolo: string; mudanca: Partial<Abrasf1Lote> }
  | { t: 'nota'; note: Abrasf1Note }
  | { t: 'cancelada'; ibge: string; numero: string; cancelamentoXml: string };

const rpsKey = (ibge: string, prestador: string, rps: IdentificacaoRps) =>
  `${ibge}|${prestador}|${rps.serie}|${BigInt(rps.numero)}|${rps.tipo}`;

/**
 * The lots and notes of every simulated 1.00 municipality. With a stateDir every change is appended to a
 * JSON-lines file before the answer is written and replayed on start (and before every read), like the other
 * simulators.
 */
export class Abrasf1State {
  private readonly lotes = new Map<string, Abrasf1Lote>();
  private readonly byRps = new Map<string, Abrasf1Note>();
  private readonly byNumero = new Map<string, Abrasf1Note>();
  private readonly sequence = new Map<string, number>();
  private readonly log: JsonLinesLog<Line>;

  constructor(stateDir?: string) {
    this.log = new JsonLinesLog<Line>(stateDir, 'simulador-abrasf-1.jsonl', (line) => this.apply(line));
  }

  close(): void {
    this.log.close();
  }

  lote(protocolo: string): Abrasf1Lote | undefined {
    this.log.sync();
    return this.lotes.get(protocolo);
  }

  /** The lot still waiting to be processed that holds the RPS, if any. */
  pendingLotOf(ibge: string, prestador: string, rps: IdentificacaoRps): Abrasf1Lote | undefined {
    this.log.sync();
    const key = rpsKey(ibge, prestador, rps);
    return [...this.lotes.values()].find(
      (l) => l.situacao === '2' && l.ibge === ibge && l.rps.some((r) => rpsKey(ibge, l.prestador, r) === key),
    );
  }

  findByRps(ibge: string, prestador: string, rps: IdentificacaoRps): Abrasf1Note | undefined {
    this.log.sync();
    return this.byRps.get(rpsKey(ibge, prestador, rps));
  }

  findByNumero(ibge: string, numero: string): Abrasf1Note | undefined {
    this.log.sync();
    return this.byNumero.get(`${ibge}|${BigInt(numero)}`);
  }

  nextProtocolo(): string {
    return randomBytes(8).toString('hex').toUpperCase();
  }

  nextNumero(ibge: string, now: Date): string {
    this.log.sync();
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

  addLote(lote: Abrasf1Lote): void {
    this.log.write({ t: 'lote', lote });
  }

  changeLote(protocolo: string, mudanca: Partial<Abrasf1Lote>): void {
    this.log.write({ t: 'lote_mudou', protocolo, mudanca });
  }

  addNote(note: Abrasf1Note): void {
    this.log.write({ t: 'nota', note });
  }

  cancel(note: Abrasf1Note, cancelamentoXml: string): void {
    this.log.write({ t: 'cancelada', ibge: note.ibge, numero: note.numero, cancelamentoXml });
  }

  notes(): Abrasf1Note[] {
    this.log.sync();
    return [...this.byNumero.values()];
  }

  lots(): Abrasf1Lote[] {
    this.log.sync();
    return [...this.lotes.values()];
  }

  private apply(line: Line): void {
    switch (line.t) {
      case 'lote':
        this.lotes.set(line.lote.protocolo, { ...line.lote });
        return;
      case 'lote_mudou': {
        const lote = this.lotes.get(line.protocolo);
        if (lote) Object.assign(lote, line.mudanca);
        return;
      }
      case 'nota': {
        const { note } = line;
        this.byRps.set(rpsKey(note.ibge, note.prestador, note.rps), note);
        this.byNumero.set(`${note.ibge}|${BigInt(note.numero)}`, note);
        this.sequence.set(note.ibge, Math.max(this.sequence.get(note.ibge) ?? 0, Number(note.numero.slice(4))));
        return;
      }
      case 'cancelada': {
        const note = this.byNumero.get(`${line.ibge}|${BigInt(line.numero)}`);
        if (note) note.cancelamentoXml = line.cancelamentoXml;
      }
    }
  }
}
