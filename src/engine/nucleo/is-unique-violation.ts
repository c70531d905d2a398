import { Prisma } from '../../generated/prisma/client.js';

/** P2002 from a Prisma write; P2010 carrying the driver adapter's unique violation from a raw statement. */
export const isUniqueViolation = (err: unknown) => {
  if (!(err instanceof Prisma.PrismaClientKnownRequestError)) return false;
  const cause = (err.meta?.driverAdapterError as { cause?: { kind?: string } } | undefined)?.cause;
  return err.code === 'P2002' || (err.code === 'P2010' && cause?.kind === 'UniqueConstraintViolation');
};
