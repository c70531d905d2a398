// Generates the PHP client's answer classes (src/Modelos/*.php) from the service's openapi/openapi.yaml: one final
// class per answer schema, a typed readonly property with its PHPDoc for every field the document declares, so
// the classes say what the API sends. With --check it writes nothing and exits 1 when a committed class differs
// from what the document gives now (CI: the document changed, the classes were not regenerated). Run from the
// repository (it reads the document with the repository's `yaml` package): node sdk/php/scripts/generate-models.mjs
import { readFileSync, readdirSync, writeFileSync, mkdirSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

const here = dirname(fileURLToPath(import.meta.url));
const documentPath = resolve(here, '../../../openapi/openapi.yaml');
const targetDir = resolve(here, '../src/Modelos');
const doc = parse(readFileSync(documentPath, 'utf8'));

const schema = (name) => `#/components/schemas/${name}`;
/** Class name → the schema it is generated from (a JSON Pointer into the document). */
const MODELS = {
  Nfse: schema('Nfse'),
  Ajuste: schema('Adjustment'),
  ErroItem: schema('ErrorItem'),
  Lote: schema('Lote'),
  LoteItem: schema('LoteItem'),
  Nfe: schema('Nfe'),
  NfeEvento: schema('NfeEvento'),
  NfeInutilizacao: schema('NfeInutilizacao'),
  Webhook: schema('Webhook'),
  WebhookComSegredo: schema('WebhookWithSecret'),
  Entrega: schema('WebhookDelivery'),
  Evento: '#/paths/~1v1~1eventos/get/responses/200/content/application~1json/schema/properties/eventos/items',
  Empresa: schema('Company'),
  Prontidao: schema('Readiness'),
  ItemProntidao: schema('ReadinessItem'),
  Documento: schema('ReceivedDocument'),
  DocumentoDetalhe: schema('ReceivedDocumentDetail'),
};
/**
 * What a field means where the document gives no description: `Classe.campo` for one class, `campo` for every
 * class that has it. The document's own description, when there is one, comes first.
 */
const GLOSSARY = {
  id: 'The record id (the path segment of its routes).',
  empresa_id: 'The company (emitter) the record belongs to.',
  empresaId: 'The company that received the document.',
  ambiente: "The environment: sandbox for test keys' records, producao for live ones.",
  status: 'The current status (see the values).',
  situacao: 'ok, aviso or bloqueio.',
  referencia: "The caller's own reference, unique per company and environment.",
  valor: 'Money as decimal text (1500.00), never a float.',
  valor_total: 'The total of the note as decimal text, never a float.',
  competencia: 'The competence month of the service (AAAA-MM-DD, first day).',
  numero: 'The number the authority gave the document; null until it has one.',
  numero_dps: 'The DPS number the service gave the note in its series.',
  serie: 'The series of the numbers.',
  serie_dps: 'The DPS series the note was numbered in.',
  serie_nfe: 'The NF-e series the company numbers in; null when not set.',
  chave_acesso: 'The access key, once the authority gave one; null before.',
  chaveAcesso: 'The access key of the received document.',
  rejeicao: 'Why the authority rejected it (official code and message); null when not rejected.',
  falha: 'A transmission that could not be completed (dps_enviada says whether the DPS may have arrived); null otherwise.',
  aviso: 'A notice about an unusually long processing; null otherwise.',
  cancelamento: 'Set once cancelled: how and when; null otherwise.',
  substitui: 'The note this one replaces; null when none.',
  substituida_por: 'The note that replaced this one; null when none.',
  eventos: 'The history of the record, oldest first.',
  'Webhook.eventos': 'The event types delivered to this webhook (NFSE_AUTORIZADA, …).',
  'WebhookComSegredo.eventos': 'The event types delivered to this webhook (NFSE_AUTORIZADA, …).',
  'DocumentoDetalhe.eventos': 'The fiscal events registered for the document.',
  ajustes: 'The automatic corrections applied to the request, each with its rule.',
  criado_em: 'When it was created (ISO 8601).',
  criada_em: 'When it was created (ISO 8601).',
  atualizado_em: 'When it last changed (ISO 8601).',
  atualizada_em: 'When it last changed (ISO 8601).',
  autorizada_em: 'When the authority authorised it; null before.',
  concluido_em: 'When the batch was concluded; null before.',
  registrado_em: 'When the authority registered it (ISO 8601).',
  emitidaEm: 'When the document was issued (ISO 8601).',
  capturadoEm: 'When the service captured the document (ISO 8601).',
  ao_validar: 'What happens once lines are validated: emitir_validas issues them, aguardar waits for POST …/emissao.',
  origem: 'Where it came from (see the values).',
  'Documento.origem': 'How the document was captured.',
  'DocumentoDetalhe.origem': 'How the document was captured.',
  tipo: 'The kind of record (see the values).',
  'Evento.tipo': 'The event type (NFSE_AUTORIZADA, LOTE_EMISSAO_CONCLUIDO, …).',
  'Entrega.tipo': 'The event type delivered (NFSE_AUTORIZADA, webhook.teste, …).',
  'Documento.tipo': 'The kind of document: NFSE, NFE or CTE.',
  'DocumentoDetalhe.tipo': 'The kind of document: NFSE, NFE or CTE.',
  'NfeEvento.tipo': 'cancelamento or carta_correcao.',
  dados: 'The event body: the record it is about, as the matching GET returns it.',
  tentativas: 'Each delivery attempt: when, the HTTP status (null without an answer), duration and error.',
  proxima_tentativa_em: 'When the next attempt is due; null when none is.',
  entregue_em: 'When a 2xx answered the delivery; null before.',
  url: 'The address deliveries are POSTed to.',
  codigo: 'The stable error code: decide on it.',
  codigo_oficial: "The authority's code (a letter plus digits) when the error is one; null otherwise.",
  mensagem: 'Human text in Portuguese (may change; decide on codigo).',
  correcao: 'How to correct it; null when there is nothing to suggest.',
  item: 'The readiness item checked.',
  itens: 'Each readiness item with its situacao.',
  nfse_id: 'The note created for this line; null before.',
  erros: 'The validation errors of this line, each with its JSON Pointer.',
  acao: 'What the correction did to the field.',
  motivo: 'Why the correction applies.',
  emitenteDocumento: "The issuer's CNPJ or CPF.",
  emitenteNome: "The issuer's name.",
  tomadorDocumento: "The taker's CNPJ or CPF.",
  links: 'Addresses of the XML and of the detail.',
  cnpj: 'The CNPJ (bare; it may be alphanumeric).',
  razao_social: 'The registered name.',
  municipio: 'The IBGE code of the municipality.',
  regime_tributario: 'The tax regime; null when not set.',
  inscricao_municipal: 'The municipal registration; null when not set.',
  inscricao_estadual: 'The state registration; null when not set.',
  regime_apuracao_simples: 'How Simples Nacional is assessed; null when not set.',
  endereco: 'The address; null when not set.',
  email: 'The contact e-mail; null when not set.',
  token_municipio_configurado: 'Whether a municipal token is stored (the token itself is never returned).',
  padroes: 'Default values applied to this company’s requests.',
  certificado: 'The A1 certificate on file (holder, serial, validity); null when none.',
  modo: 'How the NF-e was issued (see the values).',
  tp_evento: 'The official event type code (tpEvento).',
  n_seq_evento: 'The sequence number of the event for the note (nSeqEvento).',
  protocolo: "The authority's protocol number.",
  numero_inicial: 'The first number of the range.',
  numero_final: 'The last number of the range.',
  justificativa: 'The reason given to the authority.',
};

const classOf = new Map(Object.entries(MODELS).map(([cls, pointer]) => [pointer, cls]));

function resolvePointer(pointer) {
  return pointer
    .slice(2)
    .split('/')
    .map((part) => part.replaceAll('~1', '/').replaceAll('~0', '~'))
    .reduce((node, key) => {
      if (node?.[key] === undefined) throw new Error(`${pointer}: não existe no documento`);
      return node[key];
    }, doc);
}

/** The object's properties and required names, allOf merged. */
function shapeOf(s) {
  if (s.$ref) return shapeOf(resolvePointer(s.$ref));
  const properties = { ...(s.properties ?? {}) };
  const required = new Set(s.required ?? []);
  for (const part of s.allOf ?? []) {
    const inner = shapeOf(part);
    Object.assign(properties, inner.properties);
    for (const name of inner.required) required.add(name);
  }
  return { properties, required, description: s.description };
}

const literal = (v) => (typeof v === 'string' ? `'${v.replaceAll("'", "\\'")}'` : JSON.stringify(v));

/**
 * A field's PHP type: `native` (the declaration, without null), `doc` (PHPDoc, without null), `nullable` (the
 * document allows null), and `model`/`list` when the value becomes an answer class (or a list of them).
 */
function typeOf(s, depth = 0) {
  if (s.$ref) {
    const cls = classOf.get(s.$ref);
    if (cls) return { native: cls, doc: cls, nullable: false, model: cls };
    return typeOf(resolvePointer(s.$ref), depth);
  }
  const options = s.oneOf ?? s.anyOf;
  if (options) {
    const nullable = options.some((o) => o.type === 'null');
    const rest = options.filter((o) => o.type !== 'null');
    if (rest.length === 1) return { ...typeOf(rest[0], depth), nullable: nullable || typeOf(rest[0], depth).nullable };
    return { native: 'mixed', doc: 'mixed', nullable: false };
  }
  if (s.allOf) return { native: 'array', doc: shapeDoc(shapeOf(s), depth), nullable: false };
  if (s.const !== undefined) return { native: 'string', doc: literal(s.const), nullable: false };
  const types = Array.isArray(s.type) ? s.type : s.type ? [s.type] : [];
  const nullable = types.includes('null');
  const [type, ...others] = types.filter((t) => t !== 'null');
  if (!type || others.length > 0) return { native: 'mixed', doc: 'mixed', nullable: false };
  const withEnum = (native, doc) => ({ native, doc: s.enum ? s.enum.map(literal).join('|') : doc, nullable });
  switch (type) {
    case 'string':
      return withEnum('string', 'string');
    case 'integer':
      return withEnum('int', 'int');
    case 'number':
      return withEnum('int|float', 'int|float');
    case 'boolean':
      return withEnum('bool', 'bool');
    case 'array': {
      if (!s.items) return { native: 'array', doc: 'list<mixed>', nullable };
      const item = typeOf(s.items, depth + 1);
      const itemDoc = item.nullable && item.doc !== 'mixed' ? `${item.doc}|null` : item.doc;
      return { native: 'array', doc: `list<${itemDoc}>`, nullable, list: item.model };
    }
    case 'object': {
      if (s.properties && depth < 2) return { native: 'array', doc: shapeDoc(shapeOf(s), depth + 1), nullable };
      if (s.additionalProperties && typeof s.additionalProperties === 'object') {
        const value = typeOf(s.additionalProperties, depth + 1);
        return { native: 'array', doc: `array<string, ${value.doc}>`, nullable };
      }
      return { native: 'array', doc: 'array<string, mixed>', nullable };
    }
    default:
      return { native: 'mixed', doc: 'mixed', nullable: false };
  }
}

/** An array shape for an inline object (nested objects as arrays: the answer classes stop at named schemas). */
function shapeDoc(shape, depth) {
  const fields = Object.entries(shape.properties).map(([name, s]) => {
    const t = typeOf(s, depth);
    const docType = t.model ? 'array<string, mixed>' : t.list ? 'list<array<string, mixed>>' : t.doc;
    const optional = shape.required.has(name) ? '' : '?';
    return `${name}${optional}: ${t.nullable && docType !== 'mixed' ? `${docType}|null` : docType}`;
  });
  return fields.length ? `array{${fields.join(', ')}}` : 'array<string, mixed>';
}

/** PHPDoc text: the document's description on lines of at most 100 columns, nothing that would close the comment. */
function wrap(text, indent) {
  const words = String(text ?? '')
    .replaceAll('*/', '* /')
    .split(/\s+/)
    .filter(Boolean);
  const lines = [];
  let line = '';
  for (const word of words) {
    if (line && indent.length + 3 + line.length + 1 + word.length > 116) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

function property(cls, name, s, required) {
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) throw new Error(`campo ${name}: não é um nome de propriedade PHP`);
  const t = typeOf(s);
  const nullable = t.nullable || !required;
  const native = t.native === 'mixed' ? 'mixed' : nullable ? (t.native.includes('|') ? `${t.native}|null` : `?${t.native}`) : t.native;
  const docType = t.native === 'mixed' ? 'mixed' : nullable ? `${t.doc}|null` : t.doc;
  const described = s.description ?? (s.$ref ? resolvePointer(s.$ref).description : undefined);
  const description = described ?? GLOSSARY[`${cls}.${name}`] ?? GLOSSARY[name];
  if (!description) throw new Error(`${cls}.${name}: sem descrição no documento nem no glossário`);
  const sentence = /[.!?)]$/.test(description.trim()) ? description.trim() : `${description.trim()}.`;
  const text = wrap(`${sentence}${required ? '' : ' Null when the answer does not carry it.'}`, '    ');
  const comment = [`    /**`, ...text.map((l) => `     * ${l}`), `     *`, `     * @var ${docType}`, `     */`];
  const raw = `$dados['${name}']`;
  let value;
  if (t.model) value = nullable ? `isset(${raw}) ? ${t.model}::de(${raw}) : null` : `${t.model}::de(self::exigido($dados, '${name}'))`;
  else if (t.list) value = nullable ? `isset(${raw}) ? ${t.list}::lista(${raw}) : null` : `${t.list}::lista(self::exigido($dados, '${name}'))`;
  else value = nullable || t.native === 'mixed' ? `${raw} ?? null` : `self::exigido($dados, '${name}')`;
  return { declaration: [...comment, `    public readonly ${native} $${name};`].join('\n'), assignment: `        $this->${name} = ${value};` };
}

function classText(cls, pointer) {
  const shape = shapeOf(resolvePointer(pointer));
  const fields = Object.entries(shape.properties).map(([name, s]) => property(cls, name, s, shape.required.has(name)));
  const summary = wrap(shape.description ?? `An answer of the API (${pointer.replace('#/components/schemas/', '')}).`, '');
  return `<?php

// Gerado por sdk/php/scripts/generate-models.mjs a partir de openapi/openapi.yaml. Não edite: rode
// \`node sdk/php/scripts/generate-models.mjs\` na raiz do repositório.

declare(strict_types=1);

namespace FiscalApi\\Modelos;

use FiscalApi\\Modelo;

/**
${summary.map((l) => ` * ${l}`).join('\n')}
 *
 * Generated from ${pointer}. Fields are also readable as array keys (\`$x['campo']\`), as the API sent them.
 */
final class ${cls} extends Modelo
{
${fields.map((f) => f.declaration).join('\n\n')}

    /** @param array<string, mixed> $dados the answer as the API sent it */
    public function __construct(array $dados)
    {
        parent::__construct($dados);
${fields.map((f) => f.assignment).join('\n')}
    }
}
`;
}

const files = Object.entries(MODELS).map(([cls, pointer]) => [join(targetDir, `${cls}.php`), classText(cls, pointer)]);

if (process.argv.includes('--check')) {
  const expected = new Set(files.map(([file]) => file));
  const stale = files.filter(([file, text]) => {
    try {
      return readFileSync(file, 'utf8') !== text;
    } catch {
      return true;
    }
  });
  const extra = readdirSync(targetDir).filter((f) => !expected.has(join(targetDir, f)));
  if (stale.length || extra.length) {
    console.error(
      `sdk/php/src/Modelos está desatualizado em relação a openapi/openapi.yaml (${[...stale.map(([f]) => f), ...extra].join(', ')}): rode "node sdk/php/scripts/generate-models.mjs".`,
    );
    process.exit(1);
  }
  console.log('sdk/php: classes de resposta em dia com openapi/openapi.yaml');
} else {
  rmSync(targetDir, { recursive: true, force: true });
  mkdirSync(targetDir, { recursive: true });
  for (const [file, text] of files) writeFileSync(file, text);
  console.log(`escritas ${files.length} classes em ${targetDir}`);
}
