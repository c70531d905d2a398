import { spawnSync } from 'node:child_process';
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { applySchemaPatches, PATCHED_SCHEMAS } from '../../src/engine/xml/apply-schema-patches.js';
import { schemaPath } from '../../src/engine/xml/validate-xsd.js';
import { tempDir, writeTemp } from './nfse-fixtures.js';

/**
 * The schema file xmllint reads: the published one, or — when the file itself is read with local changes, as ABRASF
 * 2.04 must be for libxml2 to compile it — a copy of its folder with the changes the service applies in memory.
 */
function schemaOnDisk(schemaFile: string): string {
  const path = schemaPath(schemaFile);
  const name = basename(path);
  if (!PATCHED_SCHEMAS.has(name)) return path;
  const copy = tempDir('xsd-');
  cpSync(dirname(path), copy, { recursive: true });
  writeFileSync(
    join(copy, name),
    Buffer.from(applySchemaPatches(name, readFileSync(path).toString('latin1')), 'latin1'),
  );
  return join(copy, name);
}

export interface ToolResult {
  ok: boolean;
  output: string;
}

/**
 * Independent schema check with Debian's xmllint (libxml2-utils), not the wasm build used at runtime, against the
 * schema files the service validates with (`DPS_v1.01.xsd`, `nfe/nfe_v4.00.xsd`, …).
 */
export function xmllint(xml: string, schemaFile: string): ToolResult {
  const file = writeTemp(tempDir('xmllint-'), 'doc.xml', xml);
  const r = spawnSync('xmllint', ['--noout', '--schema', schemaOnDisk(schemaFile), file], { encoding: 'utf8' });
  return { ok: r.status === 0, output: `${r.stdout}${r.stderr}` };
}

/** Independent XML-DSig check with xmlsec1 (OpenSSL backend), trusting the self-signed test certificate(s). */
/** xmlsec1 checks every Signature in the file: documents embedding another signed one name both Id elements. */
export function xmlsecVerify(
  xml: string,
  certificatePem: string | string[],
  idElement: string | string[],
  idAttribute = 'Id',
): ToolResult {
  const dir = tempDir('xmlsec-');
  const file = writeTemp(dir, 'doc.xml', xml);
  const certs = [certificatePem].flat().flatMap((pem, i) => ['--trusted-pem', writeTemp(dir, `cert${i}.pem`, pem)]);
  const r = spawnSync(
    'xmlsec1',
    ['--verify', ...certs, ...[idElement].flat().flatMap((e) => [`--id-attr:${idAttribute}`, e]), file],
    { encoding: 'utf8' },
  );
  return { ok: r.status === 0, output: `${r.stdout}${r.stderr}` };
}
