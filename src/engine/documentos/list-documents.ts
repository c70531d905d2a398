import type { Prisma } from '../../generated/prisma/client.js';
import type { Principal } from '../chaves/principal.js';
import type { EngineDeps } from '../engine-deps.js';
import { EngineError } from '../errors.js';
import { isUuid } from '../nucleo/new-id.js';
import { pageLimit, type PageLimit } from '../nucleo/page-limit.js';
import { presentDocument, type DocumentView } from './present-document.js';

export const DOCUMENTOS_LIMITE: PageLimit = { padrao: 20, maximo: 100, foraDosLimites: 'recusa' };

export interface ListDocumentsOptions {
  cursor?: string | null;
  limite?: number | null;
  empresaId?: string | null;
  tipo?: string | null;
  papel?: string | null;
  /** Emission date range, AAAA-MM-DD, inclusive, Brasília time. */
  de?: string | null;
  ate?: string | null;
}

const TIPOS = ['NFSE', 'NFE', 'CTE'];
const PAPEIS = ['RECEBIDA', 'EMITIDA'];
const DATA = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

// Query parameters are named in the message (campo null: it points into a body only).
const invalid = (mensagem: string, correcao: string) => new EngineError('parametro_invalido', mensagem, { correcao });

/**
 * `GET /v1/documents`: newest captured first, keyset over (created_at, id); `limite` 20 by
 * default, 1..100 (out of range is 400 here). Production data only: the route is guarded by the `live` scope.
 */
export async function listDocuments(deps: Pick<EngineDeps, 'db'>, principal: Principal, o: ListDocumentsOptions) {
  const limite = pageLimit(o.limite, DOCUMENTOS_LIMITE);
  const where = documentWhere(principal, o);
  const after = o.cursor ? decodeCursor(o.cursor) : null;
  const rows = await deps.db.receivedDocument.findMany({
    where: {
      ...where,
      ...(after
        ? { OR: [{ createdAt: { lt: after.createdAt } }, { createdAt: after.createdAt, id: { lt: after.id } }] }
        : {}),
    },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: limite + 1,
  });
  const page = rows.slice(0, limite);
  const last = page.at(-1);
  return {
    itens: page.map((d) => presentDocument(d)),
    proximoCursor: rows.length > limite && last ? encodeCursor(last.createdAt, last.id) : null,
  };
}

/** How many documents match the filters (a dashboard's `totalCount`): one COUNT. */
export async function countDocuments(
  deps: Pick<EngineDeps, 'db'>,
  principal: Principal,
  o: ListDocumentsOptions,
): Promise<number> {
  return deps.db.receivedDocument.count({ where: documentWhere(principal, o) });
}

/** The cursor that continues after this document (the same opaque form as `proximoCursor`). */
export const documentCursor = (d: DocumentView): string => encodeCursor(d.capturadoEm, d.id);

const encodeCursor = (createdAt: Date, id: string) =>
  Buffer.from(`dc1|${createdAt.toISOString()}|${id}`).toString('base64url');

function documentWhere(principal: Principal, o: ListDocumentsOptions): Prisma.ReceivedDocumentWhereInput {
  if (o.tipo && !TIPOS.includes(o.tipo))
    throw invalid(`tipo desconhecido: ${o.tipo}.`, `Use um de: ${TIPOS.join(', ')}.`);
  if (o.papel && !PAPEIS.includes(o.papel))
    throw invalid(`papel desconhecido: ${o.papel}.`, `Use um de: ${PAPEIS.join(', ')}.`);
  for (const [nome, valor] of [
    ['de', o.de],
    ['ate', o.ate],
  ] as const) {
    if (valor && !DATA.test(valor))
      throw invalid(`${nome} deve ser uma data AAAA-MM-DD.`, 'Informe a data de emissão no formato AAAA-MM-DD.');
  }
  if (o.empresaId && !isUuid(o.empresaId))
    throw invalid('empresa_id não é o id de uma empresa.', 'Use o id devolvido por GET /v1/companies.');
  if (o.empresaId && principal.companyId && o.empresaId !== principal.companyId) {
    // A key restricted to one company sees only that company.
    throw new EngineError('acesso_negado', 'Esta chave só acessa a própria empresa.', {
      correcao: 'Use uma chave da conta ou da empresa desejada.',
    });
  }
  const empresa = principal.companyId ?? o.empresaId ?? null;
  return {
    accountId: principal.accountId,
    environment: principal.environment,
    ...(empresa ? { companyId: empresa } : {}),
    ...(o.tipo ? { tipo: o.tipo } : {}),
    ...(o.papel ? { papel: o.papel } : {}),
    ...(o.de || o.ate
      ? {
          emitidaEm: {
            ...(o.de ? { gte: new Date(`${o.de}T00:00:00-03:00`) } : {}),
            ...(o.ate ? { lt: nextDay(o.ate) } : {}),
          },
        }
      : {}),
  };
}

function nextDay(date: string): Date {
  const d = new Date(`${date}T00:00:00-03:00`);
  return new Date(d.getTime() + 86_400_000);
}

function decodeCursor(cursor: string): { createdAt: Date; id: string } {
  const parts = /^[A-Za-z0-9_-]{1,200}$/.test(cursor) ? Buffer.from(cursor, 'base64url').toString().split('|') : [];
  const createdAt = new Date(parts[1] ?? '');
  if (parts.length !== 3 || parts[0] !== 'dc1' || Number.isNaN(createdAt.getTime()) || !isUuid(parts[2]!)) {
    throw invalid('Cursor inválido.', 'Use exatamente o proximoCursor devolvido pela página anterior.');
  }
  return { createdAt, id: parts[2]! };
}
