import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { withMigrationProbe } from '../support/migration-probe.js';

const MIGRATION = '20261129021800_company_boundaries';

describe('company boundaries migration', () => {
  it('gives the kept events the company their dados name, in either spelling, and none to those naming none', async () => {
    await withMigrationProbe(MIGRATION, async ({ pg, migrateRest, rest }) => {
      const account = randomUUID();
      const [a, b] = [randomUUID(), randomUUID()];
      const dados: Array<[string, unknown]> = [
        ['NFSE_AUTORIZADA', { id: randomUUID(), empresa_id: a }],
        ['NOTA_RECEBIDA', { notaId: randomUUID(), empresaId: b }],
        ['EVENTO_FISCAL_RECEBIDO', { eventoId: randomUUID(), empresaId: b, tipoEvento: '101101' }],
        ['webhook.teste', { mensagem: 'teste' }],
        ['NFSE_AUTORIZADA', { empresa_id: 'não-é-uuid' }],
      ];
      for (const [seq, [tipo, d]] of dados.entries()) {
        await pg.query(
          `INSERT INTO events (id, account_id, environment, seq, tipo, dados, created_at)
           VALUES ($1, $2, 'live', $3, $4, $5::jsonb, now())`,
          [randomUUID(), account, seq + 1, tipo, JSON.stringify(d)],
        );
      }
      expect(await migrateRest()).toEqual(rest);
      const rows = await pg.query<{ company_id: string | null }>('SELECT company_id FROM events ORDER BY seq');
      expect(rows.rows.map((r) => r.company_id)).toEqual([a, b, b, null, '00000000-0000-0000-0000-000000000000']);
    });
  });

  it('keeps the stored Idempotency-Key answers as version 1, with the company their answer names', async () => {
    await withMigrationProbe(MIGRATION, async ({ pg, migrateRest }) => {
      const account = randomUUID();
      const [a, b, c] = [randomUUID(), randomUUID(), randomUUID()];
      const answers: unknown[] = [
        { id: randomUUID(), empresa_id: a, status: 'autorizada' },
        { nfe: { id: randomUUID(), empresa_id: b }, carta_correcao: {} },
        { storedError: { codigo: 'nfse_rejeitada', extra: { nfse: { id: randomUUID(), empresa_id: c } } } },
        { id: randomUUID(), url: 'https://hooks.example.com/x', segredo: 'selado' },
      ];
      for (const [i, answer] of answers.entries()) {
        await pg.query(
          `INSERT INTO idempotency_records (id, account_id, environment, key, fingerprint, state, response_status,
             response_body, created_at) VALUES ($1, $2, 'live', $3, 'fp', 'done', 201, $4::jsonb, now())`,
          [randomUUID(), account, `k${i}`, JSON.stringify(answer)],
        );
      }
      await migrateRest();
      const rows = await pg.query<{ company_id: string | null; fingerprint_version: number }>(
        'SELECT company_id, fingerprint_version FROM idempotency_records ORDER BY key',
      );
      expect(rows.rows).toEqual([
        { company_id: a, fingerprint_version: 1 },
        { company_id: b, fingerprint_version: 1 },
        { company_id: c, fingerprint_version: 1 },
        { company_id: null, fingerprint_version: 1 },
      ]);
    });
  });
});
