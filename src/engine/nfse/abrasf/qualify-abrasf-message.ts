import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, posix } from 'node:path';
import { fiscalDataPath } from '../../tabelas/fiscal-data-dir.js';
import type { LeiauteAbrasf } from './perfil-abrasf.js';

// A family with one namespace per message (namespacePorMensagem) declares, in each message's schema, the root and a
// few elements of its own (Rps of GerarNfseEnvio, LoteRps, Pedido, ListaNfse…); everything else is a type of the
// types schema, in the types namespace. Only default namespaces are written: a prefix declared on the root would be
// in scope of every signed element (C14N 1.0 renders it), so the RPS signed alone would not verify inside the
// message. With default declarations the signed elements' canonical form is the same alone and inside any message.

/** `GerarNfseEnvio` → `gerar-nfse-envio`: the name of a message in the family's namespaces and schema files. */
export const mensagemKebab = (raiz: string): string => raiz.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();

const schemasByNamespace = new Map<string, Map<string, string>>();
const namespaceByFile = new Map<string, string | null>();

/** The target namespace a schema file of the provider folder declares (read once). */
function targetNamespace(file: string): string | null {
  if (!namespaceByFile.has(file)) {
    const text = readFileSync(fiscalDataPath('provedoresNfse', file), 'utf8');
    namespaceByFile.set(file, /targetNamespace="([^"]+)"/.exec(text)?.[1] ?? null);
  }
  return namespaceByFile.get(file)!;
}

/** The schema files of a folder of the provider directory by their target namespace (read once). */
function schemasOf(folder: string): Map<string, string> {
  const cached = schemasByNamespace.get(folder);
  if (cached) return cached;
  const map = new Map<string, string>();
  for (const file of readdirSync(fiscalDataPath('provedoresNfse', folder)).filter((f) => f.endsWith('.xsd'))) {
    const ns = targetNamespace(posix.join(folder, file));
    if (ns && !map.has(ns)) map.set(ns, posix.join(folder, file));
  }
  schemasByNamespace.set(folder, map);
  return map;
}

/**
 * The schema file (under the provider folder) a message validates against: the family's one schema or, for a family
 * with one schema per message, the file its name gives (`{mensagem}` in `esquema`), else the file of the folder
 * declaring the message's namespace (a family's file names need not all follow its messages).
 */
export function esquemaDaMensagem(leiaute: Pick<LeiauteAbrasf, 'esquema' | 'namespacePorMensagem'>, raiz: string) {
  if (!leiaute.namespacePorMensagem) return leiaute.esquema;
  const named = leiaute.esquema.replaceAll('{mensagem}', mensagemKebab(raiz));
  if (existsSync(fiscalDataPath('provedoresNfse', named))) return named;
  const ns = leiaute.namespacePorMensagem.mensagem.replaceAll('{mensagem}', mensagemKebab(raiz));
  const file = schemasOf(dirname(leiaute.esquema)).get(ns);
  if (!file) throw new Error(`esquema da mensagem ${raiz} (${ns}) ausente em ${dirname(leiaute.esquema)}`);
  return file;
}

/**
 * The namespace of a message root: the one its own schema declares (a family's schema may reuse another message's
 * namespace), or null where the whole message is in namespaceDados.
 */
export function namespaceDaMensagem(
  leiaute: Pick<LeiauteAbrasf, 'esquema' | 'namespacePorMensagem'>,
  raiz: string,
): string | null {
  return leiaute.namespacePorMensagem ? targetNamespace(esquemaDaMensagem(leiaute, raiz)) : null;
}

const localsByFile = new Map<string, ReadonlySet<string>>();

/** The elements a message schema declares itself (besides its root): they are in the message's namespace. */
function localElements(file: string, raiz: string): ReadonlySet<string> {
  const cached = localsByFile.get(file);
  if (cached) return cached;
  const text = readFileSync(fiscalDataPath('provedoresNfse', file), 'utf8');
  const names = new Set([...text.matchAll(/<(?:\w+:)?element\s[^>]*?name="([\w.-]+)"/g)].map((m) => m[1]!));
  names.delete(raiz);
  localsByFile.set(file, names);
  return names;
}

const TAG = /<(\/?)([\w.-]+)((?:\s[^>]*?)?)(\/?)>/g;
const withXmlns = (attrs: string, ns: string | null) => {
  const rest = attrs.replace(/\sxmlns="[^"]*"/, '');
  return ns === null ? rest : ` xmlns="${ns}"${rest}`;
};

/**
 * A message (or answer) of the layout with the namespaces its family gives it: unchanged where the family puts the
 * whole message in one namespace; else the root and the elements its schema declares in the message's namespace and
 * the first element of each type in the types namespace (its descendants inherit it). Signature elements keep
 * theirs. Apply before signing an element that holds a part this changes (LoteRps, SubstituicaoNfse, the Pedido).
 */
export function qualifyAbrasfMessage(
  leiaute: Pick<LeiauteAbrasf, 'esquema' | 'namespacePorMensagem'>,
  xml: string,
): string {
  const ns = leiaute.namespacePorMensagem;
  if (!ns) return xml;
  const raiz = /^(?:<\?xml[^>]*\?>)?\s*<([\w.-]+)/.exec(xml)?.[1];
  if (!raiz) return xml;
  const locals = localElements(esquemaDaMensagem(leiaute, raiz), raiz);
  const mensagem = namespaceDaMensagem(leiaute, raiz)!;
  // Per open element: whether it is in the message's namespace (its children are then placed by the schema).
  const stack: boolean[] = [];
  return xml.replace(TAG, (tag, close: string, name: string, attrs: string, selfClosing: string) => {
    if (close) {
      stack.pop();
      return tag;
    }
    const parentInMessage = stack.length === 0 ? null : stack.at(-1)!;
    let inMessage = false;
    let out = tag;
    if (parentInMessage === null) {
      inMessage = true;
      out = `<${name}${withXmlns(attrs, mensagem)}${selfClosing}>`;
    } else if (parentInMessage && name !== 'Signature') {
      inMessage = locals.has(name);
      // A message element inherits the root's namespace; a type's first element declares the types namespace.
      out = `<${name}${withXmlns(attrs, inMessage ? null : ns.tipos)}${selfClosing}>`;
    }
    if (!selfClosing) stack.push(inMessage);
    return out;
  });
}
