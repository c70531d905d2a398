import { createHash } from 'node:crypto';
import type { TransmissionDeps } from '../../transmission-deps.js';

/**
 * Stores the protocol of a lot just received with the note's `dados_documento`, before anything else asks about
 * the lot, so every later step follows that lot instead of sending it again. Kept only while the note still holds
 * the document that went (a correction would have replaced it); the document is compared by its digest, one short
 * statement instead of the signed lot sent back to the database to be compared.
 */
export async function keepLotProtocol(
  deps: Pick<TransmissionDeps, 'db'>,
  note: { id: string; dpsXml: string | null },
  dados: Record<string, unknown>,
): Promise<void> {
  const digest = createHash('md5')
    .update(note.dpsXml ?? '', 'utf8')
    .digest('hex');
  await deps.db.$executeRaw`
    UPDATE nfse SET dados_documento = ${JSON.stringify(dados)}::jsonb
    WHERE id = ${note.id}::uuid AND md5(convert_to(dps_xml, 'UTF8')) = ${digest}`;
}
