import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
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

  it('installs into a scratch project as Composer installs a path repository, and issues and reads a note', async () => {
    // Composer's path repository links the package into vendor/ and its autoloader maps composer.json's psr-4
    // prefixes onto the package's folders: the same is built here from sdk/php/composer.json (Composer itself
    // cannot download anything on this machine), so a wrong autoload section fails here.
    const composer = JSON.parse(readFileSync(join(SDK_PHP, 'composer.json'), 'utf8')) as {
      name: string;
      autoload: { 'psr-4': Record<string, string> };
    };
    const projeto = mkdtempSync(join(tmpdir(), 'fiscal-api-php-projeto-'));
    try {
      mkdirSync(join(projeto, 'vendor', composer.name.split('/')[0]!), { recursive: true });
      symlinkSync(SDK_PHP, join(projeto, 'vendor', composer.name));
      const mapa = Object.entries(composer.autoload['psr-4']).map(
        ([prefixo, pasta]) => `${JSON.stringify(prefixo)} => __DIR__ . ${JSON.stringify(`/${composer.name}/${pasta}`)}`,
      );
      writeFileSync(
        join(projeto, 'vendor', 'autoload.php'),
        `<?php
spl_autoload_register(static function (string $classe): void {
    foreach ([${mapa.join(', ')}] as $prefixo => $pasta) {
        if (str_starts_with($classe, $prefixo)) {
            $arquivo = rtrim($pasta, '/') . '/' . str_replace('\\\\', '/', substr($classe, strlen($prefixo))) . '.php';
            if (is_file($arquivo)) {
                require $arquivo;
            }
        }
    }
});
`,
      );
      writeFileSync(
        join(projeto, 'index.php'),
        `<?php
declare(strict_types=1);
require __DIR__ . '/vendor/autoload.php';

use FiscalApi\\FiscalApi;

$cliente = new FiscalApi(chaveApi: getenv('FISCAL_API_KEY'), urlBase: getenv('FISCAL_API_URL'));
$nota = $cliente->nfse->emitir([
    'empresa_id' => getenv('FISCAL_EMPRESA_ID'),
    'referencia' => 'projeto-' . bin2hex(random_bytes(6)),
    'tomador' => ['documento' => '54550752000155', 'nome' => 'Cliente Ltda'],
    'valor' => '99.90',
    'servico' => ['descricao' => 'Consultoria'],
]);
$lida = $cliente->nfse->obter($nota->id);
echo json_encode(['status' => $nota->status, 'id' => $nota->id, 'lida' => $lida->id, 'classe' => $lida::class]);
`,
      );
      const { code, output } = await rodar('php', ['index.php'], projeto);
      expect(code, output).toBe(0);
      const saida = JSON.parse(output) as { status: string; id: string; lida: string; classe: string };
      expect(saida.status).toBe('autorizada');
      expect(saida.lida).toBe(saida.id);
      expect(saida.classe).toBe('FiscalApi\\Modelos\\Nfse');
    } finally {
      rmSync(projeto, { recursive: true, force: true });
    }
  }, 60_000);
});
