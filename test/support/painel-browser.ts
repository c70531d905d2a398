import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** Debian's chromium (`.ci/run` installs it); playwright-core downloads no browser of its own. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** A laptop screen: the panel must work at this size. */
export const LAPTOP = { width: 1366, height: 768 };

/**
 * Builds the panel as `npm run build` does, into a folder of this test file's own (the app reads it through
 * PAINEL_DIR), so files running side by side never rewrite the assets another one serves.
 */
export function buildPainelForTest(): string {
  const dir = mkdtempSync(join(tmpdir(), 'fiscal-api-painel-'));
  execFileSync(process.execPath, [join(root, 'scripts', 'build-painel.mjs'), dir], { stdio: 'pipe' });
  return dir;
}

export interface PainelBrowser {
  context: BrowserContext;
  page: Page;
  /**
   * Script errors of the page and what its Content-Security-Policy refused (an inline style or script would be),
   * as they happen. Answers refused by the server (401, 403, 429) are the tests' own business and not listed.
   */
  problems: string[];
}

/**
 * One headless chromium for a test file, with a fresh profile, started before the file's tests and closed
 * after them; `bind` receives its context and first page. Nothing of the browser reaches the network but the
 * test app: background services, updates and QUIC are off.
 */
export function usePainelBrowser(bind: (b: PainelBrowser) => void): void {
  let context: BrowserContext | undefined;
  let profile: string | undefined;
  beforeAll(async () => {
    profile = mkdtempSync(join(tmpdir(), 'fiscal-api-chromium-'));
    context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM,
      headless: true,
      viewport: LAPTOP,
      locale: 'pt-BR',
      timezoneId: 'America/Sao_Paulo',
      acceptDownloads: true,
      args: [
        '--headless',
        '--lang=pt-BR',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
    context.setDefaultTimeout(15_000);
    const page = context.pages()[0] ?? (await context.newPage());
    const problems: string[] = [];
    page.on('pageerror', (e) => problems.push(`erro de script: ${e.message}`));
    page.on('console', (m) => {
      if (/Content Security Policy|Refused to/i.test(m.text())) problems.push(m.text());
    });
    bind({ context, page, problems });
  });
  afterAll(async () => {
    await context?.close();
    if (profile) rmSync(profile, { recursive: true, force: true });
  });
}

/** Signs in through the sign-in form and waits for the notes page the panel opens on. */
export async function signIn(page: Page, baseUrl: string, email: string, senha: string): Promise<void> {
  await page.goto(`${baseUrl}/painel/`);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Senha').fill(senha);
  await page.getByRole('button', { name: 'Entrar' }).click();
  // Signing in derives the password's scrypt key at N = 2^17 (half a second, more on a busy machine).
  await expect
    .poll(() => page.getByRole('heading', { level: 1 }).first().textContent(), { timeout: 15_000 })
    .toContain('Notas de serviço');
}

/** Opens a panel page by its menu link, as a person would, and waits for its heading. */
export async function openMenu(page: Page, link: string, heading: string | RegExp): Promise<void> {
  await page.getByRole('navigation', { name: 'Seções' }).getByRole('link', { name: link, exact: true }).click();
  await page.getByRole('heading', { level: 1, name: heading }).waitFor();
}

/**
 * Screenshots of the panel's pages for docs/painel/ (shown in the README): written there when
 * PAINEL_SCREENSHOTS=1 (`PAINEL_SCREENSHOTS=1 npx vitest run test/painel-e2e`), otherwise to a temporary folder,
 * so an ordinary test run leaves the checkout as it was.
 */
export async function screenshot(page: Page, name: string): Promise<void> {
  const dir =
    process.env.PAINEL_SCREENSHOTS === '1'
      ? join(root, 'docs', 'painel')
      : join(tmpdir(), 'fiscal-api-painel-screenshots');
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: join(dir, `${name}.png`), fullPage: true });
}
