// The bare stack for the nfse-issue bench: the least work one issued note needs, with none of the service's
// layers. node:http reads the same request body, the company's DPS is rebuilt and signed with its real A1 key,
// one row goes to the same database through its driver (pg pool or the PGlite instance, no Prisma), and a small
// JSON answer goes back. The bench loads it with the same clients as the service, so the server CPU per note of
// both runs compare the service's layers (REST, GraphQL, Prisma, events, the simulator) against this floor.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { SqlRunner } from '../src/db/sql-runner.js';
import { buildDpsXml } from '../src/engine/nfse/nacional/build-dps-xml.js';
import type { DpsInput } from '../src/engine/nfse/nacional/dps-input.js';
import { signXml, type XmlSigner } from '../src/engine/xml/sign-xml.js';

export interface BareDatabase {
  /** postgres://… (a pool of its own, as large as the service's); absent: the embedded database's runner. */
  url?: string;
  sql?: SqlRunner;
}

export interface BareIssueServer {
  url: string;
  close(): Promise<void>;
}

const TABLE = `bench_bare_notes_${randomUUID().replace(/-/g, '').slice(0, 12)}`;

export async function startBareIssueServer(
  db: BareDatabase,
  dps: DpsInput,
  signer: XmlSigner,
): Promise<BareIssueServer> {
  const pool = db.url ? new pg.Pool({ connectionString: db.url, max: 10 }) : null;
  const query = async (text: string, params?: unknown[]) => {
    if (pool) await pool.query(text, params);
    else await db.sql!.query(text, params);
  };
  await query(
    `CREATE TABLE ${TABLE} (id uuid PRIMARY KEY, referencia text UNIQUE, request jsonb NOT NULL, dps_xml text NOT NULL)`,
  );
  let numero = 0;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { referencia: string };
        const xml = signXml(buildDpsXml({ ...dps, nDPS: String(++numero) }), signer, { element: 'infDPS' });
        const id = randomUUID();
        await query(`INSERT INTO ${TABLE} (id, referencia, request, dps_xml) VALUES ($1, $2, $3, $4)`, [
          id,
          body.referencia,
          body,
          xml,
        ]);
        const answer = JSON.stringify({ id, referencia: body.referencia, status: 'autorizada' });
        res.writeHead(201, { 'content-type': 'application/json' }).end(answer);
      })().catch((err: Error) => res.writeHead(500).end(err.message));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await query(`DROP TABLE ${TABLE}`);
      await pool?.end();
    },
  };
}
