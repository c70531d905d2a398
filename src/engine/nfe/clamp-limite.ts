/**
 * `limite` of the NF-e lists: default 50, clamped to 1..100, never refused (as GET /v1/nfse). The facade
 * has already made the query text an Int (clampedPageSizeParam).
 */
export const clampLimite = (limite: number | null | undefined): number => (limite == null ? 50 : Math.min(100, Math.max(1, Math.trunc(limite))));
