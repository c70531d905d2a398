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
export function readManifestationRequest(body: unknown): ManifestationRequest {
  const erros: ErrorItem[] = [];
  const add = (codigo: string, campo: string, mensagem: string, correcao: string) => erros.push({ codigo, campo, mensagem, correcao });
  const input = (body !== null && typeof body === 'object' && !Array.isArray(body) ? body : {}) as Record<string, unknown>;
  const tipo = typeof input.tipo === 'string' ? input.tipo : '';
  for (const key of Object.keys(input)) {
    if (key !== 'tipo' && key !== 'justificativa') add('campo_desconhecido', `/${key}`, `O campo ${key} não existe na manifestação.`, 'Envie só tipo e, para operacao_nao_realizada, justificativa.');
  }
  if (input.tipo === undefined || input.tipo === null) add('campo_obrigatorio', '/tipo', 'Informe o tipo de manifestação.', `Use um de: ${TIPOS}.`);
  else if (typeof input.tipo !== 'string') add('tipo_invalido', '/tipo', 'O tipo de manifestação deve ser um texto.', `Use um de: ${TIPOS}.`);
  else if (!isManifestationName(tipo)) add('formato_invalido', '/tipo', `Tipo de manifestação desconhecido: "${tipo}".`, `Use um de: ${TIPOS}.`);
  if (input.justificativa !== undefined && input.justificativa !== null && typeof input.justificativa !== 'string') {
    add('tipo_invalido', '/justificativa', 'A justificativa deve ser um texto.', 'Envie a justificativa como texto.');
  }
  const justificativa = (typeof input.justificativa === 'string' ? input.justificativa.trim() : '') || null;
  const fix = 'Descreva em 15 a 255 caracteres, numa linha só, por que a operação não se realizou.';
  if (tipo === 'operacao_nao_realizada') {
    if (!justificativa) add('campo_obrigatorio', '/justificativa', 'A operação não realizada (210240) exige justificativa.', fix);
    else if (justificativa.length < 15 || justificativa.length > 255) add('formato_invalido', '/justificativa', `A justificativa tem ${justificativa.length} caracteres; o leiaute exige de 15 a 255.`, fix);
    else if (!/^[\x20-\xFF]+$/.test(justificativa)) add('formato_invalido', '/justificativa', 'A justificativa tem caracteres que o leiaute da NF-e não aceita (quebras de linha, emojis).', fix);
  } else if (justificativa && isManifestationName(tipo)) {
    add('campo_nao_permitido', '/justificativa', `A justificativa só vale para operacao_nao_realizada, não para ${tipo}.`, 'Remova justificativa.');
  }
  if (erros.length) {
    throw new EngineError('validacao', 'A requisição tem campos inválidos.', { correcao: 'Corrija cada item de erros e envie de novo.', extra: { erros } });
  }
  return { tipo: tipo as ManifestationName, justificativa };
}
