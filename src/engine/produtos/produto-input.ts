import { Decimal } from 'decimal.js';
import { EngineError, type ErrorItem } from '../errors.js';
import { SEM_GTIN } from './gtin-problem.js';

/** A tax group's defaults: CST (or, for ICMS under the Simples Nacional, CSOSN) and the rate in percent. */
export interface TributoPadrao {
  cst?: string;
  csosn?: string;
  aliquota?: string;
}

/** Default tax data of the product for NF-e items; groups named as in the 4.00 layout, in snake_case. */
export interface Tributacao {
  cfop?: string;
  icms?: TributoPadrao;
  ipi?: TributoPadrao;
  pis?: TributoPadrao;
  cofins?: TributoPadrao;
}

export interface ProdutoFields {
  descricao: string;
  ncm: string;
  cest: string | null;
  /** null = no GTIN (cEAN "SEM GTIN"). */
  gtin: string | null;
  unidade: string;
  origem: number;
  tributacao: Tributacao | null;
}

export interface ProdutoInput extends ProdutoFields {
  empresa_id: string | null;
  sku: string;
}

/** PATCH: only the members sent; `cest`, `gtin` and `tributacao` may be null to clear them. */
export type ProdutoPatch = Partial<ProdutoFields>;

const CREATE_FIELDS = ['empresa_id', 'sku', 'descricao', 'ncm', 'cest', 'gtin', 'unidade', 'origem', 'tributacao'];
const PATCH_FIELDS = ['descricao', 'ncm', 'cest', 'gtin', 'unidade', 'origem', 'tributacao'];
const GRUPOS = ['icms', 'ipi', 'pis', 'cofins'] as const;
const ALIQUOTA = /^\d{1,3}(\.\d{1,4})?$/;

/** Body of `POST /v1/produtos` (shape and formats; the official tables are checked by `checkProdutoCodes`). */
export function parseProdutoInput(body: unknown): ProdutoInput {
  const r = reader(body, CREATE_FIELDS);
  const input: ProdutoInput = {
    empresa_id: r.text('empresa_id', false, 36),
    sku: r.text('sku', true, 60) ?? '',
    descricao: r.text('descricao', true, 120) ?? '',
    ncm: r.ncm(true) ?? '',
    cest: r.cest(),
    gtin: r.gtin(),
    unidade: r.text('unidade', true, 6) ?? '',
    origem: r.origem(true) ?? 0,
    tributacao: r.tributacao(),
  };
  r.done();
  return input;
}

export function parseProdutoPatch(body: unknown): ProdutoPatch {
  const r = reader(body, PATCH_FIELDS, { sku: 'o SKU identifica o produto e não muda', empresa_id: 'o produto não muda de empresa' });
  const patch: ProdutoPatch = {};
  if (r.has('descricao')) patch.descricao = r.text('descricao', true, 120) ?? '';
  if (r.has('ncm')) patch.ncm = r.ncm(true) ?? '';
  if (r.has('cest')) patch.cest = r.cest();
  if (r.has('gtin')) patch.gtin = r.gtin();
  if (r.has('unidade')) patch.unidade = r.text('unidade', true, 6) ?? '';
  if (r.has('origem')) patch.origem = r.origem(true) ?? 0;
  if (r.has('tributacao')) patch.tributacao = r.tributacao();
  r.done();
  return patch;
}

function reader(body: unknown, fields: string[], fixed: Record<string, string> = {}) {
  const erros: ErrorItem[] = [];
  const add = (campo: string, mensagem: string, correcao: string, codigo = 'formato_invalido') =>
    erros.push({ codigo, campo, mensagem, correcao });
  if (!isObject(body)) {
    throw invalid([{ codigo: 'tipo_invalido', campo: '', mensagem: 'o corpo deve ser um objeto JSON', correcao: 'Envie um objeto.' }]);
  }
  for (const key of Object.keys(body)) {
    if (fixed[key]) add(`/${key}`, fixed[key], 'Remova o campo do corpo.', 'campo_desconhecido');
    else if (!fields.includes(key)) add(`/${key}`, 'campo desconhecido', 'Remova o campo.', 'campo_desconhecido');
  }

  const text = (name: string, required: boolean, max: number): string | null => {
    const value = body[name];
    if (value === undefined || value === null) {
      if (required) add(`/${name}`, 'campo obrigatório', `Informe ${name}.`, 'campo_obrigatorio');
      return null;
    }
    if (typeof value !== 'string') {
      add(`/${name}`, 'deve ser texto', `Envie ${name} como string.`, 'tipo_invalido');
      return null;
    }
    const trimmed = value.trim();
    if (required && !trimmed) add(`/${name}`, 'não pode ser vazio', `Informe ${name}.`, 'campo_obrigatorio');
    if (trimmed.length > max) add(`/${name}`, `no máximo ${max} caracteres (leiaute da NF-e)`, 'Encurte o valor.');
    return trimmed || null;
  };

  const digits = (name: string, required: boolean, size: number, label: string): string | null => {
    const value = text(name, required, 20);
    if (value === null) return null;
    const clean = value.replace(/\./g, '');
    if (!new RegExp(`^\\d{${size}}$`).test(clean)) {
      add(`/${name}`, `${label} tem ${size} dígitos`, `Informe os ${size} dígitos do ${label}, com ou sem pontos.`);
      return null;
    }
    return clean;
  };

  const group = (pointer: string, value: unknown, icms: boolean): TributoPadrao | undefined => {
    if (value === undefined || value === null) return undefined;
    if (!isObject(value)) {
      add(pointer, 'deve ser um objeto', 'Envie {cst, aliquota}.', 'tipo_invalido');
      return undefined;
    }
    const allowed = icms ? ['cst', 'csosn', 'aliquota'] : ['cst', 'aliquota'];
    for (const key of Object.keys(value)) if (!allowed.includes(key)) add(`${pointer}/${key}`, 'campo desconhecido', 'Remova o campo.', 'campo_desconhecido');
    const out: TributoPadrao = {};
    for (const key of allowed) {
      const v = value[key];
      if (v === undefined || v === null) continue;
      if (typeof v !== 'string') {
        add(`${pointer}/${key}`, 'deve ser texto', key === 'aliquota' ? 'Envie a alíquota como string decimal, por exemplo "18.00".' : `Envie ${key} como string.`, 'tipo_invalido');
        continue;
      }
      const ok = key === 'cst' ? /^\d{2}$/.test(v) : key === 'csosn' ? /^\d{3}$/.test(v) : ALIQUOTA.test(v) && new Decimal(v).lte(100);
      if (!ok) {
        const expected = key === 'cst' ? 'CST com 2 dígitos' : key === 'csosn' ? 'CSOSN com 3 dígitos' : 'alíquota em percentual de 0 a 100, até 4 casas decimais';
        add(`${pointer}/${key}`, expected, 'Corrija o valor conforme o leiaute da NF-e 4.00.');
        continue;
      }
      out[key as keyof TributoPadrao] = v;
    }
    if (icms && out.cst && out.csosn) add(pointer, 'informe cst ou csosn, não os dois', 'CSOSN é do Simples Nacional; CST dos demais regimes.');
    return out;
  };

  return {
    has: (name: string) => name in body,
    text,
    ncm: (required: boolean) => digits('ncm', required, 8, 'NCM'),
    cest: () => digits('cest', false, 7, 'CEST'),
    gtin: (): string | null => {
      // Any length passes here so that a wrong one is reported as gtin_invalido by the GTIN check.
      const value = text('gtin', false, 40);
      if (value === null || value.toUpperCase() === SEM_GTIN) return null;
      return value;
    },
    origem: (required: boolean): number | null => {
      const value = body.origem;
      if (value === undefined || value === null) {
        if (required) add('/origem', 'campo obrigatório', 'Informe a origem da mercadoria (0 a 8).', 'campo_obrigatorio');
        return null;
      }
      if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > 8) {
        add('/origem', 'origem da mercadoria é um inteiro de 0 a 8 (tabela de origem do ICMS)', 'Use 0 para nacional, 1 ou 2 para estrangeira, 3 a 8 conforme o conteúdo de importação.', typeof value === 'number' ? 'formato_invalido' : 'tipo_invalido');
        return null;
      }
      return value;
    },
    tributacao: (): Tributacao | null => {
      const value = body.tributacao;
      if (value === undefined || value === null) return null;
      if (!isObject(value)) {
        add('/tributacao', 'deve ser um objeto', 'Envie {cfop, icms, ipi, pis, cofins}.', 'tipo_invalido');
        return null;
      }
      const out: Tributacao = {};
      for (const key of Object.keys(value)) {
        if (key !== 'cfop' && !(GRUPOS as readonly string[]).includes(key)) add(`/tributacao/${key}`, 'campo desconhecido', 'Remova o campo.', 'campo_desconhecido');
      }
      if (value.cfop !== undefined && value.cfop !== null) {
        if (typeof value.cfop !== 'string' || !/^[1-7]\d{3}$/.test(value.cfop)) {
          add('/tributacao/cfop', 'CFOP tem 4 dígitos e começa por 1 a 7', 'Informe o CFOP padrão de saída do produto, por exemplo "5102".');
        } else {
          out.cfop = value.cfop;
        }
      }
      for (const grupo of GRUPOS) {
        const parsed = group(`/tributacao/${grupo}`, value[grupo], grupo === 'icms');
        if (parsed) out[grupo] = parsed;
      }
      return out;
    },
    done: () => {
      if (erros.length) throw invalid(erros);
    },
  };
}

export function invalid(erros: ErrorItem[]): EngineError {
  return new EngineError('validacao', `O produto tem ${erros.length} erro(s) de validação.`, {
    campo: erros[0]?.campo ?? null,
    correcao: 'Corrija cada item de erros e envie de novo.',
    extra: { erros },
  });
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
