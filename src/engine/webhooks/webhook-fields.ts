import * as v from 'valibot';
import { EngineError } from '../errors.js';
import { issueMessage } from '../nucleo/issue-message.js';
import { bodyIssues, invalidBody, type BodyDeclaration, type BodyOf, type BodyReport } from '../nucleo/read-body.js';
import type { ValidationIssue } from '../nucleo/validation-issue.js';
import { checkHost, type AddressPolicy } from './check-host.js';
import { isEventType } from './event-types.js';

export const MAX_HEADERS = 5;
// Headers the service sets itself; a custom value would break framing or the signature. Names are RFC 9110 tokens.
const RESERVED = new Set(['content-type', 'content-length', 'host', 'transfer-encoding', 'connection']);
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]{1,100}$/;

const parsesAsUrl = (s: string) => {
  try {
    new URL(s);
    return true;
  } catch {
    return false;
  }
};

const URL_TEXT = issueMessage(
  'url é obrigatória (texto).',
  'Informe a URL pública https:// que recebe os eventos.',
  'tipo_invalido',
);
const EVENTOS = issueMessage(
  'eventos deve ser uma lista não vazia de tipos de evento.',
  'Informe por exemplo ["NFSE_AUTORIZADA"].',
  'tipo_invalido',
);
const VALOR = issueMessage(
  'valor deve ser texto de até 1000 caracteres ASCII visíveis, espaços ou tabulações, sem quebras de linha nem outros caracteres de controle.',
  'Corrija o valor do cabeçalho; texto com acentos ou outros caracteres fora do ASCII vai codificado (percent-encoding ou base64).',
  'formato_invalido',
);
/**
 * A header value as it goes on the wire: visible ASCII, space and tab (RFC 9110 field-value without obs-text).
 * Node's client refuses any other control character, so such a value would fail every delivery; bytes above
 * 0x7E are refused too, as a receiver may read them in another charset than the one they were written in.
 */
const HEADER_VALUE = /^[\t\x20-\x7e]*$/;

/** The members of a webhook's body, shared by creation and PATCH. The URL's addresses are checked on the result. */
export const webhookFields = {
  url: v.pipe(
    v.string(URL_TEXT),
    v.nonEmpty(URL_TEXT),
    v.check(
      parsesAsUrl,
      issueMessage('url não é uma URL válida.', 'Use uma URL absoluta, ex.: https://exemplo.com.br/webhooks.'),
    ),
    v.check(
      (s) => ['https:', 'http:'].includes(new URL(s).protocol),
      (i) => issueMessage(`Esquema não aceito: ${new URL(i.input).protocol}`, 'Use http:// ou https://.'),
    ),
    v.check(
      (s) => {
        const u = new URL(s);
        return !u.username && !u.password && s.length <= 2000;
      },
      issueMessage(
        'url não pode ter credenciais nem passar de 2000 caracteres.',
        'Use cabecalhos para autenticar no seu receptor.',
      ),
    ),
    v.transform((s) => new URL(s).toString()),
  ),
  eventos: v.pipe(
    v.array(
      v.pipe(
        v.string(issueMessage('Cada evento é um texto.', 'Use o nome do tipo de evento.', 'tipo_invalido')),
        v.check(isEventType, (i) =>
          issueMessage(
            `Tipo de evento desconhecido: ${i.input}.`,
            'Use um dos tipos da seção 6.2 (ex.: NFSE_AUTORIZADA).',
            'evento_desconhecido',
          ),
        ),
      ),
      EVENTOS,
    ),
    v.minLength(1, EVENTOS),
    v.transform((eventos) => [...new Set(eventos)]),
  ),
  cabecalhos: v.pipe(
    v.array(
      v.strictObject(
        {
          nome: v.pipe(
            v.string(
              issueMessage(
                'nome deve ser um nome de cabeçalho HTTP válido.',
                'Use letras, dígitos e hífens, ex.: X-Token.',
                'formato_invalido',
              ),
            ),
            v.regex(
              TOKEN,
              issueMessage(
                'nome deve ser um nome de cabeçalho HTTP válido.',
                'Use letras, dígitos e hífens, ex.: X-Token.',
              ),
            ),
            v.check(
              (s) => !RESERVED.has(s.toLowerCase()) && !s.toLowerCase().startsWith('x-service-'),
              (i) =>
                issueMessage(
                  `O cabeçalho ${i.input} é reservado.`,
                  'Content-Type, Content-Length, Host, Transfer-Encoding, Connection e X-Service-* são definidos pelo serviço.',
                  'cabecalho_reservado',
                ),
            ),
          ),
          // Values go on the wire verbatim: control characters would split the header or fail the delivery.
          valor: v.pipe(v.string(VALOR), v.maxLength(1000, VALOR), v.regex(HEADER_VALUE, VALOR)),
        },
        (i) =>
          i.expected === 'never'
            ? issueMessage(`Campo desconhecido: ${String(i.input)}.`, 'Use apenas nome e valor.', 'campo_desconhecido')
            : issueMessage(
                'Cada cabeçalho é {nome, valor}.',
                'Envie {"nome": "...", "valor": "..."}.',
                'tipo_invalido',
              ),
      ),
      issueMessage(
        'cabecalhos deve ser uma lista de {nome, valor}.',
        'Envie [{"nome": "X-Token", "valor": "..."}].',
        'tipo_invalido',
      ),
    ),
    v.maxLength(
      MAX_HEADERS,
      issueMessage(
        `No máximo ${MAX_HEADERS} cabeçalhos por webhook.`,
        'Remova cabeçalhos até ficar com 5.',
        'limite_excedido',
      ),
    ),
  ),
};

/** A header named twice (in any case) is refused at its second occurrence. */
export function refineWebhookFields(body: { cabecalhos?: unknown }, report: BodyReport): void {
  if (!Array.isArray(body.cabecalhos)) return;
  const seen = new Set<string>();
  body.cabecalhos.forEach((h: { nome?: unknown }, i) => {
    if (typeof h?.nome !== 'string') return;
    const nome = h.nome.toLowerCase();
    if (seen.has(nome) && report.valid(`/cabecalhos/${i}/nome`)) {
      report.add({
        codigo: 'cabecalho_duplicado',
        campo: `/cabecalhos/${i}/nome`,
        mensagem: `O cabeçalho ${h.nome} aparece mais de uma vez.`,
        correcao: 'Informe cada cabeçalho uma vez.',
      });
    }
    seen.add(nome);
  });
}

export const invalidWebhook = (erros: ValidationIssue[]) =>
  new EngineError('validacao', 'A requisição tem campos inválidos.', {
    correcao: 'Corrija cada item de erros e envie de novo.',
    extra: { erros },
  });

/**
 * A webhook body read with its declaration, then its URL's host resolved: an address that is not public is
 * reported with the other problems, all at once.
 */
export async function readWebhookBody<D extends BodyDeclaration>(
  policy: AddressPolicy,
  declaration: D,
  body: unknown,
): Promise<BodyOf<D>> {
  const result = bodyIssues(declaration, body);
  const issues = result.ok ? [] : [...result.issues];
  const url = (result.value as { url?: unknown } | undefined)?.url;
  if (typeof url === 'string' && !issues.some((i) => i.campo === '/url')) {
    const verdict = await checkHost(policy, new URL(url).hostname);
    if (!verdict.ok) {
      issues.push({
        codigo: 'endereco_interno',
        campo: '/url',
        mensagem: `A url não aponta para um endereço público: ${verdict.motivo}.`,
        correcao: 'Use uma URL pública; endereços internos ou reservados são recusados (seção 6.1).',
      });
    }
  }
  if (issues.length) throw invalidBody(declaration, issues);
  return result.value as BodyOf<D>;
}
