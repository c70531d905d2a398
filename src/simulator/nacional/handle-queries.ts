import type { ServerResponse } from 'node:http';
import { gzipBase64 } from '../../engine/xml/gzip-base64.js';
import { sendUnavailable } from './handle-emission.js';
import { envelope, sendEmpty, sendJson } from './send-json.js';
import type { RequestScope } from './request-scope.js';
import type { SimulatorContext } from './simulator-context.js';
import type { StoredNote } from './simulator-state.js';
import { NFSE_KEY_SHAPE } from '../../engine/nfse/nacional/access-key.js';

function scopeAmbientes(ctx: SimulatorContext, scope: RequestScope): Array<'1' | '2'> {
  const fixed = scope.ambiente ?? ctx.ambiente;
  return fixed ? [fixed] : ['2', '1'];
}

/** GET/HEAD /dps/{id} — key of the NFS-e generated from a DPS (MC §1.4); the way to recover after a lost answer. */
export function handleDpsQuery(
  ctx: SimulatorContext,
  res: ServerResponse,
  scope: RequestScope,
  id: string,
  head: boolean,
): void {
  const tpAmb = Number(scope.ambiente ?? ctx.ambiente ?? '2');
  if (scope.unavailable(id)) return head ? sendEmpty(res, 503) : sendUnavailable(ctx, res, tpAmb);
  // falha_transmissao: the DPS query fails as well, so the caller cannot learn the outcome.
  if (scope.scenario.kind === 'falha_transmissao' && scope.scenario.received) {
    return head
      ? sendEmpty(res, 500)
      : sendJson(res, 500, { ...envelope(tpAmb, ctx.clock()), erro: { descricao: 'Erro interno (simulado).' } });
  }
  // TSIdDPS of the package 20260727: the inscrição of a CNPJ (tipo 2) may carry letters.
  if (!/^DPS[0-9]{7}(1[0-9]{14}|2[0-9A-Z]{14})[0-9]{20}$/.test(id)) {
    return head
      ? sendEmpty(res, 400)
      : sendJson(res, 400, { ...envelope(tpAmb, ctx.clock()), erro: { descricao: 'Identificador da DPS inválido.' } });
  }
  const note = scopeAmbientes(ctx, scope)
    .map((amb) => ctx.state.noteByDps(amb, id))
    .find((n): n is StoredNote => Boolean(n));
  if (head) return sendEmpty(res, note ? 200 : 404);
  if (!note)
    return sendJson(res, 404, {
      ...envelope(tpAmb, ctx.clock()),
      erro: { descricao: 'Nenhuma NFS-e encontrada para a DPS informada.' },
    });
  sendJson(res, 200, { ...envelope(Number(note.tpAmb), ctx.clock()), idDps: id, chaveAcesso: note.chave });
}

/** GET /nfse/{chave} — 400/404 texts and E2401 as the live service answers (SW, and observed live). */
export function handleGetNfse(ctx: SimulatorContext, res: ServerResponse, scope: RequestScope, chave: string): void {
  const tpAmb = Number(scope.ambiente ?? ctx.ambiente ?? '2');
  if (scope.unavailable(chave)) return sendUnavailable(ctx, res, tpAmb);
  if (!NFSE_KEY_SHAPE.test(chave)) {
    return sendJson(res, 400, {
      ...envelope(tpAmb, ctx.clock()),
      erro: { descricao: 'A chave de acesso consultada deve conter 50 números.' },
    });
  }
  const note = ctx.state.note(chave);
  if (!note || !scopeAmbientes(ctx, scope).includes(note.tpAmb)) {
    return sendJson(res, 404, {
      tipoAmbiente: tpAmb,
      versaoAplicativo: envelope(tpAmb, ctx.clock()).versaoAplicativo,
      erro: { codigo: 'E2401', descricao: 'Chave de acesso não encontrada.' },
    });
  }
  sendJson(res, 200, {
    ...envelope(Number(note.tpAmb), ctx.clock()),
    chaveAcesso: chave,
    nfseXmlGZipB64: gzipBase64(note.xml),
  });
}

/**
 * GET /nfse/{chave}/eventos/{tipo}/{seq} in the shape the live service uses (not SW's): `eventos[]` whose
 * `arquivoXml` is base64 of the base64(gzip) text (observed live).
 */
export function handleGetEvent(
  ctx: SimulatorContext,
  res: ServerResponse,
  scope: RequestScope,
  event: { chave: string; tipo: string; seq: string },
): void {
  const { chave, tipo, seq } = event;
  const tpAmb = Number(scope.ambiente ?? ctx.ambiente ?? '2');
  if (scope.unavailable(chave)) return sendUnavailable(ctx, res, tpAmb);
  const events = ctx.state.eventsOf(chave, tipo).filter((e) => String(e.nSeqEvento) === String(Number(seq)));
  if (events.length === 0)
    return sendJson(res, 404, { ...envelope(tpAmb, ctx.clock()), erro: { descricao: 'Nenhum evento encontrado' } });
  sendJson(res, 200, {
    ...envelope(Number(events[0].tpAmb), ctx.clock()),
    eventos: events.map((e) => ({
      chaveAcesso: chave,
      tipoEvento: e.tipoEvento,
      numeroPedidoRegistroEvento: String(e.nSeqEvento),
      dataHoraRecebimento: e.dhProc.slice(0, 19),
      arquivoXml: Buffer.from(gzipBase64(e.xml)).toString('base64'),
    })),
  });
}
