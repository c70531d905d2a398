import type { EngineDeps } from '../engine-deps.js';

/**
 * The logo bytes to print on a company's DANFSe/DANFE, or undefined. The caller has already scoped the note (and
 * so its company) to the principal; the company id comes from the note.
 */
export async function loadCompanyLogo(deps: Pick<EngineDeps, 'db'>, companyId: string): Promise<Buffer | undefined> {
  const logo = await deps.db.companyLogo.findUnique({ where: { companyId }, select: { bytes: true } });
  return logo ? Buffer.from(logo.bytes) : undefined;
}
