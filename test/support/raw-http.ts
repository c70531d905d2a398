import { request as httpRequest } from 'node:http';

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  body: any;
}

/**
 * Streams a large body without holding it in memory (chunks are produced lazily) and returns the answer even
 * when the server answers early and stops reading (413): writing stops at the first byte of the response.
 */
export function streamRequest(
  url: string,
  options: { method?: string; headers: Record<string, string>; chunks: Iterable<Buffer>; contentLength?: number },
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { ...options.headers };
    if (options.contentLength !== undefined) headers['content-length'] = String(options.contentLength);
    const req = httpRequest(url, { method: options.method ?? 'POST', headers });
    let answered = false;
    req.on('response', (res) => {
      answered = true;
      const parts: Buffer[] = [];
      res.on('data', (c: Buffer) => parts.push(c));
      res.on('end', () => {
        const text = Buffer.concat(parts).toString('utf8');
        let body: unknown = text;
        try {
          body = JSON.parse(text);
        } catch {
          /* not JSON */
        }
        resolve({ status: res.statusCode ?? 0, headers: res.headers, text, body });
        req.destroy();
      });
      res.on('error', reject);
    });
    // EPIPE / ECONNRESET after the server answered and closed are expected; before that they are failures.
    req.on('error', (err) => {
      if (!answered) reject(err);
    });
    void (async () => {
      for (const chunk of options.chunks) {
        if (answered || req.destroyed) return;
        if (!req.write(chunk)) {
          await new Promise<void>((r) => {
            const resume = () => {
              req.off('drain', resume);
              req.off('close', resume);
              r();
            };
            req.on('drain', resume);
            req.on('close', resume);
          });
        }
      }
      if (!answered && !req.destroyed) req.end();
    })();
  });
}

const CHUNK = 64 * 1024;

/** `size` bytes of filler, produced 64 KB at a time. */
export function* filler(size: number, byte = 'a'): Generator<Buffer> {
  const block = Buffer.alloc(CHUNK, byte);
  for (let left = size; left > 0; left -= CHUNK) yield left >= CHUNK ? block : block.subarray(0, left);
}

/** A JSON object `{"dados":"aaa…"}` of exactly `size` bytes, streamed. */
export function jsonOfSize(size: number): { chunks: Iterable<Buffer>; contentLength: number } {
  const head = Buffer.from('{"dados":"');
  const tail = Buffer.from('"}');
  const inner = size - head.length - tail.length;
  return {
    contentLength: size,
    chunks: (function* () {
      yield head;
      yield* filler(inner);
      yield tail;
    })(),
  };
}

/** multipart/form-data with text fields and one file of `fileSize` bytes, streamed. */
export function multipartOfSize(
  fields: Record<string, string>,
  file: { field: string; name: string; size: number },
): { chunks: Iterable<Buffer>; contentLength: number; contentType: string } {
  const boundary = `----fiscal-api-test-${Date.now()}`;
  const parts = Object.entries(fields).map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  const head = Buffer.from(
    `${parts.join('')}--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\n` +
      'Content-Type: application/octet-stream\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    contentType: `multipart/form-data; boundary=${boundary}`,
    contentLength: head.length + file.size + tail.length,
    chunks: (function* () {
      yield head;
      yield* filler(file.size, 'x');
      yield tail;
    })(),
  };
}
