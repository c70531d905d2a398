import { pipeline, Transform, type Readable } from 'node:stream';
import { createInflateRaw } from 'node:zlib';
import type { PlanilhaBytes } from './planilha-bytes.js';

/** A file of a zip archive, as its central directory describes it. */
export interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflated. */
  method: number;
  flags: number;
  compressedSize: number;
  size: number;
  /** Where its local header starts. */
  offset: number;
}

const END_SIGNATURE = 0x06054b50;
const DIRECTORY_SIGNATURE = 0x02014b50;
const LOCAL_SIGNATURE = 0x04034b50;
const END_SIZE = 22;
const LOCAL_SIZE = 30;
// The end record closes the archive, followed only by a comment of at most 65,535 bytes.
const MAX_COMMENT = 0xffff;
// An .xlsx lists some dozens of parts; a directory past this size is no spreadsheet.
const MAX_DIRECTORY_BYTES = 1 << 20;

/**
 * The files of a zip archive by name, from its central directory (read from the end, whatever order the parts
 * were written in). Archives in the Zip64 format, split over disks or not zips at all are refused.
 */
export async function readZipEntries(bytes: PlanilhaBytes): Promise<Map<string, ZipEntry>> {
  const tailStart = Math.max(0, bytes.size - END_SIZE - MAX_COMMENT);
  const tail = await readBuffer(bytes, tailStart, bytes.size);
  let end = -1;
  for (let i = tail.length - END_SIZE; i >= 0; i--) {
    if (tail.readUInt32LE(i) === END_SIGNATURE && i + END_SIZE + tail.readUInt16LE(i + 20) === tail.length) {
      end = i;
      break;
    }
  }
  if (end < 0) throw new Error('not a zip archive: no end of central directory');
  const disk = tail.readUInt16LE(end + 4);
  const count = tail.readUInt16LE(end + 10);
  const directorySize = tail.readUInt32LE(end + 12);
  const directoryStart = tail.readUInt32LE(end + 16);
  if (disk !== 0 || count === 0xffff || directoryStart === 0xffffffff)
    throw new Error('zip archive split over disks or in the Zip64 format');
  if (directorySize > MAX_DIRECTORY_BYTES || directoryStart + directorySize > tailStart + end)
    throw new Error('zip central directory out of bounds');
  const directory = await readBuffer(bytes, directoryStart, directoryStart + directorySize);
  const entries = new Map<string, ZipEntry>();
  let at = 0;
  for (let n = 0; n < count; n++) {
    if (at + 46 > directory.length || directory.readUInt32LE(at) !== DIRECTORY_SIGNATURE)
      throw new Error('zip central directory damaged');
    const nameLength = directory.readUInt16LE(at + 28);
    const entry: ZipEntry = {
      name: directory.toString('utf8', at + 46, at + 46 + nameLength),
      flags: directory.readUInt16LE(at + 8),
      method: directory.readUInt16LE(at + 10),
      compressedSize: directory.readUInt32LE(at + 20),
      size: directory.readUInt32LE(at + 24),
      offset: directory.readUInt32LE(at + 42),
    };
    if (!entries.has(entry.name)) entries.set(entry.name, entry);
    at += 46 + nameLength + directory.readUInt16LE(at + 30) + directory.readUInt16LE(at + 32);
  }
  return entries;
}

/**
 * The contents of one file of the archive as a stream, inflated as it is read. A file that inflates past the
 * size its directory entry declares fails the stream: a part never expands beyond what the archive says.
 */
export async function openZipEntry(bytes: PlanilhaBytes, entry: ZipEntry): Promise<Readable> {
  if (entry.flags & 1) throw new Error(`zip entry ${entry.name} is encrypted`);
  if (entry.method !== 0 && entry.method !== 8)
    throw new Error(`zip entry ${entry.name} uses compression method ${entry.method}`);
  const header = await readBuffer(bytes, entry.offset, entry.offset + LOCAL_SIZE);
  if (header.length < LOCAL_SIZE || header.readUInt32LE(0) !== LOCAL_SIGNATURE)
    throw new Error(`zip entry ${entry.name} has no local header`);
  const start = entry.offset + LOCAL_SIZE + header.readUInt16LE(26) + header.readUInt16LE(28);
  if (start + entry.compressedSize > bytes.size) throw new Error(`zip entry ${entry.name} out of bounds`);
  const raw = bytes.read(start, start + entry.compressedSize);
  let seen = 0;
  const bounded = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.length;
      done(seen > entry.size ? new Error(`zip entry ${entry.name} is larger than declared`) : null, chunk);
    },
  });
  // A stage's failure destroys every stage with it and reaches the reader through the last one; a reader that
  // stops early closes the file.
  const ignore = () => {};
  if (entry.method === 8) pipeline(raw, createInflateRaw(), bounded, ignore);
  else pipeline(raw, bounded, ignore);
  return bounded;
}

async function readBuffer(bytes: PlanilhaBytes, start: number, end: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of bytes.read(start, end)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
