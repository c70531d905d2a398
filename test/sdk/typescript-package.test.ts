import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nfseBody } from '../support/nfse.js';
import { seedAccount } from '../support/seed.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

// The package as a newcomer installs it: packed from sdk/typescript (prepack builds it), installed offline from
// the tarball into a scratch project, then required from CommonJS and imported from ESM against the service.
const SDK = fileURLToPath(new URL('../../sdk/typescript/', import.meta.url));
const TSC = createRequire(import.meta.url).resolve('typescript/bin/tsc');
const run = promisify(execFile);

let t: TestApp;
let scratch: string;
let env: Record<string, string>;

const SCRIPT = (carregar: string) => `${carregar}
const cliente = new FiscalApi({ chaveApi: process.env.FISCAL_API_KEY, urlBase: process.env.FISCAL_API_URL });
const corpo = JSON.parse(process.env.FISCAL_CORPO);
const run = async () => {
  const nota = await cliente.nfse.emitir(corpo);
  const lida = await cliente.nfse.obter(nota.id);
  console.log(JSON.stringify({ status: nota.status, id: nota.id, lida: lida.id, versao: VERSAO }));
};
run().catch((e) => { console.error(e); process.exit(1); });
`;

// Type-checked as a consumer's TypeScript would be, each module kind resolving its own declarations.
const TYPED = (carregar: string) => `${carregar}
declare const process: { env: Record<string, string> };
const cliente = new FiscalApi({ chaveApi: process.env.FISCAL_API_KEY });
export const status: Promise<string> = cliente.nfse.emitir({} as NfseRequest, { simular: 'autorizar' }).then((n) => n.status);
export const filtro = cliente.lotes.itens('l', { status: 'com_erro_validacao' });
`;

beforeAll(async () => {
  t = await startTestApp();
  const account = await seedAccount(t.app.engine);
  const company = await account.company();
  env = { FISCAL_API_URL: t.url, FISCAL_API_KEY: account.testKey, FISCAL_EMPRESA_ID: company.id };
  scratch = mkdtempSync(join(tmpdir(), 'fiscal-api-ts-'));
  await run('npm', ['pack', '--pack-destination', scratch], { cwd: SDK });
  const tarball = readdirSync(scratch).find((f) => f.endsWith('.tgz'));
  if (!tarball) throw new Error('npm pack não produziu o pacote');
  const projeto = join(scratch, 'projeto');
  await run('mkdir', ['-p', projeto]);
  writeFileSync(join(projeto, 'package.json'), JSON.stringify({ name: 'projeto', private: true }));
  await run('npm', ['install', '--offline', '--no-audit', '--no-fund', join(scratch, tarball)], { cwd: projeto });
  writeFileSync(join(projeto, 'cjs.cjs'), SCRIPT("const { FiscalApi, VERSAO } = require('@fiscal-api/client');"));
  writeFileSync(join(projeto, 'esm.mjs'), SCRIPT("import { FiscalApi, VERSAO } from '@fiscal-api/client';"));
  writeFileSync(join(projeto, 'tipos.cts'), TYPED("import { FiscalApi, type NfseRequest } from '@fiscal-api/client';"));
  writeFileSync(join(projeto, 'tipos.mts'), TYPED("import { FiscalApi, type NfseRequest } from '@fiscal-api/client';"));
  writeFileSync(
    join(projeto, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        noEmit: true,
        strict: true,
        skipLibCheck: true,
        module: 'nodenext',
        types: [],
        lib: ['es2022', 'dom'],
      },
      files: ['tipos.cts', 'tipos.mts'],
    }),
  );
  scratch = projeto;
}, 180_000);
afterAll(async () => {
  await t?.close();
  if (scratch) rmSync(join(scratch, '..'), { recursive: true, force: true });
});

async function emitirCom(script: string) {
  const corpo = JSON.stringify(nfseBody(env.FISCAL_EMPRESA_ID));
  const { stdout } = await run(process.execPath, [script], {
    cwd: scratch,
    env: { ...process.env, ...env, FISCAL_CORPO: corpo },
  });
  return JSON.parse(stdout) as { status: string; id: string; lida: string; versao: string };
}

describe('the packed TypeScript client in a scratch project', () => {
  const { version } = JSON.parse(readFileSync(join(SDK, 'package.json'), 'utf8')) as { version: string };

  it('require() from CommonJS issues and reads a note', async () => {
    const saida = await emitirCom('cjs.cjs');
    expect(saida.status).toBe('autorizada');
    expect(saida.lida).toBe(saida.id);
    expect(saida.versao).toBe(version);
  }, 60_000);

  it('import from ESM issues and reads a note', async () => {
    const saida = await emitirCom('esm.mjs');
    expect(saida.status).toBe('autorizada');
    expect(saida.lida).toBe(saida.id);
    expect(saida.versao).toBe(version);
  }, 60_000);

  it('has declarations for both module kinds', async () => {
    const { stdout } = await run(process.execPath, [TSC, '-p', '.'], { cwd: scratch }).catch(
      (e: { stdout?: string }) => ({ stdout: `falhou: ${e.stdout ?? ''}` }),
    );
    expect(stdout).toBe('');
  }, 60_000);
});
