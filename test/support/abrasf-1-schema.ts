import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { PerfilAbrasf1 } from '../../src/engine/nfse/abrasf/v1/perfil-abrasf-1.js';
import { abrasf1SchemaPath } from '../../src/engine/nfse/abrasf/v1/validate-abrasf-1.js';
import { applySchemaPatches } from '../../src/engine/xml/apply-schema-patches.js';
import { tempDir } from './nfse-fixtures.js';

const copias = new Map<string, string>();

/**
 * A 1.00 family's schema file as the service compiles it, for xmllint: a copy of the family's folder with the local
 * changes of apply-schema-patches.ts (ISSSalvador's nfse.xsd; every other file is copied as published).
 */
export function abrasf1SchemaForLint(perfil: PerfilAbrasf1, arquivo: string): string {
  const pasta = dirname(abrasf1SchemaPath(perfil, arquivo));
  let copia = copias.get(pasta);
  if (!copia) {
    copia = tempDir('xsd-abrasf-1-');
    for (const f of readdirSync(pasta).filter((n) => n.endsWith('.xsd'))) {
      const text = applySchemaPatches(join(pasta, f), readFileSync(join(pasta, f), 'latin1'));
      writeFileSync(join(copia, f), Buffer.from(text, 'latin1'));
    }
    copias.set(pasta, copia);
  }
  return join(copia, arquivo);
}
