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
export async function readMultipart(req: FastifyRequest, fileLimit: number, spool: boolean): Promise<Record<string, unknown>> {
  const body: Record<string, unknown> = {};
  try {
    for await (const part of req.parts({ limits: { fileSize: fileLimit } })) {
      if (part.type === 'file') {
        body[part.fieldname] = spool ? await spoolOf(part, req) : await base64Of(part, req);
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
  const hashed = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      if (part.file.truncated) return done();
      hash.update(chunk);
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
  return new UploadedFile(path, hash.digest('hex'));
}

/**
 * The file as base64, encoded as its chunks arrive, so that only its text is ever whole in memory (the file's
 * bytes beside it would be as much again). A file cut at the limit is read to its end, as the plugin's own
 * reader does, and refused with the plugin's error.
 */
async function base64Of(part: FilePart, req: FastifyRequest): Promise<string> {
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
