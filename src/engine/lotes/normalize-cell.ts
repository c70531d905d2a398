// Cells as people leave them in Excel or LibreOffice, turned into the strings the JSON request carries: only
// what is unambiguous is normalised; the rest reaches the line's validation as is and is reported there with
// its `campo`.

/** Digit fields whose leading zeros a numeric cell drops, and the widths that restore them. */
const WIDTHS: Record<string, number[]> = {
  'tomador.documento': [11, 14],
  'tomador.endereco.cep': [8],
  'servico.obra.cep': [8],
  'servico.codigo_nacional': [6],
  'servico.nbs': [9],
};
const MONEY = new Set(['valor', 'servico.aliquota_iss']);
const BOOLEANS = new Set(['servico.iss_retido']);
const TRUE = new Set(['sim', 's', 'true', 'verdadeiro', '1', 'x']);
const FALSE = new Set(['nao', 'não', 'n', 'false', 'falso', '0']);
// Excel's day 0 (serial 1 = 1900-01-01, with its 1900 leap-year bug folded in).
const EXCEL_EPOCH = Date.UTC(1899, 11, 30);

export function normalizeCell(path: string, raw: unknown): unknown {
  const value = plain(raw);
  if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) return undefined;
  if (path === 'competencia') return competencia(value);
  if (BOOLEANS.has(path)) return booleano(value);
  if (MONEY.has(path)) return money(value);
  const text =
    value instanceof Date
      ? value.toISOString().slice(0, 10)
      : typeof value === 'number'
        ? numberText(value)
        : String(value).trim();
  const widths = WIDTHS[path];
  if (widths && /^\d+$/.test(text)) {
    // A CPF that lost zeros has at most 11 digits, a CNPJ 12 to 14: the length says which one it was.
    const width = widths.find((w) => text.length <= w);
    if (width) return text.padStart(width, '0');
  }
  return text;
}

/** Formula results, rich text and hyperlinks reduced to their value. */
function plain(v: unknown): unknown {
  if (v === null || typeof v !== 'object' || v instanceof Date) return v;
  const o = v as Record<string, unknown>;
  if (Array.isArray(o.richText)) return (o.richText as Array<{ text: string }>).map((r) => r.text).join('');
  if ('result' in o) return plain(o.result);
  if ('text' in o) return plain(o.text);
  return undefined;
}

function numberText(n: number): string {
  return Number.isInteger(n) ? BigInt(Math.round(n)).toString() : String(n);
}

/** 1500.5 → "1500.50"; "1.500,50" or "1500,5" → "1500.50"; anything else as typed (validation reports it). */
function money(v: unknown): unknown {
  if (typeof v === 'number') {
    const text = numberText(v);
    return /^\d+(\.\d{1,2})?$/.test(text) ? v.toFixed(2) : text;
  }
  const t = String(v).trim();
  if (/^\d{1,3}(\.\d{3})+(,\d{1,2})?$/.test(t) || /^\d+,\d{1,2}$/.test(t)) {
    const [int, dec = ''] = t.replace(/\./g, '').split(',');
    return `${int}.${dec.padEnd(2, '0')}`;
  }
  return t;
}

/** A date cell, an Excel serial, "11/2026", "01/11/2026" or "2026-11-05" → "2026-11". */
function competencia(v: unknown): unknown {
  const date =
    v instanceof Date
      ? v
      : typeof v === 'number' && v > 0 && v < 2_958_466
        ? new Date(EXCEL_EPOCH + Math.round(v) * 86_400_000)
        : null;
  if (date) return `${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, '0')}`;
  const t = String(v).trim();
  let m = /^(\d{1,2})\/(\d{4})$/.exec(t);
  if (m) return `${m[2]}-${m[1]!.padStart(2, '0')}`;
  m = /^\d{1,2}\/(\d{1,2})\/(\d{4})$/.exec(t);
  if (m) return `${m[2]}-${m[1]!.padStart(2, '0')}`;
  m = /^(\d{4})-(\d{2})-\d{2}$/.exec(t);
  if (m) return `${m[1]}-${m[2]}`;
  return t;
}

function booleano(v: unknown): unknown {
  if (typeof v === 'boolean') return v;
  const t = String(v).trim().toLowerCase();
  if (TRUE.has(t)) return true;
  if (FALSE.has(t)) return false;
  return String(v);
}
