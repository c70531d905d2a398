import * as v from 'valibot';
import { tipoJson } from '../../nucleo/coletor.js';
import { issueMessage } from '../../nucleo/issue-message.js';
import { snakeName } from '../../nucleo/validation-issues-of.js';
import { municipio } from '../../tabelas/index.js';

/**
 * The members of an NFS-e request, with the wording of each problem: `nome` says what the member is in the
 * messages ("O CEP da obra"). A member that is absent or JSON null counts as not sent; whether it must be sent is
 * the declaration's refine step (`requiredMember`), so a missing member is reported with its own wording.
 */

/** `tipo_invalido` naming what was expected and what came. */
export const typeMember = (esperado: string) => (issue: { input: unknown }) =>
  issueMessage(
    `Tipo inválido: esperado ${esperado}, recebido ${tipoJson(issue.input)}.`,
    esperado.includes('texto') && typeof issue.input === 'number'
      ? `Envie o valor como texto JSON entre aspas, com ponto decimal (por exemplo "${issue.input}").`
      : `Envie ${esperado}.`,
    'tipo_invalido',
  );

interface TextLimits {
  max?: number;
  min?: number;
  /** A required text: blank is reported as missing (by `requiredMember`), not as an empty member. */
  required?: boolean;
}

const length = (s: string) => [...s].length;

/** A trimmed text: blank (unless required), too long or too short is `formato_invalido`. */
export const textMember = (nome: string, limits: TextLimits = {}) =>
  v.pipe(
    v.string(typeMember('texto')),
    v.trim(),
    v.check(
      (s) => limits.required === true || s !== '',
      issueMessage(`${nome} está vazio.`, 'Preencha o campo ou remova-o do corpo.'),
    ),
    v.check(
      (s) => limits.max === undefined || length(s) <= limits.max,
      (i) =>
        issueMessage(
          `${nome} tem ${length(i.input)} caracteres; o máximo é ${limits.max}.`,
          `Reduza para no máximo ${limits.max} caracteres.`,
        ),
    ),
    v.check(
      (s) => limits.min === undefined || s === '' || length(s) >= limits.min,
      (i) =>
        issueMessage(
          `${nome} tem ${length(i.input)} caracteres; o mínimo é ${limits.min}.`,
          `Informe ao menos ${limits.min} caracteres.`,
        ),
    ),
  );

/** A code of `digitos` digits; the usual separators (".", "-", "/", spaces) are accepted and removed. */
export const codeMember = (nome: string, digitos: number, exemplo: string) => {
  const code = new RegExp(`^\\d{${digitos}}$`);
  return v.pipe(
    textMember(nome),
    v.check(
      (s) => code.test(s.replace(/[.\-/\s]/g, '')),
      (i) =>
        issueMessage(
          `${nome} deve ter ${digitos} dígitos; recebido "${i.input}".`,
          `Informe ${digitos} dígitos, por exemplo "${exemplo}".`,
        ),
    ),
    v.transform((s) => s.replace(/[.\-/\s]/g, '')),
  );
};

/** An IBGE municipality code that exists (Anexo A; E0302 for cLocPrestacao). */
export const municipioMember = (nome: string) =>
  v.pipe(
    codeMember(nome, 7, '3550308'),
    v.check(
      (s) => Boolean(municipio(s)),
      (i) =>
        issueMessage(
          `${nome} ${i.input} não existe na tabela de municípios do IBGE.`,
          'Informe o código IBGE de 7 dígitos do município (por exemplo 3550308 para São Paulo).',
          'municipio_inexistente',
        ),
    ),
  );

export const booleanMember = () => v.boolean(typeMember('booleano (true ou false)'));

/**
 * An object whose members are `entries`: every other member is `campo_desconhecido` (valibot's strict object
 * stops at the first; the rest are reported here, so all come at once), naming the accepted ones in the API's
 * names unless `wording` words it. valibot's object schemas also read a list as an object (its members are its indexes); a JSON list is no
 * object here, so it is refused as the wrong type, with the object's wording.
 */
export function objectMember<E extends v.ObjectEntries>(
  entries: E,
  wording?: (key: string) => { mensagem: string; correcao: string },
) {
  const aceitos = Object.keys(entries).map(snakeName).join(', ');
  const unknownMember = (key: string) => {
    const w = wording?.(snakeName(key)) ?? {
      mensagem: `Campo desconhecido: "${snakeName(key)}".`,
      correcao: `Remova o campo ou corrija o nome. Campos aceitos aqui: ${aceitos}.`,
    };
    return issueMessage(w.mensagem, w.correcao, 'campo_desconhecido');
  };
  const schema = v.strictObject(entries, (issue) =>
    issue.expected === 'never'
      ? unknownMember(String(issue.path?.[issue.path.length - 1]?.key ?? ''))
      : typeMember('um objeto JSON')(issue),
  );
  const notAList = v.string(typeMember('um objeto JSON'));
  type Run = (typeof schema)['~run'];
  const run: Run = (dataset, config) => {
    const input = dataset.value;
    // valibot types a schema's result by its output; a failed string check carries no output, whatever its type.
    if (Array.isArray(input)) return notAList['~run'](dataset, config) as unknown as ReturnType<Run>;
    const result = schema['~run'](dataset, config);
    if (input === null || typeof input !== 'object') return result;
    for (const key of Object.keys(input)
      .filter((k) => !(k in entries))
      .slice(1)) {
      const value = (input as Record<string, unknown>)[key];
      for (const issue of v.never(unknownMember(key))['~run']({ value }, config).issues ?? []) {
        (result.issues as unknown[] | undefined)?.push({
          ...issue,
          path: [{ type: 'object', origin: 'key', input, key, value }],
        });
      }
    }
    return result;
  };
  return { ...schema, '~run': run };
}
