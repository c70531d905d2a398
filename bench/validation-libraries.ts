// Compares schema libraries for the request bodies: the body of `POST /v1/companies` (14 members, two nested
// objects, a list) declared the same way in each, with every problem collected (no abort at the first one).
// Usage: npx tsx bench/validation-libraries.ts [iterations]. Prints ONE JSON object with the figures.
// Only valibot is a dependency; the others are loaded if present and reported as not installed otherwise
// (`npm install --no-save zod@4 @sinclair/typebox@0.34 @valibot/to-json-schema@1` to compare them).
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { GenericSchema } from 'valibot';

// A specifier held in a variable keeps the type check independent of packages that are not installed.
async function optional(pkg: string): Promise<any | null> {
  try {
    return await import(pkg);
  } catch {
    return null;
  }
}

const iterations = Number(process.argv[2] ?? 20000);

const valid = {
  cnpj: '11.222.333/0001-81',
  razao_social: 'Empresa de Teste Ltda',
  municipio: '3550308',
  regime_tributario: 'simples_nacional',
  inscricao_municipal: '12345',
  serie_dps: '1',
  inscricao_estadual: 'ISENTO',
  serie_nfe: '1',
  endereco: { logradouro: 'Rua das Flores', numero: '100', bairro: 'Centro', cep: '01001-000' },
  autorizados_xml: ['11222333000181'],
  email: 'fiscal@example.com.br',
  padroes: { codigo_nacional: '010101', aliquota_iss: '2.00', iss_retido: false, nbs: '101011100' },
};

// Thirteen problems: a missing member, wrong JSON types, formats, an unknown member at the root and one nested.
const invalid = {
  cnpj: 11222333000181,
  municipio: '35503',
  regime_tributario: 'lucro_imaginario',
  serie_dps: 'A1',
  serie_nfe: '999',
  endereco: { logradouro: 'R', numero: 100, bairro: 'Centro', cep: '123', apto: '1' },
  email: 'sem-arroba',
  padroes: { aliquota_iss: 2 },
  razaoSocial: 'camelCase não é aceito',
};
const EXPECTED_PROBLEMS = 13;

const REGIMES = ['simples_nacional', 'mei', 'lucro_presumido', 'lucro_real'] as const;
const APURACAO = ['federais_municipal_sn', 'federais_sn_municipal_fora', 'todos_fora_sn'] as const;
const DIGITS_CNPJ = /^[0-9A-Z]{2}\.?[0-9A-Z]{3}\.?[0-9A-Z]{3}\/?[0-9A-Z]{4}-?\d{2}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

interface Candidate {
  name: string;
  pkg: string;
  /** Extra package needed for JSON Schema output, if the library does not carry it. */
  jsonSchemaPkg?: string;
  build(): Promise<{ check(value: unknown): { ok: boolean; issues: Array<{ path: string }> }; jsonSchema(): unknown }>;
}

const candidates: Candidate[] = [
  {
    name: 'valibot',
    pkg: 'valibot',
    jsonSchemaPkg: '@valibot/to-json-schema',
    async build() {
      const v = await import('valibot');
      const text = (max: number) => v.pipe(v.string(), v.trim(), v.nonEmpty(), v.maxLength(max));
      const opt = <T extends GenericSchema>(s: T) => v.nullish(s);
      const schema = v.strictObject({
        cnpj: v.pipe(text(18), v.regex(DIGITS_CNPJ)),
        razao_social: text(150),
        municipio: v.pipe(text(7), v.regex(/^\d{7}$/)),
        regime_tributario: opt(v.picklist(REGIMES)),
        inscricao_municipal: opt(text(15)),
        regime_apuracao_simples: opt(v.picklist(APURACAO)),
        serie_dps: opt(v.pipe(text(5), v.regex(/^\d{1,5}$/))),
        inscricao_estadual: opt(v.pipe(text(14), v.regex(/^(\d{2,14}|ISENTO)$/))),
        serie_nfe: opt(
          v.pipe(
            text(3),
            v.regex(/^(0|[1-9]\d{0,2})$/),
            v.check((s) => Number(s) < 890),
          ),
        ),
        endereco: opt(
          v.strictObject({
            logradouro: v.pipe(text(60), v.minLength(2)),
            numero: text(60),
            complemento: opt(text(60)),
            bairro: v.pipe(text(60), v.minLength(2)),
            cep: v.pipe(
              v.string(),
              v.transform((s) => s.replace(/[.\-\s]/g, '')),
              v.regex(/^\d{8}$/),
            ),
          }),
        ),
        autorizados_xml: opt(v.pipe(v.array(v.string()), v.maxLength(10))),
        email: opt(v.pipe(text(254), v.regex(EMAIL))),
        token_municipio: opt(text(500)),
        padroes: opt(
          v.strictObject({
            codigo_nacional: v.optional(v.pipe(v.string(), v.regex(/^\d{6}$/))),
            aliquota_iss: v.optional(v.pipe(v.string(), v.regex(/^\d{1,2}(\.\d{1,2})?$/))),
            iss_retido: v.optional(v.boolean()),
            nbs: v.optional(v.pipe(v.string(), v.regex(/^\d{9}$/))),
          }),
        ),
      });
      const toJson = await optional('@valibot/to-json-schema');
      return {
        check(value) {
          const r = v.safeParse(schema, value);
          return {
            ok: r.success,
            issues: (r.issues ?? []).map((i) => ({ path: '/' + (i.path ?? []).map((p) => String(p.key)).join('/') })),
          };
        },
        jsonSchema: () => (toJson ? toJson.toJsonSchema(schema, { errorMode: 'ignore' }) : null),
      };
    },
  },
  {
    name: 'zod',
    pkg: 'zod',
    async build() {
      const { z } = await optional('zod');
      const text = (max: number) => z.string().trim().min(1).max(max);
      const schema = z.strictObject({
        cnpj: text(18).regex(DIGITS_CNPJ),
        razao_social: text(150),
        municipio: text(7).regex(/^\d{7}$/),
        regime_tributario: z.enum(REGIMES).nullish(),
        inscricao_municipal: text(15).nullish(),
        regime_apuracao_simples: z.enum(APURACAO).nullish(),
        serie_dps: text(5)
          .regex(/^\d{1,5}$/)
          .nullish(),
        inscricao_estadual: text(14)
          .regex(/^(\d{2,14}|ISENTO)$/)
          .nullish(),
        serie_nfe: text(3)
          .regex(/^(0|[1-9]\d{0,2})$/)
          .refine((s: string) => Number(s) < 890)
          .nullish(),
        endereco: z
          .strictObject({
            logradouro: text(60).min(2),
            numero: text(60),
            complemento: text(60).nullish(),
            bairro: text(60).min(2),
            cep: z
              .string()
              .transform((s: string) => s.replace(/[.\-\s]/g, ''))
              .pipe(z.string().regex(/^\d{8}$/)),
          })
          .nullish(),
        autorizados_xml: z.array(z.string()).max(10).nullish(),
        email: text(254).regex(EMAIL).nullish(),
        token_municipio: text(500).nullish(),
        padroes: z
          .strictObject({
            codigo_nacional: z
              .string()
              .regex(/^\d{6}$/)
              .optional(),
            aliquota_iss: z
              .string()
              .regex(/^\d{1,2}(\.\d{1,2})?$/)
              .optional(),
            iss_retido: z.boolean().optional(),
            nbs: z
              .string()
              .regex(/^\d{9}$/)
              .optional(),
          })
          .nullish(),
      });
      return {
        check(value) {
          const r = schema.safeParse(value);
          if (r.success) return { ok: true, issues: [] };
          // An unrecognized_keys issue names several keys at the object's path; one problem per key.
          type ZodIssue = { code: string; path: unknown[]; keys?: string[] };
          const issues = (r.error.issues as ZodIssue[]).flatMap((i) =>
            i.code === 'unrecognized_keys'
              ? (i.keys ?? []).map((k) => ({ path: '/' + [...i.path, k].map(String).join('/') }))
              : [{ path: '/' + i.path.map(String).join('/') }],
          );
          return { ok: false, issues };
        },
        jsonSchema: () => z.toJSONSchema(schema, { unrepresentable: 'any', io: 'input' }),
      };
    },
  },
  {
    name: 'typebox',
    pkg: '@sinclair/typebox',
    async build() {
      const { Type } = await optional('@sinclair/typebox');
      const { TypeCompiler } = await optional('@sinclair/typebox/compiler');
      // TypeBox checks JSON Schema: no trimming or normalising, so patterns carry what trim/replace do elsewhere.
      const text = (max: number, pattern?: string) =>
        Type.String({ minLength: 1, maxLength: max, ...(pattern ? { pattern } : {}) });
      const opt = (s: unknown) => Type.Optional(Type.Union([s, Type.Null()]));
      const schema = Type.Object(
        {
          cnpj: text(18, DIGITS_CNPJ.source),
          razao_social: text(150),
          municipio: text(7, '^\\d{7}$'),
          regime_tributario: opt(Type.Union(REGIMES.map((r: string) => Type.Literal(r)))),
          inscricao_municipal: opt(text(15)),
          regime_apuracao_simples: opt(Type.Union(APURACAO.map((r: string) => Type.Literal(r)))),
          serie_dps: opt(text(5, '^\\d{1,5}$')),
          inscricao_estadual: opt(text(14, '^(\\d{2,14}|ISENTO)$')),
          serie_nfe: opt(text(3, '^(0|[1-8]\\d{0,2}|[1-9]\\d?)$')),
          endereco: opt(
            Type.Object(
              {
                logradouro: Type.String({ minLength: 2, maxLength: 60 }),
                numero: text(60),
                complemento: opt(text(60)),
                bairro: Type.String({ minLength: 2, maxLength: 60 }),
                cep: Type.String({ pattern: '^\\d{5}[-.\\s]?\\d{3}$' }),
              },
              { additionalProperties: false },
            ),
          ),
          autorizados_xml: opt(Type.Array(Type.String(), { maxItems: 10 })),
          email: opt(text(254, EMAIL.source)),
          token_municipio: opt(text(500)),
          padroes: opt(
            Type.Object(
              {
                codigo_nacional: Type.Optional(Type.String({ pattern: '^\\d{6}$' })),
                aliquota_iss: Type.Optional(Type.String({ pattern: '^\\d{1,2}(\\.\\d{1,2})?$' })),
                iss_retido: Type.Optional(Type.Boolean()),
                nbs: Type.Optional(Type.String({ pattern: '^\\d{9}$' })),
              },
              { additionalProperties: false },
            ),
          ),
        },
        { additionalProperties: false },
      );
      const compiled = TypeCompiler.Compile(schema);
      return {
        check(value) {
          if (compiled.Check(value)) return { ok: true, issues: [] };
          // Errors() yields every failing keyword; a union member yields one error per branch, so it over-counts.
          return { ok: false, issues: [...compiled.Errors(value)].map((e: { path: string }) => ({ path: e.path })) };
        },
        jsonSchema: () => schema,
      };
    },
  },
];

// Some packages do not export their package.json, so it is read from node_modules directly.
const packageDir = (pkg: string) => join(process.cwd(), 'node_modules', pkg);

function installedKb(pkg: string): number | null {
  if (!existsSync(packageDir(pkg))) return null;
  return Number(execFileSync('du', ['-sk', packageDir(pkg)], { encoding: 'utf8' }).split(/\s+/)[0]);
}

function version(pkg: string): string | null {
  const file = join(packageDir(pkg), 'package.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version : null;
}

function microsPerCall(fn: () => unknown): number {
  for (let i = 0; i < Math.min(2000, iterations); i++) fn(); // warm-up (JIT)
  const start = process.hrtime.bigint();
  for (let i = 0; i < iterations; i++) fn();
  return Number(process.hrtime.bigint() - start) / 1e3 / iterations;
}

const out: Record<string, unknown> = {
  bench: 'validation-libraries',
  body: 'POST /v1/companies',
  iterations,
  node: process.version,
};
for (const c of candidates) {
  const pkgVersion = version(c.pkg);
  if (!pkgVersion) {
    out[c.name] = { installed: false };
    continue;
  }
  const built = await c.build();
  const good = built.check(valid);
  const bad = built.check(invalid);
  let jsonSchema = false;
  try {
    jsonSchema = JSON.stringify(built.jsonSchema()).includes('razao_social');
  } catch {
    jsonSchema = false;
  }
  const jsonKb = c.jsonSchemaPkg ? installedKb(c.jsonSchemaPkg) : 0;
  out[c.name] = {
    version: pkgVersion,
    validBodyOk: good.ok,
    usPerValidBody: Number(microsPerCall(() => built.check(valid)).toFixed(2)),
    usPerInvalidBody: Number(microsPerCall(() => built.check(invalid)).toFixed(2)),
    problemsReported: bad.issues.length,
    problemsExpected: EXPECTED_PROBLEMS,
    allIssuesWithPaths: bad.issues.length >= EXPECTED_PROBLEMS && bad.issues.every((i) => i.path.length > 1),
    installedKb: installedKb(c.pkg),
    jsonSchema: jsonSchema
      ? c.jsonSchemaPkg
        ? `via ${c.jsonSchemaPkg} (${jsonKb} kB more)`
        : 'built in'
      : c.jsonSchemaPkg && jsonKb === null
        ? `via ${c.jsonSchemaPkg} (not installed)`
        : false,
    paths: bad.issues.map((i) => i.path),
  };
}
console.log(JSON.stringify(out));
