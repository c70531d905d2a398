import { EngineError, type ErrorItem } from '../errors.js';
import { isManifestationName, MANIFESTATIONS, type ManifestationName } from './manifestation-types.js';

export interface ManifestationRequest {
  tipo: ManifestationName;
  justificativa: string | null;
}

const TIPOS = Object.keys(MANIFESTATIONS).join(', ');

/**
 * Body of `POST /v1/documents/{id}/manifestacao` (the typed GraphQL input already fixed the member types):
 * `tipo` one of the four manifestations; `justificativa` required for operacao_nao_realizada only, 15–255
 * characters of the schema's xJust (one line, no leading or trailing space, Latin-1). All problems at once (422).
 */
export function readManifestationRequest(input: { tipo: string; justificativa?: string | null }): ManifestationRequest {
  const erros: ErrorItem[] = [];
  const add = (codigo: string, campo: string, mensagem: string, correcao: string) => erros.push({ codigo, campo, mensagem, correcao });
  if (!isManifestationName(input.tipo)) add('formato_invalido', '/tipo', `Tipo de manifestação desconhecido: "${input.tipo}".`, `Use um de: ${TIPOS}.`);
  const justificativa = input.justificativa?.trim() || null;
  const fix = 'Descreva em 15 a 255 caracteres, numa linha só, por que a operação não se realizou.';
  if (input.tipo === 'operacao_nao_realizada') {
    if (!justificativa) add('campo_obrigatorio', '/justificativa', 'A operação não realizada (210240) exige justificativa.', fix);
    else if (justificativa.length < 15 || justificativa.length > 255) add('formato_invalido', '/justificativa', `A justificativa tem ${justificativa.length} caracteres; o leiaute exige de 15 a 255.`, fix);
    else if (!/^[\x20-\xFF]+$/.test(justificativa)) add('formato_invalido', '/justificativa', 'A justificativa tem caracteres que o leiaute da NF-e não aceita (quebras de linha, emojis).', fix);
  } else if (justificativa && isManifestationName(input.tipo)) {
    add('campo_nao_permitido', '/justificativa', `A justificativa só vale para operacao_nao_realizada, não para ${input.tipo}.`, 'Remova justificativa.');
  }
  if (erros.length) {
    throw new EngineError('validacao', 'A requisição tem campos inválidos.', { correcao: 'Corrija cada item de erros e envie de novo.', extra: { erros } });
  }
  return { tipo: input.tipo as ManifestationName, justificativa };
}
