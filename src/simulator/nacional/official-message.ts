import { readFileSync } from 'node:fs';
import { fiscalDataPath, type FiscalDataset } from '../../engine/tabelas/fiscal-data-dir.js';

/** RFC 4180-ish CSV (quoted fields with doubled quotes); the tables are small, so a full read is fine. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') ((field += '"'), i++);
      else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') (row.push(field), (field = ''));
    else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      (row.push(field), rows.push(row), (row = []), (field = ''));
    } else field += c;
  }
  if (field !== '' || row.length > 0) (row.push(field), rows.push(row));
  return rows.filter((r) => r.length > 1 || r[0] !== '');
}

function loadTable(dataset: FiscalDataset): string[][] {
  return parseCsv(readFileSync(fiscalDataPath(dataset), 'utf8').replace(/^\uFEFF/, '')).slice(1);
}

let errorMessages: Map<string, string> | undefined;
let municipios: Map<string, { nome: string; uf: string }> | undefined;
let servicos: Map<string, string> | undefined;

/** Official message of an E-code (error_codes.csv, 411 codes from Anexos I, II and IV). */
export function officialMessage(code: string): string | undefined {
  errorMessages ??= new Map(loadTable('codigosErroNfse').map((r) => [r[0], r[1]]));
  return errorMessages.get(code);
}

/** IBGE state prefix → UF; the table's own UF column is blank on some rows, the code's first two digits are not. */
const UF_BY_IBGE_PREFIX: Record<string, string> = {
  '11': 'RO',
  '12': 'AC',
  '13': 'AM',
  '14': 'RR',
  '15': 'PA',
  '16': 'AP',
  '17': 'TO',
  '21': 'MA',
  '22': 'PI',
  '23': 'CE',
  '24': 'RN',
  '25': 'PB',
  '26': 'PE',
  '27': 'AL',
  '28': 'SE',
  '29': 'BA',
  '31': 'MG',
  '32': 'ES',
  '33': 'RJ',
  '35': 'SP',
  '41': 'PR',
  '42': 'SC',
  '43': 'RS',
  '50': 'MS',
  '51': 'MT',
  '52': 'GO',
  '53': 'DF',
};

export function municipio(cMun: string): { nome: string; uf: string } | undefined {
  municipios ??= new Map(
    loadTable('municipiosIbge').map((r) => [r[3], { nome: r[2], uf: UF_BY_IBGE_PREFIX[r[3].slice(0, 2)] ?? r[1] }]),
  );
  return municipios.get(cMun);
}

export function tribNacDescricao(cTribNac: string): string | undefined {
  servicos ??= new Map(loadTable('listaServicoNacional').map((r) => [r[0], r[3] || r[4]]));
  return servicos.get(cTribNac);
}
