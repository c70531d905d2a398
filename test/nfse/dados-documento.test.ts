// What a provider keeps about a note's document (nfse.dados_documento) is written as the document is built; the
// migration that added the column fills it for the notes already built from their stored documents. Both must agree,
// or an older São Paulo or ABRASF note would be sent, recovered or cancelled with other values than a new one.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from '../../src/db/migrate.js';
import { FakeClock, MINUTE } from '../../src/engine/nucleo/clock.js';
import { expectStatus, httpClient, type Http } from '../support/http.js';
import { nfseBody } from '../support/nfse.js';
import type { SeededAccount } from '../support/seed.js';
import type { TestApp } from '../support/test-app.js';
import { useTestApp } from '../support/use-test-app.js';

const clock = new FakeClock('2026-11-02T12:00:00Z');
let t: TestApp;
let acct: SeededAccount;
let live: Http;
let saoPaulo: string;
let brasilia: string;

useTestApp(
  (s) => ({ t, acct } = s),
  () => ({ clock, worker: false, nationalTimeoutMs: 2_000 }),
);
beforeAll(async () => {
  const padroes = { codigo_nacional: '010101', aliquota_iss: '2.90', nbs: '115021000', codigo_municipal: '02658' };
  saoPaulo = (await acct.company({ municipio: '3550308', inscricao_municipal: '31000000', padroes })).id;
  brasilia = (await acct.company({ municipio: '5300108', inscricao_municipal: '0712345600' })).id;
  live = httpClient(t.url, await acct.key('live'));
});
beforeEach(() => clock.advance(MINUTE));

/** The migration's backfill: its UPDATE statements. */
async function backfill(): Promise<string[]> {
  const [dir] = (await readdir(MIGRATIONS_DIR)).filter((d) => d.endsWith('_dados_documento'));
  const sql = await readFile(join(MIGRATIONS_DIR, dir!, 'migration.sql'), 'utf8');
  const statements = sql
    .replace(/^--.*$/gm, '')
    .split(';')
    .map((s) => s.trim())
    .filter((s) => s.startsWith('UPDATE'));
  expect(statements).toHaveLength(2);
  return statements;
}

describe('nfse.dados_documento', () => {
  it('the migration fills São Paulo and ABRASF notes with exactly what their providers keep when building them', async () => {
    const sp = expectStatus(await live.post('/v1/nfse', nfseBody(saoPaulo)), 201);
    const abrasf = expectStatus(await live.post('/v1/nfse', nfseBody(brasilia)), 201);
    const db = t.app.engine.db;
    const built = await db.nfse.findMany({
      where: { id: { in: [sp.id, abrasf.id] } },
      select: { id: true, dadosDocumento: true },
    });
    const kept = new Map(built.map((n) => [n.id, n.dadosDocumento]));
    expect(kept.get(sp.id)).toEqual({
      leiaute: 2,
      cnpjRemetente: expect.stringMatching(/^\d{14}$/),
      codigoServico: '02658',
      dataEmissao: '2026-11-02',
    });
    expect(kept.get(abrasf.id)).toEqual({ operacao: 'RecepcionarLoteRpsSincrono', inscricaoMunicipal: '0712345600' });

    await db.$executeRawUnsafe(`UPDATE nfse SET dados_documento = NULL WHERE id IN ('${sp.id}', '${abrasf.id}')`);
    for (const statement of await backfill()) await db.$executeRawUnsafe(statement);
    const filled = await db.nfse.findMany({
      where: { id: { in: [sp.id, abrasf.id] } },
      select: { id: true, dadosDocumento: true },
    });
    for (const note of filled) expect(note.dadosDocumento, note.id).toEqual(kept.get(note.id));
  });
});
