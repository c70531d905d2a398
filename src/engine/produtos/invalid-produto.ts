import { EngineError, type ErrorItem } from '../errors.js';

/** The 422 `validacao` of a product's body or codes, every problem in `erros[]`. */
export function invalidProduto(erros: ErrorItem[]): EngineError {
  return new EngineError('validacao', `O produto tem ${erros.length} erro(s) de validação.`, {
    campo: erros[0]?.campo ?? null,
    correcao: 'Corrija cada item de erros e envie de novo.',
    extra: { erros },
  });
}
