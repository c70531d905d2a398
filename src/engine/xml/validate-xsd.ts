import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import type { XmlDocument, XsdValidator } from 'libxml2-wasm';
import { fiscalDataPath } from '../tabelas/fiscal-data-dir.js';
import { applySchemaPatches, PATCHED_SCHEMAS } from './apply-schema-patches.js';
import { libxml2 } from './libxml2.js';

export type XsdSchemaName =
  | 'DPS'
  | 'pedRegEvento'
  | 'NFSe'
  | 'evento'
  | 'NFe'
  | 'nfeProc'
  | 'enviNFe'
  | 'retEnviNFe'
  | 'consSitNFe'
  | 'retConsSitNFe'
  | 'envConfRecebto'
  | 'consStatServ'
  | 'envEPEC'
  | 'envEventoCancNFe'
  | 'envCCe'
  | 'procEventoCancNFe'
  | 'procCCeNFe'
  | 'inutNFe'
  | 'retInutNFe'
  | 'abrasf'
  | `sp:${SaoPauloRequest}:${1 | 2}`
  | `provedor:${string}`;

/** São Paulo's request roots this service sends (and its simulator validates), in layouts 1 and 2. */
export type SaoPauloRequest =
  'PedidoEnvioRPS' | 'PedidoEnvioLoteRPS' | 'PedidoConsultaNFe' | 'PedidoCancelamentoNFe' | 'PedidoConsultaNFePeriodo';

export interface XsdError {
  message: string;
  line: number;
}

const SCHEMA_FILES: Record<Exclude<XsdSchemaName, `sp:${string}` | `provedor:${string}`>, string> = {
  DPS: 'DPS_v1.01.xsd',
  pedRegEvento: 'pedRegEvento_v1.01.xsd',
  NFSe: 'NFSe_v1.01.xsd',
  evento: 'evento_v1.01.xsd',
  // NF-e 4.00, the package as published (nfe/xsd of the data directory).
  NFe: 'nfe/nfe_v4.00.xsd',
  nfeProc: 'nfe/procNFe_v4.00.xsd',
  enviNFe: 'nfe/enviNFe_v4.00.xsd',
  retEnviNFe: 'nfe/retEnviNFe_v4.00.xsd',
  consSitNFe: 'nfe/consSitNFe_v4.00.xsd',
  retConsSitNFe: 'nfe/retConsSitNFe_v4.00.xsd',
  // NF-e manifestação do destinatário (envEvento of 2102x0 events).
  envConfRecebto: 'nfe/envConfRecebto_v1.00.xsd',
  // NfeStatusServico4 and the EPEC event (110140) of the national environment.
  consStatServ: 'nfe/consStatServ_v4.00.xsd',
  envEPEC: 'nfe/envEPEC_v1.00.xsd',
  // Events of the issuer: cancelamento (110111) and carta de correção (110110), batch and kept procEventoNFe.
  envEventoCancNFe: 'nfe/envEventoCancNFe_v1.00.xsd',
  envCCe: 'nfe/envCCe_v1.00.xsd',
  procEventoCancNFe: 'nfe/procEventoCancNFe_v1.00.xsd',
  procCCeNFe: 'nfe/procCCeNFe_v1.00.xsd',
  // NF-e inutilização (NFeInutilizacao4).
  inutNFe: 'nfe/inutNFe_v4.00.xsd',
  retInutNFe: 'nfe/retInutNFe_v4.00.xsd',
  // ABRASF 2.04: one schema for every message of the model (GerarNfseEnvio, CancelarNfseEnvio, their answers…).
  abrasf: 'abrasf/nfse_v204.xsd',
};

/**
 * A schema file as SCHEMA_FILES names it: the NFS-e 1.01 package, under `nfe/…` the NF-e 4.00 package, under
 * `abrasf/…` the ABRASF 2.04 schema, under `sao-paulo/…` São Paulo's packages and under `provedores/…` the NFS-e
 * providers' own schemas (`<provider>/<version>/<source>/<file>`), all in the data directory.
 * xs:include and xs:import resolve beside the file, so each package is read from one folder.
 */
export function schemaPath(file: string): string {
  if (file.startsWith('nfe/')) return fiscalDataPath('xsdNfe', file.slice('nfe/'.length));
  if (file.startsWith('abrasf/')) return fiscalDataPath('xsdAbrasf', file.slice('abrasf/'.length));
  if (file.startsWith('sao-paulo/')) return fiscalDataPath('xsdSaoPaulo', file.slice('sao-paulo/'.length));
  if (file.startsWith('provedores/')) return fiscalDataPath('provedoresNfse', file.slice('provedores/'.length));
  return fiscalDataPath('xsdNfse', file);
}

/**
 * The file of a schema name: São Paulo's sync package of its layout (`sao-paulo/v02/PedidoEnvioRPS_v02.xsd`), a
 * provider's schema (`provedor:issnet/2.04/uninfe/nfse_v2-04.xsd` → `provedores/issnet/…`).
 */
export function schemaFile(schema: XsdSchemaName): string {
  if (schema.startsWith('provedor:')) return `provedores/${schema.slice('provedor:'.length)}`;
  if (schema.startsWith('sp:')) {
    const [, root, layout] = schema.split(':');
    return `sao-paulo/v0${layout}/${root}_v0${layout}.xsd`;
  }
  return SCHEMA_FILES[schema as keyof typeof SCHEMA_FILES];
}

/**
 * Serves the PATCHED_SCHEMAS with their local changes to libxml2 whenever a schema includes one, from whichever
 * data directory; every other file is read from the file system as published.
 */
function patchedSchemaProvider(lib: ReturnType<typeof libxml2>) {
  const buffers = new lib.XmlBufferInputProvider({});
  const opened = new Set<string>();
  const local = (filename: string) =>
    filename.startsWith('file://') ? decodeURIComponent(new URL(filename).pathname) : filename;
  return {
    match: (filename: string) => PATCHED_SCHEMAS.has(basename(local(filename))),
    open: (filename: string) => {
      const path = local(filename);
      if (!opened.has(path)) {
        // latin1 maps every byte to one character and back, so the file's BOM and CRLF reach libxml2 unchanged.
        buffers.addBuffer(path, Buffer.from(applySchemaPatches(path, readFileSync(path).toString('latin1')), 'latin1'));
        opened.add(path);
      }
      return buffers.open(path);
    },
    read: buffers.read.bind(buffers),
    close: buffers.close.bind(buffers),
  };
}

/**
 * libxml2's input callbacks are a table of the process (a few slots), not of this module: they are registered once
 * per process, even when this module is loaded again (the test runner gives each file fresh modules).
 */
const PROVIDERS = Symbol.for('fiscal-api.xsd-input-providers');

export function registerInputProviders(lib: ReturnType<typeof libxml2>): void {
  const processWide = globalThis as { [PROVIDERS]?: true };
  if (processWide[PROVIDERS]) return;
  // xs:include / xs:import are resolved through the file system relative to the schema URL, except the one file
  // read with local changes: libxml2 asks the provider registered last first.
  lib.xmlRegisterFsInputProviders();
  lib.xmlRegisterInputProvider(patchedSchemaProvider(lib));
  processWide[PROVIDERS] = true;
}

const validators = new Map<XsdSchemaName, XsdValidator>();

/** Compiles each schema once per process: compiling costs far more than validating a document. */
function validatorFor(schema: XsdSchemaName): XsdValidator {
  const cached = validators.get(schema);
  if (cached) return cached;
  const lib = libxml2();
  const { XmlDocument, XsdValidator } = lib;
  registerInputProviders(lib);
  const path = schemaPath(schemaFile(schema));
  // The schema itself may be one read with local changes (ABRASF 2.04), as may any file it includes.
  const doc = XmlDocument.fromBuffer(
    Buffer.from(applySchemaPatches(path, readFileSync(path).toString('latin1')), 'latin1'),
    { url: path },
  );
  try {
    const validator = XsdValidator.fromDoc(doc);
    validators.set(schema, validator);
    return validator;
  } finally {
    doc.dispose();
  }
}

/** Validates an XML string against an official schema; returns [] when valid. */
export function validateXsd(xml: string, schema: XsdSchemaName): XsdError[] {
  const validator = validatorFor(schema);
  let doc: XmlDocument;
  try {
    doc = libxml2().XmlDocument.fromBuffer(Buffer.from(xml, 'utf8'));
  } catch (err) {
    return errorsOf(err);
  }
  try {
    validator.validate(doc);
    return [];
  } catch (err) {
    return errorsOf(err);
  } finally {
    doc.dispose();
  }
}

function errorsOf(err: unknown): XsdError[] {
  const { XmlValidateError, XmlParseError } = libxml2();
  if (err instanceof XmlValidateError || err instanceof XmlParseError) {
    const details = err.details ?? [];
    if (details.length > 0) return details.map((d) => ({ message: d.message.trim(), line: d.line }));
  }
  return [{ message: err instanceof Error ? err.message : String(err), line: 0 }];
}
