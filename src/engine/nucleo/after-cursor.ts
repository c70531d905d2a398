/** Rows after the cursor in newest-first order. */
export const afterCursor = (after: { createdAt: Date; id: string } | null) =>
  after ? { OR: [{ createdAt: { lt: after.createdAt } }, { createdAt: after.createdAt, id: { lt: after.id } }] } : {};
