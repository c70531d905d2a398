// The service as a process of its own (createApp, as `fiscal-api serve` runs it) takes spreadsheets whose one cell
// inflates to 200 MB: each is refused with 422, the process stays up, and /healthz keeps answering within 100 ms
// while the upload is handled.
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cleanUpChildren, startChildProcess } from '../support/child-service.js';
import { HEADER, inlineCell, letters, xlsxOfRows } from '../support/hostile-xlsx.js';
import { usingPostgres } from '../support/test-app.js';
import { expectResponsive } from '../support/expect-responsive.js';

const dataDir = mkdtempSync(join(tmpdir(), 'fiscal-api-planilha-'));
const schema = `planilha_${randomBytes(5).toString('hex')}`;
const children: ChildProcess[] = [];

afterAll(() => cleanUpChildren(children, dataDir, schema));

const MB = 1024 * 1024;

/** A sheet whose cell A2 is `chunks` of text: a header `referencia` and one line. */
const oneCell = (chunks: Iterable<string>) =>
  xlsxOfRows([HEADER, '<row r="2">', ...inlineCell('A2', chunks), '</row>']);

describe('a spreadsheet whose one cell inflates to 200 MB, sent to the service process', () => {
  it('is refused with 422 while /healthz answers within 100 ms, and the process lives on', async () => {
    const { child, info } = await startChildProcess<{ url: string; testKey: string; companyId: string }>(
      'test/support/children/service-child.ts',
      { DATA_DIR: dataDir, CHILD_SEED: '1', ...(usingPostgres() ? { CHILD_PG_SCHEMA: schema } : {}) },
      children,
    );
    const exited = new Promise<string>((resolve) =>
      child.once('exit', (code, signal) => resolve(`exited with ${signal ?? code}`)),
    );
    // One repeated letter (about 200 KB, the most deflate compresses), and letters that deflate about 40 times
    // (some 5 MB), each declaring 200 MB for the sheet, under its 256 MB.
    // The first is refused for how much it inflates, before it is; the second at the cell's 64 KB, while inflated.
    const repeated = await oneCell(Array.from({ length: 200 }, () => 'A'.repeat(MB)));
    const varied = await oneCell(letters(200, 1 / 64));
    expect(repeated.length).toBeLessThan(300 * 1024);
    expect(varied.length).toBeLessThan(20 * MB);
    const cases: Array<[string, Buffer, RegExp]> = [
      ['one letter', repeated, /^A parte xl\/worksheets\/sheet1\.xml da planilha se expande \d+ vezes/],
      ['varied letters', varied, /^A célula A2 da planilha \(linha 2, coluna A\) tem mais de 64 KB/],
    ];

    const post = (file: Buffer) => {
      const form = new FormData();
      form.append('empresa_id', info.companyId);
      form.append('planilha', new Blob([new Uint8Array(file)]), 'lote.xlsx');
      return fetch(`${info.url}/v1/lotes`, {
        method: 'POST',
        headers: { authorization: `Bearer ${info.testKey}` },
        body: form,
      }).then(async (res) => ({ status: res.status, body: (await res.json()) as Record<string, unknown> }));
    };
    // The process's first requests load and compile what they use: first a legitimate sheet of the same size (its
    // bulk an image), and a few probes.
    const image = { name: 'xl/media/image1.png', chunks: [randomBytes(5 * MB)] };
    const legit = await xlsxOfRows([HEADER, '<row r="2">', inlineCell('A2', 'r-1'), '</row>'], { extra: [image] });
    expect((await post(legit)).status).toBe(202);
    for (let n = 0; n < 20; n++) expect((await fetch(`${info.url}/healthz`)).status).toBe(200);

    for (const [kind, file, mensagem] of cases) {
      const upload = post(file);
      let settled = false;
      void upload.finally(() => (settled = true)).catch(() => {});
      // Health probes one after another from the moment the upload starts until it is answered.
      const probes: Array<{ status: number; ms: number }> = [];
      const probing = (async () => {
        do {
          const started = performance.now();
          const res = await fetch(`${info.url}/healthz`);
          await res.arrayBuffer();
          probes.push({ status: res.status, ms: performance.now() - started });
        } while (!settled);
      })();
      const answer = await Promise.race([upload, exited.then((how) => Promise.reject(new Error(`${kind}: ${how}`)))]);
      await probing;
      expect(answer.status, `${kind}: ${JSON.stringify(answer.body)}`).toBe(422);
      expect(answer.body).toMatchObject({ codigo: 'planilha_invalida', mensagem: expect.stringMatching(mensagem) });
      expect(probes.length, kind).toBeGreaterThan(0);
      expect(
        probes.every((p) => p.status === 200),
        kind,
      ).toBe(true);
      expectResponsive(
        probes.map((p) => p.ms),
        kind,
      );
    }
    expect(child.exitCode).toBeNull();
    expect((await fetch(`${info.url}/healthz`)).status).toBe(200);
  }, 180_000);
});
