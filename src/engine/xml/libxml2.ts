type Libxml2 = typeof import('libxml2-wasm') &
  Pick<typeof import('libxml2-wasm/lib/nodejs.mjs'), 'xmlRegisterFsInputProviders'>;

let loaded: Libxml2 | undefined;
let loading: Promise<Libxml2> | undefined;

/**
 * libxml2-wasm, loaded on first need instead of at start: a service that only issues NFS-e to a configured
 * national system never parses or validates XML itself, and loading the module costs
 * about 150 MB of resident memory. Every asynchronous entry
 * to XML reading or schema validation (simulator requests, NF-e issuance and authority, DANFE/DANFSE, cancellation)
 * awaits this; the synchronous readers below it call `libxml2()`.
 */
export function loadLibxml2(): Promise<Libxml2> {
  loading ??= Promise.all([import('libxml2-wasm'), import('libxml2-wasm/lib/nodejs.mjs')]).then(
    ([lib, node]) => (loaded = { ...lib, xmlRegisterFsInputProviders: node.xmlRegisterFsInputProviders }),
  );
  return loading;
}

export function libxml2(): Libxml2 {
  // A caller that reads XML without awaiting loadLibxml2 on its way in: a programming error, not a user's.
  if (!loaded) throw new Error('libxml2-wasm ainda não foi carregado: aguarde loadLibxml2() antes de ler XML.');
  return loaded;
}
