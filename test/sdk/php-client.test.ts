import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFaultProxy } from '../support/fault-proxy.js';
import { CNPJ_TOMADOR, ref } from '../support/nfse.js';
import { seedAccount } from '../support/seed.js';
import { xlsxOf } from '../support/sheets.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const SDK_PHP = fileURLToPath(new URL('../../sdk/php/', import.meta.url));

let t: TestApp;
let proxy: Awaited<ReturnType<typeof startFaultProxy>>;
let env: Record<string, string>;

beforeAll(async () => {
  // The PHP suite's webhook receiver (php -S) listens on 127.0.0.1.
  t = await startTestApp({ env: { WEBHOOK_ALLOWED_CIDRS: '127.0.0.1/32' }, simulatorDelays: { slowMs: 1_500 } });
  const account = await seedAccount(t.app.engine);
  const company = await account.company();
  proxy = await startFaultProxy(t.url);
  // The batch-from-.xlsx case of the PHP suite sends a spreadsheet made here.
  const lote = await xlsxOf([
    ['referencia', 'tomador.documento', 'valor', 'servico.descricao'],
    [ref('php-xlsx'), CNPJ_TOMADOR, '99.90', 'Consultoria'],
  ]);
  const planilha = join(mkdtempSync(join(tmpdir(), 'fiscal-api-php-')), 'lote.xlsx');
  writeFileSync(planilha, lote);
  env = {
    FISCAL_API_URL: t.url,
    FISCAL_API_KEY: account.testKey,
    FISCAL_EMPRESA_ID: company.id,
    FISCAL_PROXY_URL: proxy.url,
    FISCAL_PLANILHA: planilha,
  };
});
afterAll(async () => {
  await proxy?.close();
  await t?.close();
});

/** Runs a program asynchronously: the service under test answers from this same process. */
function rodar(programa: string, args: string[], cwd: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(programa, args, { cwd, env: { ...process.env, ...env } });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c));
    child.stderr.on('data', (c: Buffer) => (output += c));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output }));
  });
}

describe('PHP client (sdk/php) against the running service', () => {
  it('passes its PHPUnit suite', async () => {
    const { code, output } = await rodar('phpunit', ['-c', 'phpunit.xml'], SDK_PHP);
    expect(code, output).toBe(0);
    expect(output).toMatch(/^OK \(\d+ tests?, \d+ assertions?\)/m);
  }, 180_000);
});
