import * as v from 'valibot';
import { EngineError, type ErrorItem } from '../errors.js';
import { issueMessage } from '../nucleo/issue-message.js';
import { declareBody, type BodyOf } from '../nucleo/read-body.js';
import { optionalText, layoutText } from '../nucleo/text-rules.js';

// TNF of tiposBasico_v4.00.xsd: 1 to 999999999.
const MAX_NUMERO = 999_999_999;

const numero = (name: string) => {
  const message = issueMessage(
    `${name} deve ser um inteiro de 1 a ${MAX_NUMERO}.`,
    'Informe o número da NF-e sem série nem zeros à esquerda.',
  );
  return v.pipe(v.number(), v.integer(message), v.minValue(1, message), v.maxValue(MAX_NUMERO, message));
};

/**
 * The body of `POST /v1/nfe/inutilizacoes` (GraphQL `NfeInutilizacaoInput`). `empresaId` is waived for a key
 * restricted to one company (checked by `inutilizeNfe`, with the other problems); `serie` 0..889 as the issuance
 * body (890+ are the Fisco's series); `justificativa` 15-255 characters (TJust, xJust).
 */
export const inutilizeNfeBody = declareBody(
  v.strictObject({
    empresaId: optionalText(36),
    serie: v.pipe(
      v.string(),
      v.check(
        (s) => /^(0|[1-9]\d{0,2})$/.test(s) && Number(s) < 890,
        (i) =>
          issueMessage(
            `Série inválida: ${JSON.stringify(i.input)}.`,
            'Informe a série como texto, de "0" a "889", sem zeros à esquerda.',
          ),
      ),
    ),
    numeroInicial: numero('numero_inicial'),
    numeroFinal: numero('numero_final'),
    justificativa: layoutText(
      15,
      255,
      'A justificativa',
      'Explique por que os números não serão usados (15 a 255 caracteres).',
    ),
  }),
  (body, report) => {
    if (
      typeof body.numeroInicial === 'number' &&
      typeof body.numeroFinal === 'number' &&
      report.valid('/numero_inicial') &&
      report.valid('/numero_final') &&
      body.numeroFinal < body.numeroInicial
    ) {
      report.add({
        codigo: 'faixa_invalida',
        campo: '/numero_final',
        mensagem: 'numero_final é menor que numero_inicial.',
        correcao: 'Informe a faixa em ordem crescente (um só número: inicial = final).',
      });
    }
  },
  (erros: ErrorItem[]) =>
    new EngineError('validacao', 'A requisição tem campos inválidos.', {
      correcao: 'Corrija cada item de erros e envie de novo.',
      extra: { erros },
    }),
);

export type InutilizeNfeBody = BodyOf<typeof inutilizeNfeBody>;
