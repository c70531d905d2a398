// Child process for the "worker killed between send and answer" test: sends one DPS and waits for the answer.
// Arguments: <baseUrl> <dps-file> <scenario> (started as test/support/child-command.ts says).
import { createAuthorityClient } from '../../../src/engine/autoridades/authority-client.js';
import { readFileSync } from 'node:fs';
import { emitDps } from '../../../src/engine/autoridades/nfse-nacional/emit-dps.js';

const [baseUrl, file, scenario] = process.argv.slice(2);
const client = createAuthorityClient({ baseUrl, timeoutMs: 60_000, scenario });
process.stdout.write('sending\n');
const result = await emitDps(client, { dpsXml: readFileSync(file, 'utf8') });
process.stdout.write(`${JSON.stringify({ kind: result.kind })}\n`);
await client.close();
