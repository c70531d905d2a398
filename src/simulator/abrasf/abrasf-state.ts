import { randomBytes } from 'node:crypto';
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

/** The notes of every simulated city, by RPS and by number; in memory. */
export class AbrasfState {
  private readonly byRps = new Map<string, AbrasfNote>();
  private readonly byNumero = new Map<string, AbrasfNote>();
  private readonly sequence = new Map<string, number>();

  findByRps(ibge: string, prestador: string, rps: IdentificacaoRps): AbrasfNote | undefined {
    return this.byRps.get(rpsKey(ibge, prestador, rps));
  }

  findByNumero(ibge: string, numero: string): AbrasfNote | undefined {
    return this.byNumero.get(`${ibge}|${BigInt(numero)}`);
  }

  /** The next note number of a city: the year then a sequence (tsNumeroNfse, at most 15 digits). */
  nextNumero(ibge: string, now: Date): string {
    const next = (this.sequence.get(ibge) ?? 0) + 1;
    this.sequence.set(ibge, next);
    return `${now.getUTCFullYear()}${String(next).padStart(11, '0')}`;
  }

  codigoVerificacao(): string {
    return randomBytes(6).toString('base64').replace(/[^A-Za-z0-9]/g, 'X').slice(0, 9).toUpperCase();
  }

  add(note: AbrasfNote): void {
    this.byRps.set(rpsKey(note.ibge, note.prestador, note.rps), note);
    this.byNumero.set(`${note.ibge}|${BigInt(note.numero)}`, note);
  }

  all(): AbrasfNote[] {
    return [...this.byNumero.values()];
  }
}
