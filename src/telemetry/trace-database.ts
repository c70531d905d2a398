import type { Tracer } from '@opentelemetry/api';
import type { Database, Db } from '../db/database.js';
import type { PreparedSql } from '../db/sql-runner.js';
import { inChildSpan } from './in-child-span.js';

/**
 * The database with a span per statement made inside a trace: every Prisma operation (a query extension, so
 * transactions' statements too) and every named statement. The rest of the database (migrations, pool, close)
 * is the one given.
 */
export function traceDatabase(database: Database, tracer: Tracer): Database {
  const system = database.kind === 'postgres' ? 'postgresql' : 'pglite';
  const prisma = database.prisma.$extends({
    query: {
      $allOperations: ({ model, operation, args, query }) =>
        inChildSpan(
          tracer,
          model ? `prisma ${model}.${operation}` : `prisma ${operation}`,
          {
            'db.system.name': system,
            'db.operation.name': operation,
            ...(model ? { 'db.collection.name': model } : {}),
          },
          () => query(args),
        ),
    },
  }) as unknown as Db;
  const prepared: PreparedSql = (name, text, values) =>
    inChildSpan(tracer, `sql ${name}`, { 'db.system.name': system, 'db.query.summary': name }, () =>
      database.prepared(name, text, values),
    );
  return { ...database, prisma, prepared };
}
