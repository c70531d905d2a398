import { spawnSync } from 'node:child_process';
import { schemaPath } from '../../src/engine/xml/validate-xsd.js';
import { tempDir, writeTemp } from './nfse-fixtures.js';

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
  const r = spawnSync('xmllint', ['--noout', '--schema', schemaPath(schemaFile), file], { encoding: 'utf8' });
  return { ok: r.status === 0, output: `${r.stdout}${r.stderr}` };
}

/** Independent XML-DSig check with xmlsec1 (OpenSSL backend), trusting the self-signed test certificate. */
/** xmlsec1 checks every Signature in the file: documents embedding another signed one name both Id elements. */
export function xmlsecVerify(xml: string, certificatePem: string, idElement: string | string[]): ToolResult {
  const dir = tempDir('xmlsec-');
  const file = writeTemp(dir, 'doc.xml', xml);
  const cert = writeTemp(dir, 'cert.pem', certificatePem);
  const r = spawnSync('xmlsec1', ['--verify', '--trusted-pem', cert, ...[idElement].flat().flatMap((e) => ['--id-attr:Id', e]), file], { encoding: 'utf8' });
  return { ok: r.status === 0, output: `${r.stdout}${r.stderr}` };
}
