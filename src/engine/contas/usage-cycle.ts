/**
 * The usage cycle is the calendar month in Brasília time (UTC-3, no daylight saving since 2019): the month a
 * Brazilian customer sees on the invoice of the plan.
 */
export function usageCycle(now: Date): { ciclo: string; inicio: Date; fim: Date } {
  const local = new Date(now.getTime() - 3 * 3_600_000);
  const y = local.getUTCFullYear();
  const m = local.getUTCMonth();
  const inicio = new Date(Date.UTC(y, m, 1, 3));
  const fim = new Date(Date.UTC(y, m + 1, 1, 3));
  return { ciclo: `${y}-${String(m + 1).padStart(2, '0')}`, inicio, fim };
}
