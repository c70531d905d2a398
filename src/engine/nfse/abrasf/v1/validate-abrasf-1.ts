import { readFileSync } from 'node:fs';
import type { XsdValidator } from 'libxml2-wasm';
import { fiscalDataPath } from '../../../tabelas/fiscal-data-dir.js';
import { applySchemaPatches } from '../../../xml/apply-schema-patches.js';
import { libxml2 } from '../../../xml/libxml2.js';
import { registerInputProviders, type XsdError } from '../../../xml/validate-xsd.js';
import type { PerfilAbrasf1 } from './perfil-abrasf-1.js';

/** A schema file of a 1.00 family's package, in the provider data of the data directory. */
export function abrasf1SchemaPath(perfil: PerfilAbrasf1, arquivo: string): string {
  return fiscalDataPath('provedoresNfse', `${perfil.pasta}/${arquivo}`);
}

const validators = new Map<string, XsdValidator>();

function validatorFor(path: string): XsdValidator {
  const cached = validators.get(path);
  if (cached) return cached;
  const lib = libxml2();
  registerInputProviders(lib);
  // The family's file may be one read with local changes (ISSSalvador's nfse.xsd), as may any file it includes.
  const doc = lib.XmlDocument.fromBuffer(
    Buffer.from(applySchemaPatches(path, readFileSync(path).toString('latin1')), 'latin1'),
    { url: path },
  );
  try {
    const validator = lib.XsdValidator.fromDoc(doc);
    validators.set(path, validator);
    return validator;
  } finally {
    doc.dispose();
  }
}

/**
 * Validates a 1.00 document against the file of the family's package that declares it (libxml2 must be loaded:
 * loadLibxml2); [] when valid. Each schema is compiled once per process.
 */
export function validateAbrasf1(xml: string, perfil: PerfilAbrasf1, arquivo: string): XsdError[] {
  const validator = validatorFor(abrasf1SchemaPath(perfil, arquivo));
  const lib = libxml2();
  let doc;
  try {
    doc = lib.XmlDocument.fromBuffer(Buffer.from(xml, 'utf8'));
  } catch (err) {
    return [{ message: err instanceof Error ? err.message : String(err), line: 0 }];
  }
  try {
    validator.validate(doc);
    return [];
  } catch (err) {
    const details = (err as { details?: Array<{ message: string; line: number }> }).details ?? [];
    if (details.length > 0) return details.map((d) => ({ message: d.message.trim(), line: d.line }));
    return [{ message: err instanceof Error ? err.message : String(err), line: 0 }];
  } finally {
    doc.dispose();
  }
}
