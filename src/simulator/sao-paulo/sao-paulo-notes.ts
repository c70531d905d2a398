import { randomBytes } from 'node:crypto';
import { el, group } from '../../engine/xml/el.js';
import { JsonLinesLog } from '../json-lines-log.js';

/** An RPS as the simulated city converted it into a note. */
export interface SaoPauloNote {
  ccm: string;
  serie: string;
  numeroRps: string;
  numero: string;
  codigoVerificacao: string;
  layout: 1 | 2;
  emitidaEm: Date;
  dataRps: string;
  cnpjPrestador: string;
  tomador: { tipo: 'CPF' | 'CNPJ'; numero: string } | null;
  valor: string;
  codigoServico: string;
  discriminacao: string;
  status: 'N' | 'C';
}

/** The city writes its local time (UTC−03:00) without an offset. */
export const brasilia = (at: Date) => new Date(at.getTime() - 3 * 3_600_000);

const ccmKey = (ccm: string) => ccm.replace(/^0+(?=\d)/, '');

type Line =
  | { t: 'nota'; note: Omit<SaoPauloNote, 'emitidaEm'> & { emitidaEm: string } }
  | { t: 'cancelada'; ccm: string; numero: string };

/**
 * The notes of the simulated city, one per RPS (CCM, series, number): a resent RPS finds its note, it never makes a
 * second one. Numbers run per CCM. With a stateDir they live in DATA_DIR (JsonLinesLog), so a note issued just
 * before the service was killed is still at the city when it restarts.
 */
export class SaoPauloNotes {
  private readonly byRps = new Map<string, SaoPauloNote>();
  private readonly byNumero = new Map<string, SaoPauloNote>();
  private readonly counters = new Map<string, number>();
  private readonly log: JsonLinesLog<Line>;

  constructor(stateDir?: string) {
    this.log = new JsonLinesLog<Line>(stateDir, 'simulador-sao-paulo.jsonl', (line) => this.apply(line));
  }

  /** Releases the state file (the next change or read opens it again). */
  close(): void {
    this.log.close();
  }

  private rpsKey(ccm: string, serie: string, numero: string): string {
    return `${ccmKey(ccm)}|${serie}|${BigInt(numero)}`;
  }

  byRpsKey(ccm: string, serie: string, numero: string): SaoPauloNote | undefined {
    this.log.sync();
    return this.byRps.get(this.rpsKey(ccm, serie, numero));
  }

  byNfe(ccm: string, numero: string): SaoPauloNote | undefined {
    this.log.sync();
    return this.byNumero.get(`${ccmKey(ccm)}|${BigInt(numero)}`);
  }

  /** The note of this RPS: the existing one, or a new one. */
  convert(rps: Omit<SaoPauloNote, 'numero' | 'codigoVerificacao' | 'status'>): {
    note: SaoPauloNote;
    created: boolean;
  } {
    const existing = this.byRpsKey(rps.ccm, rps.serie, rps.numeroRps);
    if (existing) return { note: existing, created: false };
    const next = (this.counters.get(ccmKey(rps.ccm)) ?? 0) + 1;
    const note = {
      ...rps,
      numero: String(next),
      codigoVerificacao: randomBytes(4).toString('hex').toUpperCase(),
      status: 'N' as const,
    };
    this.log.write({ t: 'nota', note: { ...note, emitidaEm: note.emitidaEm.toISOString() } });
    return { note: this.byRpsKey(rps.ccm, rps.serie, rps.numeroRps)!, created: true };
  }

  /** Cancels a note (CancelamentoNFe). */
  cancel(note: SaoPauloNote): void {
    this.log.write({ t: 'cancelada', ccm: note.ccm, numero: note.numero });
  }

  all(): SaoPauloNote[] {
    this.log.sync();
    return [...this.byRps.values()];
  }

  private apply(line: Line): void {
    if (line.t === 'nota') {
      const note: SaoPauloNote = { ...line.note, emitidaEm: new Date(line.note.emitidaEm) };
      this.byRps.set(this.rpsKey(note.ccm, note.serie, note.numeroRps), note);
      this.byNumero.set(`${ccmKey(note.ccm)}|${BigInt(note.numero)}`, note);
      this.counters.set(ccmKey(note.ccm), Math.max(this.counters.get(ccmKey(note.ccm)) ?? 0, Number(note.numero)));
      return;
    }
    const note = this.byNumero.get(`${ccmKey(line.ccm)}|${BigInt(line.numero)}`);
    if (note) note.status = 'C';
  }
}

/** The note as RetornoConsulta carries it (the tpNFe members this simulator keeps, in their order). */
export function nfeXml(note: SaoPauloNote): string {
  const ccm = note.layout === 1 ? note.ccm.padStart(8, '0') : ccmKey(note.ccm);
  const doc = (tipo: 'CPF' | 'CNPJ', numero: string) => `<${tipo}>${numero}</${tipo}>`;
  return (
    '<NFe xmlns="">' +
    group(
      'ChaveNFe',
      el('InscricaoPrestador', ccm),
      el('NumeroNFe', note.numero),
      el('CodigoVerificacao', note.codigoVerificacao),
    ) +
    el('DataEmissaoNFe', brasilia(note.emitidaEm).toISOString().slice(0, 19)) +
    group('ChaveRPS', el('InscricaoPrestador', ccm), el('SerieRPS', note.serie), el('NumeroRPS', note.numeroRps)) +
    el('TipoRPS', 'RPS') +
    el('DataEmissaoRPS', note.dataRps) +
    `<CPFCNPJPrestador>${doc('CNPJ', note.cnpjPrestador)}</CPFCNPJPrestador>` +
    el('StatusNFe', note.status) +
    el('ValorServicos', note.valor) +
    el('CodigoServico', note.codigoServico) +
    (note.tomador ? `<CPFCNPJTomador>${doc(note.tomador.tipo, note.tomador.numero)}</CPFCNPJTomador>` : '') +
    el('Discriminacao', note.discriminacao) +
    '</NFe>'
  );
}
