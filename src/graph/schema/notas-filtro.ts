import type { NoteFilter } from '../../engine/notas/note-filter.js';
import { builder } from '../builder.js';

/** A filter input as Pothos hands it over (ids may arrive as numbers). */
export interface NotasFiltroInput {
  status?: readonly string[] | null;
  empresaId?: string | number | null;
  desde?: string | null;
  ate?: string | null;
  criadaDesde?: Date | null;
  criadaAte?: Date | null;
  referenciaPrefixo?: string | null;
  numero?: string | null;
  chave?: string | null;
  tomador?: string | null;
  valorMin?: string | null;
  valorMax?: string | null;
}

/**
 * The filter input of a notes list (`NotasFiltro` of `notas`, `NfeFiltro` of `nfes`): the same members with the
 * same meaning on both, only the status enum differs. `legacyDates` keeps `notas`' older `criadaDesde`/`criadaAte`.
 */
export function notasFiltroInput<S>(name: string, statusRef: S, legacyDates: boolean) {
  return builder.inputType(name, {
    description:
      'What a notes list filters on; every member given must hold. A bad value is DomainError parametro_invalido ' +
      'naming the GET /v1/nfse and GET /v1/nfe query parameter of the same meaning.',
    fields: (t) => ({
      status: t.field({ type: [statusRef as never], description: 'Any of these statuses.' }),
      empresaId: t.id(),
      desde: t.string({
        description: 'Created at or after: ISO 8601 date-time with offset, or a date (from 00:00 Brasília time).',
      }),
      ate: t.string({
        description: 'Created at or before: date-time, or a date (through the end of that day, Brasília time).',
      }),
      referenciaPrefixo: t.string({ description: 'Notes whose referencia starts with this text.' }),
      numero: t.string({
        description: "The note's number, digits: NF-e numero; NFS-e the authority's numero or the DPS number.",
      }),
      chave: t.string({ description: 'The whole access key (digits).' }),
      tomador: t.string({
        description:
          'Taker (NFS-e) or recipient (NF-e): digits (punctuation ignored, 3 to 14) are the start of the CPF/CNPJ; ' +
          'anything else is part of the name (3 to 100 characters), whatever its case and accents.',
      }),
      valorMin: t.field({
        type: 'Decimal',
        description: "The note's value (NFS-e valor, NF-e valorTotal) at least this.",
      }),
      valorMax: t.field({ type: 'Decimal', description: "The note's value at most this." }),
      ...(legacyDates
        ? {
            criadaDesde: t.field({
              type: 'DateTime',
              deprecationReason: 'Use desde.',
              description: 'Created at or after.',
            }),
            criadaAte: t.field({
              type: 'DateTime',
              deprecationReason: 'Use ate (inclusive).',
              description: 'Created before this instant (exclusive).',
            }),
          }
        : {}),
    }),
  });
}

/**
 * The engine's filter of an input. `criadaAte` (before, exclusive) is `ate` one millisecond earlier: notes are
 * stamped to the millisecond, so the two select the same notes.
 */
export function noteFilterOf(f: NotasFiltroInput | null | undefined): NoteFilter {
  const desde = f?.desde ?? (f?.criadaDesde ? f.criadaDesde.toISOString() : null);
  const ate = f?.ate ?? (f?.criadaAte ? new Date(f.criadaAte.getTime() - 1).toISOString() : null);
  return {
    status: f?.status ?? null,
    empresaId: f?.empresaId == null ? null : String(f.empresaId),
    desde,
    ate,
    referencia: f?.referenciaPrefixo ?? null,
    numero: f?.numero ?? null,
    chave: f?.chave ?? null,
    tomador: f?.tomador ?? null,
    valorMin: f?.valorMin ?? null,
    valorMax: f?.valorMax ?? null,
  };
}
