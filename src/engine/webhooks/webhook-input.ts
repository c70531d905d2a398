import { EngineError, type ErrorItem } from '../errors.js';
import { checkHost, type AddressPolicy } from './check-host.js';
import { isEventType } from './event-types.js';

export interface WebhookInput {
  url?: string;
  eventos?: string[];
  cabecalhos?: Array<{ nome: string; valor: string }>;
}

const FIELDS = new Set(['url', 'eventos', 'cabecalhos']);
export const MAX_HEADERS = 5;
// Headers the service sets itself; a custom value would break framing or the signature.
const RESERVED = new Set(['content-type', 'content-length', 'host', 'transfer-encoding', 'connection']);
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]{1,100}$/;

const item = (codigo: string, campo: string, mensagem: string, correcao: string): ErrorItem => ({ codigo, campo, mensagem, correcao, codigo_oficial: null });

/**
 * Validates a create (every field required but `cabecalhos`) or update (any subset) body and checks the URL's
 * addresses. Every problem is reported at once in 422 `validacao`, each with its JSON Pointer.
 */
export async function parseWebhookInput(policy: AddressPolicy, body: unknown, mode: 'create' | 'update'): Promise<WebhookInput> {
  const erros: ErrorItem[] = [];
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw invalid([item('tipo_invalido', '', 'O corpo deve ser um objeto JSON.', 'Envie {url, eventos, cabecalhos}.')]);
  }
  const input = body as Record<string, unknown>;
  for (const key of Object.keys(input)) {
    if (!FIELDS.has(key)) erros.push(item('campo_desconhecido', `/${key}`, `Campo desconhecido: ${key}.`, 'Remova o campo; aceitos: url, eventos, cabecalhos.'));
  }
  const out: WebhookInput = {};

  if (input.url !== undefined || mode === 'create') {
    const url = await parseUrl(policy, input.url, erros);
    if (url) out.url = url;
  }
  if (input.eventos !== undefined || mode === 'create') {
    const eventos = input.eventos;
    if (!Array.isArray(eventos) || eventos.length === 0) {
      erros.push(item(eventos === undefined ? 'campo_obrigatorio' : 'tipo_invalido', '/eventos', 'eventos deve ser uma lista não vazia de tipos de evento.', 'Informe por exemplo ["NFSE_AUTORIZADA"].'));
    } else {
      eventos.forEach((name, i) => {
        if (typeof name !== 'string') erros.push(item('tipo_invalido', `/eventos/${i}`, 'Cada evento é um texto.', 'Use o nome do tipo de evento.'));
        else if (!isEventType(name)) erros.push(item('evento_desconhecido', `/eventos/${i}`, `Tipo de evento desconhecido: ${name}.`, 'Use um dos tipos da seção 6.2 (ex.: NFSE_AUTORIZADA).'));
      });
      out.eventos = [...new Set(eventos as string[])];
    }
  }
  if (input.cabecalhos !== undefined) out.cabecalhos = parseHeaders(input.cabecalhos, erros);
  else if (mode === 'create') out.cabecalhos = [];

  if (mode === 'update' && Object.keys(input).length === 0) {
    erros.push(item('campo_obrigatorio', '', 'Nada a alterar.', 'Envie ao menos um de url, eventos, cabecalhos.'));
  }
  if (erros.length) throw invalid(erros);
  return out;
}

async function parseUrl(policy: AddressPolicy, value: unknown, erros: ErrorItem[]): Promise<string | null> {
  if (typeof value !== 'string' || value.length === 0) {
    erros.push(item(value === undefined ? 'campo_obrigatorio' : 'tipo_invalido', '/url', 'url é obrigatória (texto).', 'Informe a URL pública https:// que recebe os eventos.'));
    return null;
  }
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    erros.push(item('formato_invalido', '/url', 'url não é uma URL válida.', 'Use uma URL absoluta, ex.: https://exemplo.com.br/webhooks.'));
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    erros.push(item('formato_invalido', '/url', `Esquema não aceito: ${url.protocol}`, 'Use http:// ou https://.'));
    return null;
  }
  if (url.username || url.password || value.length > 2000) {
    erros.push(item('formato_invalido', '/url', 'url não pode ter credenciais nem passar de 2000 caracteres.', 'Use cabecalhos para autenticar no seu receptor.'));
    return null;
  }
  const verdict = await checkHost(policy, url.hostname);
  if (!verdict.ok) {
    erros.push(item('endereco_interno', '/url', `A url não aponta para um endereço público: ${verdict.motivo}.`, 'Use uma URL pública; endereços internos ou reservados são recusados (seção 6.1).'));
    return null;
  }
  return url.toString();
}

function parseHeaders(value: unknown, erros: ErrorItem[]): Array<{ nome: string; valor: string }> {
  if (!Array.isArray(value)) {
    erros.push(item('tipo_invalido', '/cabecalhos', 'cabecalhos deve ser uma lista de {nome, valor}.', 'Envie [{"nome": "X-Token", "valor": "..."}].'));
    return [];
  }
  if (value.length > MAX_HEADERS) {
    erros.push(item('limite_excedido', '/cabecalhos', `No máximo ${MAX_HEADERS} cabeçalhos por webhook.`, 'Remova cabeçalhos até ficar com 5.'));
  }
  const seen = new Set<string>();
  const out: Array<{ nome: string; valor: string }> = [];
  value.forEach((h, i) => {
    const at = `/cabecalhos/${i}`;
    if (h === null || typeof h !== 'object' || Array.isArray(h)) {
      erros.push(item('tipo_invalido', at, 'Cada cabeçalho é {nome, valor}.', 'Envie {"nome": "...", "valor": "..."}.'));
      return;
    }
    const { nome, valor, ...rest } = h as Record<string, unknown>;
    for (const key of Object.keys(rest)) erros.push(item('campo_desconhecido', `${at}/${key}`, `Campo desconhecido: ${key}.`, 'Use apenas nome e valor.'));
    if (typeof nome !== 'string' || !TOKEN.test(nome)) {
      erros.push(item('formato_invalido', `${at}/nome`, 'nome deve ser um nome de cabeçalho HTTP válido.', 'Use letras, dígitos e hífens, ex.: X-Token.'));
    } else if (RESERVED.has(nome.toLowerCase()) || nome.toLowerCase().startsWith('x-service-')) {
      erros.push(item('cabecalho_reservado', `${at}/nome`, `O cabeçalho ${nome} é reservado.`, 'Content-Type, Content-Length, Host, Transfer-Encoding, Connection e X-Service-* são definidos pelo serviço.'));
    } else if (seen.has(nome.toLowerCase())) {
      erros.push(item('cabecalho_duplicado', `${at}/nome`, `O cabeçalho ${nome} aparece mais de uma vez.`, 'Informe cada cabeçalho uma vez.'));
    }
    if (typeof nome === 'string') seen.add(nome.toLowerCase());
    // Values go on the wire verbatim: control characters would split the header.
    if (typeof valor !== 'string' || valor.length > 1000 || /[\r\n\0]/.test(valor)) {
      erros.push(item('formato_invalido', `${at}/valor`, 'valor deve ser texto de até 1000 caracteres, sem quebras de linha.', 'Corrija o valor do cabeçalho.'));
    }
    if (typeof nome === 'string' && typeof valor === 'string') out.push({ nome, valor });
  });
  return out;
}

const invalid = (erros: ErrorItem[]) =>
  new EngineError('validacao', 'A requisição tem campos inválidos.', { correcao: 'Corrija cada item de erros e envie de novo.', extra: { erros } });
