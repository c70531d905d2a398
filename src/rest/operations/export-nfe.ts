import { exportNfeItems, NFE_EXPORT_COLUMNS, NFE_EXPORT_NUMERIC } from '../../engine/nfe/export-nfe-items.js';
import type { RestOperation, RestRequest } from '../rest-operation.js';
import { EXPORT_PAGE, exportDocument, streamExport } from '../stream-export.js';
import { listNfe } from './list-nfe.js';

// GET /v1/nfe's own filters, read by its own code: a filter the list gains is an export filter too.
const variables = (req: RestRequest) => ({ ...listNfe.toVariables(req), cursor: null, limite: EXPORT_PAGE });

/** `GET /v1/nfe/exportacao?formato=csv|zip` with the list's filters (stream-export.ts). */
export const exportNfe: RestOperation = {
  document: exportDocument(listNfe.document),
  toVariables: variables,
  successStatus: 200,
  raw: (data, ctx) =>
    streamExport(data, ctx, {
      noun: 'nfe',
      columns: NFE_EXPORT_COLUMNS,
      numeric: NFE_EXPORT_NUMERIC,
      variables: variables(ctx.req),
      items: exportNfeItems,
    }),
};
