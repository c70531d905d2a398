import { EngineError, type ErrorItem } from '../errors.js';

/** The 422 `validacao` of a rule's body or criteria, every problem in `erros[]`. */
export function invalidRegraTributaria(erros: ErrorItem[]): EngineError {
  return new EngineError('validacao', `A regra tributária tem ${erros.length} erro(s) de validação.`, {
    campo: erros[0]?.campo ?? null,
    correcao: 'Corrija cada item de erros e envie de novo.',
    extra: { erros },
  });
}
