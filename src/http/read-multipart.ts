import type { FastifyRequest } from 'fastify';
import { EngineError } from '../engine/errors.js';

/**
 * Turns a multipart body into the JSON shape of the same route: fields as strings, the file as base64. A file
 * above `fileLimit` (20 MB spreadsheets on /v1/lotes, 2 MB elsewhere) is 413.
 */
export async function readMultipart(req: FastifyRequest, fileLimit: number): Promise<Record<string, unknown>> {
  const body: Record<string, unknown> = {};
  for await (const part of req.parts({ limits: { fileSize: fileLimit } })) {
    if (part.type === 'file') {
      const bytes = await part.toBuffer();
      if (part.file.truncated) {
        throw new EngineError('corpo_muito_grande', 'Arquivo acima do limite desta rota.', { correcao: 'Planilhas até 20 MB em /v1/lotes; outros arquivos até 2 MB.' });
      }
      body[part.fieldname] = bytes.toString('base64');
    } else {
      body[part.fieldname] = part.value;
    }
  }
  return body;
}
