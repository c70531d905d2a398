import type { Prisma } from '../../generated/prisma/client.js';
import type { Principal } from '../chaves/principal.js';
import { assertCompanyAllowed } from '../chaves/assert-company-allowed.js';
import { parameterError } from '../errors.js';
import { parseEmpresaId } from '../nucleo/parse-empresa-id.js';
import { parsePeriodo } from '../nucleo/parse-periodo.js';
import { foldName } from './fold-name.js';
import type { NoteFilter, NoteKind } from './note-filter.js';

/** Shortest `tomador` searched: fewer characters match too much of an account to be a search (and no index helps). */
export const TOMADOR_MINIMO = 3;
const TOMADOR_MAXIMO = 100;
const DIGITS_ONLY = /^[\d.\-/\s]+$/;
const VALOR = /^\d{1,13}(\.\d{1,2})?$/;

/**
 * The condition of a list of notes of one kind: the key's scope (account, environment, company restriction) and
 * every member of the filter. Each value is checked here, so GraphQL and REST refuse alike (400
 * `parametro_invalido` naming the REST query parameter).
 */
export function noteWhere(kind: 'nfse', principal: Principal, filter: NoteFilter): Prisma.NfseWhereInput;
export function noteWhere(kind: 'nfe', principal: Principal, filter: NoteFilter): Prisma.NfeWhereInput;
export function noteWhere(
  kind: NoteKind,
  principal: Principal,
  filter: NoteFilter,
): Prisma.NfseWhereInput | Prisma.NfeWhereInput {
  const empresaId = parseEmpresaId(filter.empresaId);
  if (empresaId) assertCompanyAllowed(principal, empresaId);
  const periodo = parsePeriodo(filter.desde, filter.ate);
  const valor = valorRange(filter.valorMin, filter.valorMax);
  const numero = digitsParam('numero', filter.numero, 15);
  const chave = digitsParam('chave', filter.chave, 50);
  const tomador = tomadorCondition(filter.tomador);
  const and: object[] = [];
  if (numero) {
    and.push(kind === 'nfe' ? { numero: BigInt(numero) } : { OR: [{ numero }, { numeroDps: BigInt(numero) }] });
  }
  return {
    accountId: principal.accountId,
    environment: principal.environment,
    ...(principal.companyId ? { companyId: principal.companyId } : {}),
    ...(empresaId ? { companyId: empresaId } : {}),
    ...(filter.status?.length ? { status: { in: [...filter.status] } } : {}),
    ...(periodo ? { createdAt: periodo } : {}),
    ...(filter.referencia ? { referencia: { startsWith: filter.referencia } } : {}),
    ...(chave ? { chaveAcesso: chave } : {}),
    ...(tomador ?? {}),
    ...(valor ? (kind === 'nfe' ? { valorTotal: valor } : { valor }) : {}),
    ...(and.length ? { AND: and } : {}),
  };
}

function digitsParam(name: string, value: string | null | undefined, max: number): string | null {
  if (value === undefined || value === null || value === '') return null;
  if (!new RegExp(`^\\d{1,${max}}$`).test(value)) {
    throw parameterError('parametro_invalido', { query: name }, `deve ter só dígitos (1 a ${max}): ${value}.`, {
      correcao: `Informe o ${name} sem pontuação.`,
    });
  }
  return value;
}

function valorRange(
  min: string | null | undefined,
  max: string | null | undefined,
): { gte?: string; lte?: string } | null {
  const bound = (name: string, value: string | null | undefined): string | null => {
    if (value === undefined || value === null || value === '') return null;
    if (!VALOR.test(value)) {
      throw parameterError('parametro_invalido', { query: name }, `valor inválido: ${value}.`, {
        correcao: 'Use um decimal com ponto e até 2 casas (1500.00).',
      });
    }
    return value;
  };
  const gte = bound('valor_min', min);
  const lte = bound('valor_max', max);
  if (gte && lte && Number(gte) > Number(lte)) {
    throw parameterError('parametro_invalido', { query: 'valor_min' }, `${gte} é maior que valor_max (${lte}).`, {
      correcao: 'Informe valor_min menor ou igual a valor_max.',
    });
  }
  if (!gte && !lte) return null;
  return { ...(gte ? { gte } : {}), ...(lte ? { lte } : {}) };
}

/**
 * Digits (punctuation allowed): the document starts with them, as a range over its index (documents are letters
 * and digits, so everything starting with "123" sorts from "123" up to, not including, "124"). Otherwise part of
 * the folded name.
 */
function tomadorCondition(value: string | null | undefined) {
  if (value === undefined || value === null) return null;
  const term = value.trim();
  if (term === '') return null;
  if (DIGITS_ONLY.test(term)) {
    const digits = term.replace(/\D/g, '');
    if (digits.length < TOMADOR_MINIMO || digits.length > 14) throw tomadorError(term);
    const upper = nextPrefix(digits);
    return { tomadorDocumento: upper ? { gte: digits, lt: upper } : { startsWith: digits } };
  }
  const folded = foldName(term);
  if ([...folded].length < TOMADOR_MINIMO || [...folded].length > TOMADOR_MAXIMO) throw tomadorError(term);
  // Prisma passes `contains` to LIKE as it is: a % or _ of the term is a character of the name, not a wildcard.
  return { tomadorNome: { contains: folded.replace(/[\\%_]/g, '\\$&') } };
}

/** The smallest digit string after every string that starts with `digits` ("129" → "13"); null for all nines. */
function nextPrefix(digits: string): string | null {
  const trimmed = digits.replace(/9+$/, '');
  if (trimmed === '') return null;
  return trimmed.slice(0, -1) + String(Number(trimmed.at(-1)) + 1);
}

const tomadorError = (term: string) =>
  parameterError('parametro_invalido', { query: 'tomador' }, `busca inválida: ${term}.`, {
    correcao: `Informe de ${TOMADOR_MINIMO} a 14 dígitos do CPF/CNPJ ou de ${TOMADOR_MINIMO} a ${TOMADOR_MAXIMO} letras do nome.`,
  });
