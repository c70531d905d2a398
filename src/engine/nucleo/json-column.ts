import type { Prisma } from '../../generated/prisma/client.js';

/**
 * A JSON column read back as the shape the engine stored in it. Prisma types every JSON column as `JsonValue`;
 * the engine is the only writer of these columns, so the shape it wrote is the shape it reads.
 */
export function readJsonColumn<T>(value: Prisma.JsonValue): T {
  return value as T;
}

/**
 * A value the engine stores in a JSON column. Its interfaces have no index signature, which Prisma's JSON types
 * require of an object, though every member is JSON.
 */
export function toJsonColumn(value: object): Prisma.InputJsonValue & Prisma.JsonValue {
  return value as Prisma.InputJsonValue & Prisma.JsonValue;
}
