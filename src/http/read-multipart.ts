import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import type { Multipart } from '@fastify/multipart';
import { UploadedFile } from '../rest/uploaded-file.js';

type FilePart = Extract<Multipart, { type: 'file' }>;

/**
 * Turns a multipart body into the JSON shape of the same route: fields as strings, the file as base64 or, where
 * the route takes large files (`spool`), as an UploadedFile on disk. A file above `fileLimit` (20 MB
 * spreadsheets on /v1/lotes, 2 MB elsewhere) is 413. Files spooled before a failure are removed; the caller
 * removes the others (`removeUploads`) when the call ends.
 */
export async function readMultipart(
  req: FastifyRequest,
  fileLimit: number,
  spool: boolean,
): Promise<Record<string, unknown>> {
  const body: Record<string, unknown> = {};
  try {
    for await (const part of req.parts({ limits: { fileSize: fileLimit } })) {
      if (part.type === 'file') {
        body[part.fieldname] = spool ? await spoolOf(part, req) : await base64Of(part);
      } else {
        body[part.fieldname] = part.value;
      }
    }
  } catch (err) {
    await removeUploads(body);
    throw err;
  }
  return body;
}

/** Deletes the files a multipart body spooled. */
export async function removeUploads(body: unknown): Promise<void> {
  if (typeof body !== 'object' || body === null) return;
  for (const value of Object.values(body)) if (value instanceof UploadedFile) await value.remove();
}

/**
 * The file written to a temporary file as its chunks arrive, hashed on the way. A file cut at the limit is read
 * to its end, as the plugin's own reader does, writing nothing more, and refused with the plugin's error.
 */
async function spoolOf(part: FilePart, req: FastifyRequest): Promise<UploadedFile> {
  const path = join(tmpdir(), `fiscal-api-upload-${randomUUID()}`);
  const hash = createHash('sha256');
  let size = 0;
  const hashed = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      if (part.file.truncated) return done();
      hash.update(chunk);
      size += chunk.length;
      done(null, chunk);
    },
  });
  try {
    await pipeline(part.file, hashed, createWriteStream(path, { flags: 'wx', mode: 0o600 }));
  } catch (err) {
    await rm(path, { force: true });
    throw err;
  }
  if (part.file.truncated) {
    await rm(path, { force: true });
    throw new req.server.multipartErrors.RequestFileTooLargeError();
  }
  return new UploadedFile(path, hash.digest('hex'), size);
}

/** The file as base64 (certificates and other small files); one over the limit is refused with the plugin's error. */
async function base64Of(part: FilePart): Promise<string> {
  return (await part.toBuffer()).toString('base64');
}
