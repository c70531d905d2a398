import { APURACAO, REGIMES } from './regimes.js';

// Brazilian formats for everything the panel shows: money as R$ 1.234,56, dates as dd/mm/aaaa in Brasília time,
// CNPJ and CPF with their masks. Amounts arrive as decimal strings and are shown without passing through a
// float: the digits are grouped as text.

const ZONE = 'America/Sao_Paulo';
const dateFormat = new Intl.DateTimeFormat('pt-BR', {
  timeZone: ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});
const dateTimeFormat = new Intl.DateTimeFormat('pt-BR', {
  timeZone: ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});
const integerFormat = new Intl.NumberFormat('pt-BR');

/** "1234.5" → "R$ 1.234,50" (a decimal string, any number of digits, rounded half up to cents). */
export function formatMoney(value: string | null | undefined): string {
  if (value == null || value === '') return '—';
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(value.trim());
  if (!match) return value;
  const [, sign, whole, fraction = ''] = match;
  let cents = BigInt(whole + (fraction + '00').slice(0, 2));
  if ((fraction[2] ?? '0') >= '5') cents += 1n;
  const text = cents.toString().padStart(3, '0');
  const reais = integerFormat.format(BigInt(text.slice(0, -2)));
  return `${sign}R$\u00a0${reais},${text.slice(-2)}`;
}

/** "0.36" → "0,36%" (a percentage as a decimal string); a dash when absent. */
export function formatPercent(value: string | null | undefined): string {
  return value == null || value === '' ? '—' : `${value.replace('.', ',')}%`;
}

export function formatInteger(value: number): string {
  return integerFormat.format(value);
}

/** dd/mm/aaaa of an instant (ISO text) in Brasília time. */
export function formatDate(iso: string | null | undefined): string {
  return iso ? dateFormat.format(new Date(iso)) : '—';
}

/** dd/mm/aaaa hh:mm:ss of an instant (ISO text) in Brasília time. */
export function formatDateTime(iso: string | null | undefined): string {
  return iso ? dateTimeFormat.format(new Date(iso)).replace(',', '') : '—';
}

/** A CNPJ (14 digits) as 12.345.678/0001-95, a CPF (11) as 123.456.789-09; anything else as given. */
export function formatDocumento(doc: string | null | undefined): string {
  if (!doc) return '—';
  const digits = doc.replace(/\D/g, '');
  if (digits.length === 14) return digits.replace(/^(\d{2})(\d{3})(\d{3})(\d{4})(\d{2})$/, '$1.$2.$3/$4-$5');
  if (digits.length === 11) return digits.replace(/^(\d{3})(\d{3})(\d{3})(\d{2})$/, '$1.$2.$3-$4');
  return doc;
}

/** A competence (aaaa-mm, the month a note's service belongs to) as mm/aaaa. */
export function formatCompetencia(competencia: string | null | undefined): string {
  const m = /^(\d{4})-(\d{2})/.exec(competencia ?? '');
  return m ? `${m[2]}/${m[1]}` : (competencia ?? '—');
}

/** A date typed as dd/mm/aaaa → aaaa-mm-dd (the API's date text); null when it is not a date. */
export function parseDataBr(typed: string): string | null {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(typed.trim());
  if (!m) return null;
  const [, d, mo, y] = m;
  const date = new Date(`${y}-${mo}-${d}T12:00:00Z`);
  if (Number.isNaN(date.getTime()) || date.getUTCDate() !== Number(d) || date.getUTCMonth() + 1 !== Number(mo))
    return null;
  return `${y}-${mo}-${d}`;
}

/** A filter form's typed "desde" and "até" days as aaaa-mm-dd (a blank one left out); the message for one that is not a date. */
export function typedDays(desde: string, ate: string): { desde?: string; ate?: string } | string {
  const days: { desde?: string; ate?: string } = {};
  for (const [bound, typed] of [
    ['desde', desde.trim()],
    ['ate', ate.trim()],
  ] as const) {
    if (!typed) continue;
    const day = parseDataBr(typed);
    if (!day) return `Data inválida: ${typed}. Use dd/mm/aaaa.`;
    days[bound] = day;
  }
  return days;
}

/** Start of a day in Brasília (UTC−03:00, no daylight saving since 2019) as an ISO instant. */
export function startOfDayBr(isoDate: string): string {
  return `${isoDate}T00:00:00-03:00`;
}

/** End of a day in Brasília as an ISO instant (exclusive bound: the next day's start). */
export function endOfDayBr(isoDate: string): string {
  const next = new Date(`${isoDate}T00:00:00-03:00`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString();
}

// Codes a server message may carry as they are stored (regime_tributario, regime_apuracao_simples), in words.
const CODE_WORDS: Record<string, string> = { ...REGIMES, ...APURACAO };

/**
 * A server message (readiness, an event's member) as a person reads it: ISO days and instants as dd/mm/aaaa
 * (instants in Brasília time, with the hour), stored codes of regimes in words. Anything else is left as it is.
 */
export function readableText(text: string): string {
  return text
    .replace(/\b(\d{4})-(\d{2})-(\d{2})T[\d:.]+(?:Z|[+-]\d{2}:\d{2})/g, (iso) => formatDateTime(iso))
    .replace(/\b(\d{4})-(\d{2})-(\d{2})\b/g, (_m, y: string, mo: string, d: string) => `${d}/${mo}/${y}`)
    .replace(/\b[a-z]+(?:_[a-z]+)+\b/g, (code) => CODE_WORDS[code] ?? code);
}
