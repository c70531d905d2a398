/**
 * The span attributes naming the note a unit of work is about, from the fields of its log context (a job's
 * `nfseId` or `nfeId`) or a request's touched ids: `fiscal.note_id` with the kind of note.
 */
export function noteAttributes(fields: Record<string, string> | undefined): Record<string, string> {
  if (fields?.nfseId) return { 'fiscal.note_id': fields.nfseId, 'fiscal.note_kind': 'nfse' };
  if (fields?.nfeId) return { 'fiscal.note_id': fields.nfeId, 'fiscal.note_kind': 'nfe' };
  return {};
}
