import type { IncomingMessage, ServerResponse } from 'node:http';
import { gzipBase64 } from '../../engine/xml/gzip-base64.js';
import { decodePayload, sendOutcomeLater, type RequestScope } from './request-scope.js';
import { envelope, readBody, sendJson } from './send-json.js';
import { simError } from './sim-error.js';
import { processDps } from './process-dps.js';
import type { SimulatorContext } from './simulator-context.js';

/** POST /nfse — synchronous DPS reception (SW NFSePostRequest → 201 NFSePostResponseSucesso / 400 / 403 / 500). */
export async function handleEmission(
  ctx: SimulatorContext,
  req: IncomingMessage,
  res: ServerResponse,
  scope: RequestScope,
): Promise<void> {
  const { scenario } = scope;
  const tpAmbDefault = Number(scope.ambiente ?? ctx.ambiente ?? '2');
  if (scenario.kind === 'falha_transmissao' && !scenario.received) {
    // Refused at the door (as the live 403 for a certificate that may not transmit): nothing was read or stored.
    req.resume();
    res.setHeader('connection', 'close');
    return sendJson(res, 403, { ...envelope(tpAmbDefault, ctx.clock()), erros: [simError('E1200')] });
  }
  const decoded = decodePayload(await readBody(req), 'dpsXmlGZipB64');
  const idDps = decoded.ok ? /<infDPS[^>]*\sId="([^"]*)"/.exec(decoded.xml)?.[1] : undefined;
  const tpAmb = Number((decoded.ok && /<tpAmb>([12])<\/tpAmb>/.exec(decoded.xml)?.[1]) || tpAmbDefault);
  if (scope.unavailable(idDps ?? 'POST /nfse')) return sendUnavailable(ctx, res, tpAmb);
  if (!decoded.ok) return sendJson(res, 400, { ...envelope(tpAmb, ctx.clock()), erros: [decoded.error] });
  if (scenario.kind === 'falha_transmissao') {
    // Failure after the body arrived: nothing is stored and DPS queries fail too, so the outcome stays unknown.
    return sendJson(res, 500, {
      ...envelope(tpAmb, ctx.clock()),
      erros: [{ Descricao: 'Erro interno no processamento (simulado).' }],
    });
  }
  const outcome = processDps({ ...ctx, ambiente: scope.ambiente ?? ctx.ambiente }, decoded.xml, scenario);
  const answer = outcome.ok
    ? () =>
        sendJson(res, 201, {
          ...envelope(tpAmb, ctx.clock()),
          idDps: outcome.note.idDps,
          chaveAcesso: outcome.note.chave,
          nfseXmlGZipB64: gzipBase64(outcome.note.xml),
          alertas: null,
        })
    : () => sendJson(res, 400, { ...envelope(tpAmb, ctx.clock()), idDPS: outcome.idDps, erros: outcome.errors });
  sendOutcomeLater(ctx, res, scenario, answer);
}

export function sendUnavailable(ctx: SimulatorContext, res: ServerResponse, tpAmb: number): void {
  sendJson(res, 503, { ...envelope(tpAmb, ctx.clock()), erros: [simError('E1217')] });
}
