import { createHash } from 'node:crypto';
import { groupedStatement } from '../../nucleo/grouped-statement.js';
import type { TransmissionDeps } from '../../transmission-deps.js';

interface KeptProtocol {
  id: string;
  dados: string;
  digest: string;
}

/**
 * Stores the protocol of a lot just received with the note's `dados_documento`, before anything else asks about
 * the lot, so every later step follows that lot instead of sending it again. Kept only while the note still holds
 * the document that went (a correction would have replaced it); the document is compared by its digest, a short
 * parameter instead of the signed lot sent back to the database to be compared. Concurrent notes' protocols go in
 * one statement (groupedStatement): each statement costs the driver and the database the same whatever it carries.
 */
export async function keepLotProtocol(
  deps: Pick<TransmissionDeps, 'sql'>,
  note: { id: string; dpsXml: string | null },
  dados: Record<string, unknown>,
): Promise<void> {
  const digest = createHash('md5')
    .update(note.dpsXml ?? '', 'utf8')
    .digest('hex');
  await keptProtocols(deps)({ id: note.id, dados: JSON.stringify(dados), digest });
}

const keptProtocols = (deps: Pick<TransmissionDeps, 'sql'>) =>
  groupedStatement<KeptProtocol, null>(deps.sql, 'nfse_keep_lot_protocol', async (items) => {
    await deps.sql('nfse_keep_lot_protocol', KEEP_LOT_PROTOCOL, [
      items.map((i) => i.id),
      items.map((i) => i.dados),
      items.map((i) => i.digest),
    ]);
    return items.map(() => null);
  });

const KEEP_LOT_PROTOCOL = `
  UPDATE nfse SET dados_documento = q.dados::jsonb
  FROM unnest($1::uuid[], $2::text[], $3::text[]) AS q(id, dados, digest)
  WHERE nfse.id = q.id AND md5(convert_to(nfse.dps_xml, 'UTF8')) = q.digest`;
