import { writeLoteReport, XLSX_TYPE } from '../../engine/lotes/write-lote-report.js';
import type { RestOperation } from '../rest-operation.js';

/** The document finds the batch (404 otherwise); the spreadsheet is then streamed, never built whole. */
export const getLoteReport: RestOperation = {
  document: `query($id: String!) { lote(id: $id) { __typename ... on Lote { id } ...DomainErrorFields } }`,
  toVariables: (req) => ({ id: req.params.id }),
  successStatus: 200,
  raw: async (data, { engine, principal }) => ({
    contentType: XLSX_TYPE,
    body: await writeLoteReport(engine, principal, String(data.id)),
    filename: `lote-${String(data.id)}.xlsx`,
  }),
};
