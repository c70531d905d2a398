import type { IncomingMessage, ServerResponse } from 'node:http';
import { gzipBase64 } from '../../engine/xml/gzip-base64.js';
import { sendUnavailable } from './handle-emission.js';
import { envelope, readBody, sendJson } from './send-json.js';
import { simError } from './sim-error.js';
import { processEvent } from './process-event.js';
import { decodePayload, sendOutcomeLater, type RequestScope } from './request-scope.js';
import type { SimulatorContext } from './simulator-context.js';

/** POST /nfse/{chave}/eventos — SW EventosPostRequest → 201 EventosPostResponseSucesso / 400 ResponseErro. */
export async function handleEvent(
  ctx: SimulatorContext,
  req: IncomingMessage,
  res: ServerResponse,
  scope: RequestScope,
  chave: string,
): Promise<void> {
  const { scenario } = scope;
  const tpAmb = Number(ctx.state.note(chave)?.tpAmb ?? scope.ambiente ?? ctx.ambiente ?? '2');
  if (scenario.kind === 'falha_transmissao' && !scenario.received) {
    req.resume();
    res.setHeader('connection', 'close');
    return sendJson(res, 403, { ...envelope(tpAmb, ctx.clock()), erro: simError('E1200') });
  }
  const decoded = decodePayload(await readBody(req), 'pedidoRegistroEventoXmlGZipB64');
  if (scope.unavailable(chave)) return sendUnavailable(ctx, res, tpAmb);
  if (!decoded.ok) return sendJson(res, 400, { ...envelope(tpAmb, ctx.clock()), erro: decoded.error });
  if (scenario.kind === 'falha_transmissao') {
    return sendJson(res, 500, {
      ...envelope(tpAmb, ctx.clock()),
      erro: { descricao: 'Erro interno no processamento (simulado).' },
    });
  }
  const outcome = processEvent(ctx, chave, decoded.xml, scenario);
  // SW's ResponseErro has one `erro`; `erros` lists every failure as well (our client reads either).
  const answer = outcome.ok
    ? () => sendJson(res, 201, { ...envelope(tpAmb, ctx.clock()), eventoXmlGZipB64: gzipBase64(outcome.event.xml) })
    : () => sendJson(res, 400, { ...envelope(tpAmb, ctx.clock()), erro: outcome.errors[0], erros: outcome.errors });
  sendOutcomeLater(ctx, res, scenario, answer);
}
