import * as v from 'valibot';
import { EngineError, type ErrorItem } from '../errors.js';
import { issueMessage } from '../nucleo/issue-message.js';
import { declareBody, type BodyOf } from '../nucleo/read-body.js';
import { isManifestationName, MANIFESTATIONS } from './manifestation-types.js';

const TIPOS = Object.keys(MANIFESTATIONS).join(', ');
const FIX = 'Descreva em 15 a 255 caracteres, numa linha só, por que a operação não se realizou.';

/**
 * The body of `POST /v1/documents/{id}/manifestacao` (GraphQL `ManifestacaoInput`): `tipo` one of the four
 * manifestations; `justificativa` required for operacao_nao_realizada only, 15–255 characters of the schema's
 * xJust (one line, Latin-1), a rule across the two members checked on the result.
 */
export const manifestDocumentBody = declareBody(
  v.strictObject(
    {
      tipo: v.pipe(
        v.string(issueMessage('O tipo de manifestação deve ser um texto.', `Use um de: ${TIPOS}.`, 'tipo_invalido')),
        v.check(isManifestationName, (i) =>
          issueMessage(`Tipo de manifestação desconhecido: "${i.input}".`, `Use um de: ${TIPOS}.`),
        ),
      ),
      justificativa: v.nullish(
        v.pipe(
          v.string(
            issueMessage('A justificativa deve ser um texto.', 'Envie a justificativa como texto.', 'tipo_invalido'),
          ),
          v.trim(),
          v.transform((s): string | null => s || null),
        ),
        null,
      ),
    },
    (i) =>
      i.expected === 'never'
        ? issueMessage(
            `O campo ${String(i.input)} não existe na manifestação.`,
            'Envie só tipo e, para operacao_nao_realizada, justificativa.',
          )
        : issueMessage('O corpo deve ser um objeto JSON.', 'Envie {"tipo": "…"}.', 'tipo_invalido'),
  ),
  (body, report) => {
    if (!report.valid('/tipo') || !report.valid('/justificativa') || typeof body.tipo !== 'string') return;
    const justificativa = body.justificativa ?? null;
    const add = (codigo: string, mensagem: string, correcao = FIX) =>
      report.add({ codigo, campo: '/justificativa', mensagem, correcao });
    if (body.tipo === 'operacao_nao_realizada') {
      if (!justificativa) add('campo_obrigatorio', 'A operação não realizada (210240) exige justificativa.');
      else if (justificativa.length < 15 || justificativa.length > 255)
        add('formato_invalido', `A justificativa tem ${justificativa.length} caracteres; o leiaute exige de 15 a 255.`);
      else if (!/^[\x20-\xFF]+$/.test(justificativa))
        add(
          'formato_invalido',
          'A justificativa tem caracteres que o leiaute da NF-e não aceita (quebras de linha, emojis).',
        );
    } else if (justificativa) {
      add(
        'campo_nao_permitido',
        `A justificativa só vale para operacao_nao_realizada, não para ${body.tipo}.`,
        'Remova justificativa.',
      );
    }
  },
  (erros: ErrorItem[]) =>
    new EngineError('validacao', 'A requisição tem campos inválidos.', {
      correcao: 'Corrija cada item de erros e envie de novo.',
      extra: { erros },
    }),
);

export type ManifestDocumentBody = BodyOf<typeof manifestDocumentBody>;
