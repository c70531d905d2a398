/**
 * Competence month "YYYY-MM" of an instant in Brasília time. Brazil has had no daylight saving since 2019, so
 * the fixed UTC−03:00 offset is exact for the present (America/Sao_Paulo).
 */
export function competenciaDe(now: Date): string {
  const brasilia = new Date(now.getTime() - 3 * 60 * 60 * 1000);
  const ano = brasilia.getUTCFullYear();
  const mes = brasilia.getUTCMonth() + 1;
  return `${String(ano).padStart(4, '0')}-${String(mes).padStart(2, '0')}`;
}
