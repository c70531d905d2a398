// A page of 100 notes with company, timeline and adjustments runs a small fixed number of SQL
// statements (not one per row), and depth/cost/breadth limits refuse abusive documents before execution.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Principal } from '../../src/engine/chaves/principal.js';
import { issueNfse } from '../../src/engine/nfse/issue-nfse.js';
import { QUERY_LIMITS } from '../../src/http/query-limits.js';
import { nfseInput } from '../support/nfse.js';
import type { SeededAccount } from '../support/seed.js';
import { dashboardGraphql } from '../support/graphql.js';
import type { TestApp } from '../support/test-app.js';
import { useTestApp } from '../support/use-test-app.js';
import { isRequestLogWrite } from '../support/is-request-log-write.js';

let t: TestApp;
let acct: SeededAccount;
const statements: string[] = [];
// At most: the key, the page of notes, their timelines, their companies (with certificates), and slack for
// the driver's own statements. What matters is that it does not grow with the page.
const BOUND = 6;

// No worker: nothing runs in the background while statements are counted.
useTestApp(
  (s) => ({ t, acct } = s),
  () => ({ worker: false, onQuery: (sql) => void (isRequestLogWrite(sql) || statements.push(sql)) }),
);
beforeAll(async () => {
  const companies = [await acct.company(), await acct.company(), await acct.company()];
  const principal: Principal = { accountId: acct.accountId, environment: 'test', apiKeyId: 'seed', companyId: null };
  for (let i = 0; i < 100; i++) {
    await issueNfse(t.app.engine, principal, { body: nfseInput(companies[i % 3]!.id), simular: null, waitSeconds: 10 });
  }
}, 180_000);

const { gql } = dashboardGraphql(() => ({ url: t.url, key: acct.testKey }));

/** Runs a document and returns its body and the SQL statements it caused. */
async function counted(query: string, variables: Record<string, unknown> = {}) {
  statements.length = 0;
  const body = await gql(query, variables);
  return { body, sql: [...statements] };
}

const PAGE = `query($first: Int) { notas(first: $first) { edges { node {
  id status valor empresa { id razaoSocial certificado { cnpj validoAte } } eventos { tipo em } ajustes { campo regra } } } } }`;

describe('a dashboard page of notes', () => {
  it('100 notes with company, timeline and adjustments: a fixed number of SQL statements', async () => {
    const { body, sql } = await counted(PAGE, { first: 100 });
    expect(body.errors).toBeUndefined();
    const notes = (body.data.notas.edges as Array<{ node: Record<string, any> }>).map((e) => e.node);
    expect(notes).toHaveLength(100);
    expect(new Set(notes.map((n) => n.empresa.id)).size).toBe(3);
    expect(notes.every((n) => n.eventos.length > 0 && n.ajustes.length > 0 && n.empresa.certificado)).toBe(true);
    expect(sql.length, sql.join('\n')).toBeLessThanOrEqual(BOUND);
    // The same statements for 10 notes as for 100: nothing per row.
    const small = await counted(PAGE, { first: 10 });
    expect(small.body.data.notas.edges).toHaveLength(10);
    expect(small.sql.length).toBe(sql.length);
  });
});

describe('limits, checked before execution', () => {
  const expectRefused = (body: Awaited<ReturnType<typeof gql>>, kind: string) => {
    expect(body.data ?? null).toBeNull();
    const error = body.errors?.find((e) => e.extensions?.limite === kind);
    expect(error, JSON.stringify(body.errors)).toBeDefined();
    expect(error!.extensions).toMatchObject({
      code: 'consulta_excede_limites',
      maximo: QUERY_LIMITS[kind as keyof typeof QUERY_LIMITS],
    });
    expect(error!.message).toMatch(/^A consulta .* o máximo é \d+\.$/);
  };

  it('cost: several full pages in one document are refused, and no note is read', async () => {
    const pages = [1, 2, 3, 4, 5].map(
      (i) =>
        `p${i}: notas(first: 100) { edges { node { ${'id status valor empresa { id razaoSocial cnpj municipio } eventos { tipo em detalhe } ajustes { campo acao motivo regra }'} } } }`,
    );
    const { body, sql } = await counted(`{ ${pages.join(' ')} }`);
    expectRefused(body, 'complexity');
    // Only the key was looked up: the document never ran.
    expect(sql.filter((s) => /"nfse"/.test(s))).toEqual([]);
  });

  it('breadth: hundreds of aliases are refused', async () => {
    const fields = Array.from({ length: QUERY_LIMITS.breadth + 1 }, (_, i) => `a${i}: __typename`).join(' ');
    const { body } = await counted(`{ account { ${fields} } }`);
    expectRefused(body, 'breadth');
  });

  it('a legitimate full page is within every limit', async () => {
    const { body } = await counted(PAGE, { first: 100 });
    expect(body.errors).toBeUndefined();
  });
});
