import { Prisma } from '../../generated/prisma/client.js';

/**
 * P2002 from a Prisma write; P2010 carrying the driver adapter's unique violation from a raw statement; SQLSTATE
 * 23505 from a named statement (EngineDeps.sql), as pg and PGlite report it.
 */
export const isUniqueViolation = (err: unknown) => {
  if (!(err instanceof Prisma.PrismaClientKnownRequestError))
    return typeof err === 'object' && err !== null && (err as { code?: unknown }).code === '23505';
  const cause = (err.meta?.driverAdapterError as { cause?: { kind?: string } } | undefined)?.cause;
  return err.code === 'P2002' || (err.code === 'P2010' && cause?.kind === 'UniqueConstraintViolation');
};
