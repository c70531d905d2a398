/**
 * The cost, in the complexity plugin's points, of fields whose work is more than reading rows (every other field
 * costs 1, lists times their page size). 1 000 points are one request unit of the key's 120 a minute
 * (src/http/query-limits.ts): a field here costs what the REST route doing the same work costs.
 */
export const FIELD_WORK = {
  /** Renders a PDF (DANFSe, DANFE): GET …/pdf is one request. */
  pdf: 1_000,
  /** Reads a stored XML document and sends it whole. */
  xml: 100,
  /** Computes the taxes, builds and signs the XML and renders its DANFE. */
  preview: 2_000,
  /** Signs and sends to an authority or another outside service, or starts work that will. */
  authority: 1_000,
  /** Reads an uploaded file (a certificate's PKCS#12, a batch's lines). */
  file: 1_000,
} as const;
