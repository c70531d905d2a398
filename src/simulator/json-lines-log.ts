import { appendFileSync, closeSync, existsSync, fstatSync, mkdirSync, openSync, readSync, writeSync } from 'node:fs';
import { join } from 'node:path';

/**
 * A simulator's state as a JSON-lines file in DATA_DIR: every change is one appended line, written before the
 * answer that reveals it, and applied in file order by every process that shares the file (`serve --role api` and
 * `--role worker` then see one authority). A note issued just before its caller was killed is still there after a
 * restart. Without a directory (tests) lines are applied in memory only.
 *
 * The file stays open (O_APPEND) between calls: every read of the state checks its size first, so a path lookup
 * and an open per check would be most of a simulated note's file work. `close()` releases it; the next call opens
 * it again.
 */
export class JsonLinesLog<Line> {
  private readonly file: string | undefined;
  /** Bytes of the file already applied. */
  private offset = 0;
  private fd: number | undefined;

  constructor(
    stateDir: string | undefined,
    name: string,
    private readonly apply: (line: Line) => void,
  ) {
    if (!stateDir) return;
    mkdirSync(stateDir, { recursive: true });
    this.file = join(stateDir, name);
    if (!existsSync(this.file)) return;
    this.sync();
    // A torn last line (killed mid-write) is closed so the next append starts a line of its own.
    if (this.size() > this.offset) {
      appendFileSync(this.file, '\n');
      this.sync();
    }
  }

  write(line: Line): void {
    if (!this.file) return this.apply(line);
    this.sync();
    const text = `${JSON.stringify(line)}\n`;
    const expected = this.offset + Buffer.byteLength(text);
    // One append(2) per line (O_APPEND). When the file then ends exactly with it, nobody wrote in between and the
    // line is applied as it is, without reading it back. Otherwise it is applied in order with what others wrote.
    writeSync(this.open(), text);
    if (this.size() === expected) {
      this.offset = expected;
      this.apply(line);
    } else this.sync();
  }

  /** Applies the complete lines appended since the last call (by this process or another one). */
  sync(): void {
    if (!this.file) return;
    const size = this.size();
    if (size <= this.offset) return;
    const buffer = Buffer.alloc(size - this.offset);
    readSync(this.open(), buffer, 0, buffer.length, this.offset);
    const end = buffer.lastIndexOf(0x0a);
    if (end < 0) return; // a line still being written
    this.offset += end + 1;
    for (const raw of buffer.subarray(0, end).toString('utf8').split('\n')) {
      if (!raw.trim()) continue;
      let line: Line;
      try {
        line = JSON.parse(raw) as Line;
      } catch {
        // A torn line (a writer killed mid-write) is ignored; every complete line is kept.
        continue;
      }
      this.apply(line);
    }
  }

  close(): void {
    if (this.fd === undefined) return;
    closeSync(this.fd);
    this.fd = undefined;
  }

  private size(): number {
    return fstatSync(this.open()).size;
  }

  /** The file for appending (one write(2) per line lands at its end) and for reading at an offset. */
  private open(): number {
    return (this.fd ??= openSync(this.file!, 'a+'));
  }
}
