import type { Principal } from '../chaves/principal.js';
import { EngineError, type ErrorItem } from '../errors.js';

export interface InutilizacaoInput {
  empresaId: string;
  serie: string;
  numeroInicial: bigint;
  numeroFinal: bigint;
  justificativa: string;
}

const FIELDS = ['empresa_id', 'serie', 'numero_inicial', 'numero_final', 'justificativa'];
// TNF of tiposBasico_v4.00.xsd: 1 to 999999999.
const MAX_NUMERO = 999_999_999;

/**
 * Body of `POST /v1/nfe/inutilizacoes`: every problem at once in 422 `validacao` `erros[]` with JSON Pointers.
 * `empresa_id` is waived for a key restricted to one company; `serie` 0..889 as the issuance body (890+ are the
 * Fisco's series); `justificativa` 15-255 characters (TJust, xJust).
 */
export function parseInutilizacaoInput(body: unknown, principal: Principal): InutilizacaoInput {
  const erros: ErrorItem[] = [];
  const add = (campo: string, codigo: string, mensagem: string, correcao: string) => erros.push({ codigo, campo, mensagem, correcao });
  const root = typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : null;
  if (!root) add('', 'tipo_invalido', 'O corpo deve ser um objeto JSON.', 'Envie {serie, numero_inicial, numero_final, justificativa}.');
  const get = (k: string) => (root ? root[k] : undefined);
  for (const key of Object.keys(root ?? {})) if (!FIELDS.includes(key)) add(`/${key}`, 'campo_desconhecido', `Campo desconhecido: ${key}.`, 'Remova o campo.');

  const empresa = get('empresa_id');
  if (empresa === undefined || empresa === null) {
    if (!principal.companyId && root) add('/empresa_id', 'campo_obrigatorio', 'Campo obrigatório.', 'Informe o id da empresa emitente.');
  } else if (typeof empresa !== 'string') add('/empresa_id', 'tipo_invalido', 'empresa_id deve ser texto.', 'Use o id retornado por GET /v1/companies.');

  const serie = get('serie');
  if (serie === undefined || serie === null) {
    if (root) add('/serie', 'campo_obrigatorio', 'Campo obrigatório.', 'Informe a série da numeração, como na emissão.');
  } else if (typeof serie !== 'string' || !/^(0|[1-9]\d{0,2})$/.test(serie) || Number(serie) >= 890) {
    add('/serie', 'formato_invalido', `Série inválida: ${JSON.stringify(serie)}.`, 'Informe a série como texto, de "0" a "889", sem zeros à esquerda.');
  }

  const numero = (name: 'numero_inicial' | 'numero_final'): bigint | null => {
    const value = get(name);
    if (value === undefined || value === null) {
      if (root) add(`/${name}`, 'campo_obrigatorio', 'Campo obrigatório.', `Informe ${name} (inteiro de 1 a ${MAX_NUMERO}).`);
      return null;
    }
    if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > MAX_NUMERO) {
      add(`/${name}`, 'formato_invalido', `${name} deve ser um inteiro de 1 a ${MAX_NUMERO}.`, 'Informe o número da NF-e sem série nem zeros à esquerda.');
      return null;
    }
    return BigInt(value);
  };
  const numeroInicial = numero('numero_inicial');
  const numeroFinal = numero('numero_final');
  if (numeroInicial !== null && numeroFinal !== null && numeroFinal < numeroInicial) {
    add('/numero_final', 'faixa_invalida', 'numero_final é menor que numero_inicial.', 'Informe a faixa em ordem crescente (um só número: inicial = final).');
  }

  const just = get('justificativa');
  const justificativa = typeof just === 'string' ? just.trim() : '';
  if (just === undefined || just === null) {
    if (root) add('/justificativa', 'campo_obrigatorio', 'Campo obrigatório.', 'Explique por que os números não serão usados (15 a 255 caracteres).');
  } else if (typeof just !== 'string' || justificativa.length < 15 || justificativa.length > 255) {
    add('/justificativa', 'formato_invalido', 'A justificativa deve ter de 15 a 255 caracteres.', 'Explique por que os números não serão usados (15 a 255 caracteres).');
  }

  if (erros.length) {
    throw new EngineError('validacao', 'A requisição tem campos inválidos.', { correcao: 'Corrija cada item de erros e envie de novo.', extra: { erros } });
  }
  return {
    empresaId: (empresa as string | undefined) ?? principal.companyId!,
    serie: serie as string,
    numeroInicial: numeroInicial!,
    numeroFinal: numeroFinal!,
    justificativa,
  };
}
