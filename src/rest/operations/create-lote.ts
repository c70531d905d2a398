import { EngineError } from '../../engine/errors.js';
import { createLoteBody } from '../../engine/lotes/create-lote-body.js';
import type { RestOperation } from '../rest-operation.js';
import { UploadedFile } from '../uploaded-file.js';
import { LOTE_RESULT } from './lote-fields.js';

const asObject = (v: unknown) =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {};

/**
 * JSON `{empresa_id, ao_validar, itens}`, or multipart: the .xlsx in `planilha` (spooled by the host) plus form
 * fields. The file goes to the mutation as it is on disk, in place of the base64 text GraphQL clients send.
 */
export const createLote: RestOperation = {
  document: `mutation($input: LoteInput!, $planilha: String, $simular: String) {
    createLote(input: $input, planilha: $planilha, simular: $simular) { ${LOTE_RESULT} } }`,
  toVariables: (req) => {
    const simular = (req.headers['x-service-simular'] as string | undefined) ?? null;
    if (!String(req.headers['content-type'] ?? '').startsWith('multipart/form-data'))
      return { input: req.body ?? null, planilha: null, simular };
    const { planilha, ...fields } = asObject(req.body);
    if (!(planilha instanceof UploadedFile)) {
      throw new EngineError('planilha_obrigatoria', 'O envio multipart precisa do arquivo no campo planilha.', {
        campo: null,
        correcao: 'Anexe a planilha .xlsx no campo planilha, ou envie o lote como JSON.',
      });
    }
    return { input: fields, planilha, simular };
  },
  // A spreadsheet's idempotency body is the file's SHA-256 plus the form fields.
  fingerprintBody: (body) => {
    const o = asObject(body);
    return o.planilha instanceof UploadedFile ? { ...o, planilha: o.planilha.sha256 } : body;
  },
  body: createLoteBody,
  successStatus: 202,
  idempotent: true,
};
