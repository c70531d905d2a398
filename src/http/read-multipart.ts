import type { FastifyRequest } from 'fastify';
import type { Multipart } from '@fastify/multipart';

/**
 * Turns a multipart body into the JSON shape of the same route: fields as strings, the file as base64. A file
 * above `fileLimit` (20 MB spreadsheets on /v1/lotes, 2 MB elsewhere) is 413.
 */
export async function readMultipart(req: FastifyRequest, fileLimit: number): Promise<Record<string, unknown>> {
  const body: Record<string, unknown> = {};
  for await (const part of req.parts({ limits: { fileSize: fileLimit } })) {
    if (part.type === 'file') {
      body[part.fieldname] = await base64Of(part, req);
    } else {
      body[part.fieldname] = part.value;
    }
  }
  return body;
}

/**
 * The file as base64, encoded as its chunks arrive, so that only its text is ever whole in memory (the file's
 * bytes beside it would be another 20 MB for a spreadsheet). A file cut at the limit is read to its end, as the
 * plugin's own reader does, and refused with the plugin's error.
 */
async function base64Of(part: Extract<Multipart, { type: 'file' }>, req: FastifyRequest): Promise<string> {
  const text: string[] = [];
  let carry: Buffer = Buffer.alloc(0);
  for await (const chunk of part.file as AsyncIterable<Buffer>) {
    if (part.file.truncated) {
      text.length = 0;
      continue;
    }
    const bytes = carry.length ? Buffer.concat([carry, chunk]) : chunk;
    // Whole groups of 3 bytes only: the text of each group does not depend on the bytes after it.
    const whole = bytes.length - (bytes.length % 3);
    text.push(bytes.toString('base64', 0, whole));
    carry = Buffer.from(bytes.subarray(whole));
  }
  if (part.file.truncated) throw new req.server.multipartErrors.RequestFileTooLargeError();
  text.push(carry.toString('base64'));
  return text.join('');
}
