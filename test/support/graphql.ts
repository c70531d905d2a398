import { expect } from 'vitest';

export type Gql = { data?: any; errors?: Array<{ message: string; extensions?: Record<string, any> }> };

export const nodes = <T = Record<string, any>>(connection: { edges: Array<{ node: T }> }) =>
  connection.edges.map((e) => e.node);

/**
 * A dashboard's GraphQL calls against a test app started in beforeAll: `target` is read at each call, so the
 * helpers can be made at module level before the app and its key exist.
 */
export function dashboardGraphql(target: () => { url: string; key: string }) {
  async function gql(query: string, variables: Record<string, unknown> = {}, key = target().key): Promise<Gql> {
    const res = await fetch(`${target().url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
      body: JSON.stringify({ query, variables }),
    });
    return (await res.json()) as Gql;
  }

  /** Follows first/after to the end and returns every node, checking totalCount on each page. */
  async function walk(field: string, query: string, variables: Record<string, unknown>, key?: string) {
    const seen: Array<Record<string, any>> = [];
    let after: string | null = null;
    for (let pages = 0; pages < 100; pages++) {
      const body = await gql(query, { ...variables, after }, key);
      expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
      const conn = body.data[field];
      seen.push(...nodes(conn));
      expect(conn.totalCount).toBeGreaterThanOrEqual(seen.length);
      if (!conn.pageInfo.hasNextPage) {
        expect(conn.totalCount).toBe(seen.length);
        return seen;
      }
      after = conn.pageInfo.endCursor;
    }
    throw new Error('no last page');
  }

  return { gql, walk };
}

/** A GraphQL call over HTTP (POST /graphql) with a key. */
export async function graphql(baseUrl: string, key: string, query: string, variables: Record<string, unknown> = {}) {
  const res = await fetch(`${baseUrl}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await res.json()) as { data?: Record<string, any>; errors?: unknown[] };
  expect(res.status, JSON.stringify(body)).toBe(200);
  expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
  return body.data!;
}
