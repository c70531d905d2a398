import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nfseBody } from '../support/nfse.js';
import { seedAccount } from '../support/seed.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

// The library as a newcomer installs it with Composer (sdk/php/README.md, "Instalação"): a scratch project gets
// the path repository and Packagist turned off by `composer config`, `composer require` resolves and links the
// package, and a fresh checkout of that project runs `composer install` from its lock. Composer is told not to
// use the network: the library must need nothing but PHP and its extensions.
const SDK_PHP = fileURLToPath(new URL('../../sdk/php', import.meta.url));
const run = promisify(execFile);

let t: TestApp;
let pasta: string;
let env: Record<string, string>;

const SCRIPT = `<?php
declare(strict_types=1);
require __DIR__ . '/vendor/autoload.php';

use FiscalApi\\Api;
use FiscalApi\\FiscalApi;

$cliente = new FiscalApi(chaveApi: getenv('FISCAL_API_KEY'), urlBase: getenv('FISCAL_API_URL'));
$nota = $cliente->nfse->emitir(json_decode(getenv('FISCAL_CORPO'), true));
$lida = $cliente->nfse->obter($nota->id);
echo json_encode([
    'status' => $nota->status,
    'id' => $nota->id,
    'lida' => $lida->id,
    'versao' => Api::VERSAO,
    'arquivo' => (new ReflectionClass(FiscalApi::class))->getFileName(),
    'incluidos' => get_included_files(),
]);
`;

/** Composer in `cwd`, with a home of the scratch folder's own and no network. */
const composer = (args: string[], cwd: string) =>
  run('composer', [...args, '--no-interaction'], {
    cwd,
    env: { ...process.env, COMPOSER_HOME: join(pasta, 'home'), COMPOSER_DISABLE_NETWORK: '1' },
  });

beforeAll(async () => {
  t = await startTestApp();
  const account = await seedAccount(t.app.engine);
  const company = await account.company();
  env = { FISCAL_API_URL: t.url, FISCAL_API_KEY: account.testKey, FISCAL_EMPRESA_ID: company.id };
  pasta = mkdtempSync(join(tmpdir(), 'fiscal-api-composer-'));
}, 60_000);
afterAll(async () => {
  await t?.close();
  if (pasta) rmSync(pasta, { recursive: true, force: true });
});

/**
 * Issues and reads a note from the project's index.php, and checks the classes came through Composer's autoloader
 * from the package linked into vendor/ (PHP names a file by its real path, the SDK folder the link points at).
 */
async function emitir(projeto: string) {
  const corpo = JSON.stringify(nfseBody(env.FISCAL_EMPRESA_ID));
  const { stdout } = await run('php', ['index.php'], {
    cwd: projeto,
    env: { ...process.env, ...env, FISCAL_CORPO: corpo },
  });
  const saida = JSON.parse(stdout) as {
    status: string;
    id: string;
    lida: string;
    versao: string;
    arquivo: string;
    incluidos: string[];
  };
  expect(realpathSync(join(projeto, 'vendor', 'fiscal-api', 'client'))).toBe(SDK_PHP);
  expect(saida.arquivo).toBe(join(SDK_PHP, 'src', 'FiscalApi.php'));
  expect(saida.incluidos).toContain(join(projeto, 'vendor', 'composer', 'autoload_real.php'));
  expect(saida.incluidos).not.toContain(join(SDK_PHP, 'autoload.php'));
  return saida;
}

describe('the PHP client installed by Composer from a path repository', () => {
  const { version } = JSON.parse(readFileSync(join(SDK_PHP, 'composer.json'), 'utf8')) as { version: string };

  it('composer config + composer require (the README commands) install it, and it issues and reads a note', async () => {
    const projeto = join(pasta, 'projeto');
    mkdirSync(projeto);
    writeFileSync(join(projeto, 'composer.json'), JSON.stringify({ name: 'exemplo/projeto', require: {} }));
    await composer(['config', 'repositories.fiscal-api', 'path', SDK_PHP], projeto);
    await composer(['config', 'repo.packagist', 'false'], projeto);
    await composer(
      ['require', '--no-progress', `fiscal-api/client:^${version.split('.').slice(0, 2).join('.')}`],
      projeto,
    );
    const lock = JSON.parse(readFileSync(join(projeto, 'composer.lock'), 'utf8')) as {
      packages: Array<{ name: string; version: string }>;
    };
    expect(lock.packages.map((p) => `${p.name} ${p.version}`)).toEqual([`fiscal-api/client ${version}`]);

    writeFileSync(join(projeto, 'index.php'), SCRIPT);
    const saida = await emitir(projeto);
    expect(saida.status).toBe('autorizada');
    expect(saida.lida).toBe(saida.id);
    expect(saida.versao).toBe(version);
  }, 120_000);

  it('a checkout of that project installs from its composer.json and lock with composer install', async () => {
    const copia = join(pasta, 'copia');
    mkdirSync(copia);
    for (const f of ['composer.json', 'composer.lock', 'index.php'])
      writeFileSync(join(copia, f), readFileSync(join(pasta, 'projeto', f)));
    const { stderr } = await composer(['install', '--no-progress'], copia);
    expect(stderr).toContain('Installing fiscal-api/client');
    const saida = await emitir(copia);
    expect(saida.status).toBe('autorizada');
    expect(saida.lida).toBe(saida.id);
  }, 120_000);
});
