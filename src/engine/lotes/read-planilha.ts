import { EngineError, type ErrorItem } from '../errors.js';
import { normalizeCell } from './normalize-cell.js';
import { openFirstSheet } from './open-first-sheet.js';
import type { PlanilhaBytes } from './planilha-bytes.js';

/** Column names a sheet may use: the JSON paths of the single-note request. */
export const COLUNAS = [
  'referencia',
  'competencia',
  'valor',
  'informacoes_complementares',
  'tomador.documento',
  'tomador.nome',
  'tomador.email',
  'tomador.telefone',
  'tomador.inscricao_municipal',
  'tomador.endereco.cep',
  'tomador.endereco.logradouro',
  'tomador.endereco.numero',
  'tomador.endereco.complemento',
  'tomador.endereco.bairro',
  'tomador.endereco.municipio',
  'servico.descricao',
  'servico.codigo_nacional',
  'servico.aliquota_iss',
  'servico.iss_retido',
  'servico.nbs',
  'servico.municipio_prestacao',
  'servico.obra.cno',
  'servico.obra.cib',
  'servico.obra.cep',
  'servico.obra.numero',
  'servico.obra.logradouro',
  'servico.obra.complemento',
  'servico.obra.bairro',
  'servico.obra.municipio',
  'servico.obra.inscricao_imobiliaria',
  'prestador.inscricao_municipal',
] as const;

// Unknown columns listed in a refusal, and the characters of each name quoted.
const LISTED_COLUMNS = 20;
const NAME_SHOWN = 60;
const shortened = (name: string) => (name.length > NAME_SHOWN ? `${name.slice(0, NAME_SHOWN)}…` : name);

const invalid = (mensagem: string, correcao: string, erros?: ErrorItem[]) =>
  new EngineError('planilha_invalida', mensagem, { campo: null, correcao, ...(erros && { extra: { erros } }) });

/**
 * The items of the first sheet of an .xlsx, one at a time as exceljs' streaming reader parses its rows (rows are
 * parsed as they are inflated, and each item is handed on before the next row is read, so memory holds a row,
 * never the sheet). Row 1 names the columns; each later row is one item, trailing empty rows dropped. Stops
 * after `max + 1` items: the caller reports the limit.
 */
export async function* readPlanilha(file: PlanilhaBytes, max: number): AsyncGenerator<Record<string, unknown>> {
  let columns: Array<string | undefined> | null = null;
  let count = 0;
  // Empty rows are held until a later row has content: trailing ones are no items.
  let blanks = 0;
  const rows = (async function* () {
    try {
      const sheet = await openFirstSheet(file);
      if (sheet) yield* sheet;
    } catch (err) {
      if (err instanceof EngineError) throw err;
      throw invalid(
        'O arquivo em planilha não é uma planilha .xlsx legível.',
        'Salve a planilha no formato .xlsx (Excel ou LibreOffice) e envie de novo.',
      );
    }
  })();
  for await (const row of rows) {
    const values = (row.values as unknown[]) ?? [];
    if (!columns) {
      columns = headerOf(values, row.number);
      continue;
    }
    const item = rowItem(values, columns);
    if (Object.keys(item).length === 0) {
      blanks++;
      continue;
    }
    for (; blanks > 0; blanks--) {
      yield {};
      if (++count > max) return;
    }
    yield item;
    if (++count > max) return;
  }
  if (!columns)
    throw invalid(
      'A planilha não tem linha de cabeçalho.',
      `Use a primeira linha para os nomes das colunas, como ${COLUNAS.slice(0, 5).join(', ')}.`,
    );
}

function headerOf(values: unknown[], rowNumber: number): Array<string | undefined> {
  const names = values.map((v) =>
    v === null || v === undefined
      ? undefined
      : String(
          typeof v === 'object' && 'richText' in (v as object)
            ? (v as { richText: Array<{ text: string }> }).richText.map((r) => r.text).join('')
            : v,
        )
          .trim()
          .toLowerCase(),
  );
  if (rowNumber !== 1 || !names.some(Boolean)) {
    throw invalid(
      'A planilha não tem linha de cabeçalho na linha 1.',
      `Use a primeira linha para os nomes das colunas, como ${COLUNAS.slice(0, 5).join(', ')}.`,
    );
  }
  const unknown = names.flatMap((name, i) => (name && !(COLUNAS as readonly string[]).includes(name) ? [i] : []));
  if (unknown.length) {
    // A header may run to Excel's last column: the first few are listed, each name cut short, the rest counted.
    const erros: ErrorItem[] = unknown.slice(0, LISTED_COLUMNS).map((i) => ({
      codigo: 'coluna_desconhecida',
      campo: null,
      mensagem: `Coluna ${columnLetter(i)} ("${shortened(names[i]!)}") não é um campo da nota.`,
      correcao: `Use nomes de coluna como ${COLUNAS.join(', ')}.`,
    }));
    const rest = unknown.length - erros.length;
    throw invalid(
      `A planilha tem ${unknown.length} coluna(s) desconhecida(s)${rest ? `; as ${LISTED_COLUMNS} primeiras estão em erros` : ''}.`,
      'Renomeie ou remova as colunas listadas em erros.',
      erros,
    );
  }
  return names;
}

/** One row as the JSON item it stands for ("tomador.documento" → {tomador: {documento}}). */
function rowItem(values: unknown[], columns: Array<string | undefined>): Record<string, unknown> {
  const item: Record<string, unknown> = {};
  columns.forEach((path, i) => {
    if (!path) return;
    const value = normalizeCell(path, values[i]);
    if (value === undefined) return;
    const keys = path.split('.');
    let node = item;
    for (const key of keys.slice(0, -1)) node = (node[key] ??= {}) as Record<string, unknown>;
    node[keys.at(-1)!] = value;
  });
  return item;
}

function columnLetter(index: number): string {
  let s = '';
  for (let n = index; n > 0; n = Math.floor((n - 1) / 26)) s = String.fromCharCode(65 + ((n - 1) % 26)) + s;
  return s;
}
