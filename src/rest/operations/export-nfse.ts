import { exportNfseItems, NFSE_EXPORT_COLUMNS, NFSE_EXPORT_NUMERIC } from '../../engine/nfse/export-nfse-items.js';
import type { RestOperation, RestRequest } from '../rest-operation.js';
import { EXPORT_PAGE, exportDocument, streamExport } from '../stream-export.js';
import { listNfse } from './list-nfse.js';

// GET /v1/nfse's own filters, read by its own code: a filter the list gains is an export filter too.
const variables = (req: RestRequest) => ({ ...listNfse.toVariables(req), cursor: null, limite: EXPORT_PAGE });

/** `GET /v1/nfse/exportacao?formato=csv|zip` with the list's filters (stream-export.ts). */
export const exportNfse: RestOperation = {
  document: exportDocument(listNfse.document),
  toVariables: variables,
  successStatus: 200,
  raw: (data, ctx) =>
    streamExport(data, ctx, {
      noun: 'nfse',
      columns: NFSE_EXPORT_COLUMNS,
      numeric: NFSE_EXPORT_NUMERIC,
      variables: variables(ctx.req),
      items: exportNfseItems,
    }),
};
