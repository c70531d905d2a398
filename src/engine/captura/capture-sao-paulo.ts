import type { CaptureState, Prisma } from '../../generated/prisma/client.js';
import { appendEvents, type NewEvent } from '../eventos/append-events.js';
import { announceEvents } from '../eventos/events-topic.js';
import { DAY } from '../nucleo/clock.js';
import { newId } from '../nucleo/new-id.js';
import { pedidoConsultaPeriodo } from '../nfse/sao-paulo/pedido-xml.js';
import { chaveSaoPaulo, readRetorno, type NfeSaoPaulo } from '../nfse/sao-paulo/read-retorno.js';
import type { Credentials } from '../transmissao/national-gateway.js';
import type { TransmissionDeps } from '../transmissao/transmission-deps.js';
import { signEnvelopedDocument } from '../xml/enveloped-document.js';
import type { XmlSigner } from '../xml/sign-xml.js';
import type { CaptureOptions, CaptureOutcome } from './capture-company.js';
import { NOTA_RECEBIDA } from './nota-recebida.js';
import { nextAfterNothing, nextAfterOutage, nextAfterRejection } from './schedule-captures.js';
import { CAPTURE_TRANSACTION_TIMEOUT_MS, type CaptureTarget } from './store-adn-page.js';

export const FONTE_PREFEITURA_SP = 'PREFEITURA_SP';
/** ConsultaNFeRecebidas answers at most 31 days per call and 50 notes per page. */
const WINDOW_DAYS = 31;
const PAGE = 50;
const PAGES = 100_000;

/** Where the walk is: the window's first day and the next page to ask, kept in the capture row's `ultimo_nsu`. */
interface Cursor {
  inicio: string;
  pagina: number;
}
const dayOf = (iso: string) => Math.round(Date.parse(`${iso}T00:00:00Z`) / DAY);
const isoOf = (day: number) => new Date(day * DAY).toISOString().slice(0, 10);
const encode = (c: Cursor) => BigInt(dayOf(c.inicio)) * BigInt(PAGES) + BigInt(c.pagina);
function decode(value: bigint, today: string): Cursor {
  // First run: the last 31 days.
  if (value === 0n) return { inicio: isoOf(dayOf(today) - (WINDOW_DAYS - 1)), pagina: 1 };
  return { inicio: isoOf(Number(value / BigInt(PAGES))), pagina: Number(value % BigInt(PAGES)) };
}

/**
 * Notes São Paulo providers issued to the company (ConsultaNFeRecebidas), walked in windows of 31 days and pages of
 * 50. Each page is stored with the position after it in one transaction, so a restart mid-window asks for the next
 * page, and a note already stored (the open window is read again on each run) is never stored twice.
 */
export async function captureSaoPaulo(
  deps: TransmissionDeps,
  state: CaptureState,
  target: CaptureTarget,
  a1: { credentials: Credentials; signer: XmlSigner },
  options: CaptureOptions,
  finish: (data: Prisma.CaptureStateUpdateInput) => Promise<unknown>,
): Promise<CaptureOutcome> {
  const gateway = deps.saoPaulo;
  if (!gateway) {
    await finish({ nextRunAt: nextAfterNothing(deps.clock.now(), options.intervalMs), ultimoStatus: 'SEM_SISTEMA' });
    return { status: 'IGNORADA', documentos: 0, ultimoNsu: state.ultimoNsu };
  }
  const today = deps.clock.now().toISOString().slice(0, 10);
  let position = state.ultimoNsu;
  let documentos = 0;
  for (let calls = 0; calls < (options.maxPages ?? 400); calls++) {
    const cursor = decode(position, today);
    const fim = isoOf(Math.min(dayOf(cursor.inicio) + WINDOW_DAYS - 1, dayOf(today)));
    const layout = today >= gateway.settings.layout2Desde ? 2 : 1;
    const pedido = signEnvelopedDocument(pedidoConsultaPeriodo(layout, target.cnpj, { dtInicio: cursor.inicio, dtFim: fim, pagina: cursor.pagina }), a1.signer);
    const answer = await gateway.call('ConsultaNFeRecebidas', layout, pedido, a1.credentials, null);
    const retorno = answer.kind === 'answer' ? readRetorno(answer.retornoXml) : null;
    const at = deps.clock.now();
    if (!retorno?.sucesso) {
      const falhas = state.falhas + 1;
      const rejected = Boolean(retorno);
      await finish({
        nextRunAt: rejected ? nextAfterRejection(at, falhas) : nextAfterOutage(at, falhas),
        falhas,
        ultimoStatus: rejected ? 'REJEICAO' : 'INDISPONIVEL',
        ultimoErro: (retorno ? { erros: retorno.erros } : { causa: answer.kind }) as Prisma.InputJsonValue,
      });
      return { status: rejected ? 'REJEICAO' : 'INDISPONIVEL', documentos, ultimoNsu: position };
    }
    const full = retorno.nfes.length >= PAGE;
    const closed = fim < today;
    // A full page: the next one. The window done: the next window if this one is over, else page 1 of it next run.
    const next: Cursor = full ? { inicio: cursor.inicio, pagina: cursor.pagina + 1 } : closed ? { inicio: isoOf(dayOf(fim) + 1), pagina: 1 } : { inicio: cursor.inicio, pagina: 1 };
    const stored = await storePage(deps, target, position, encode(next), retorno.nfes, options);
    if (stored === null) return { status: 'IGNORADA', documentos, ultimoNsu: position };
    documentos += stored;
    if (stored) await announceEvents(deps, target.accountId, 'live');
    position = encode(next);
    if (!full && !closed) {
      await finish({ nextRunAt: nextAfterNothing(at, options.intervalMs), falhas: 0, ultimoStatus: documentos ? 'DOCUMENTOS_LOCALIZADOS' : 'NENHUM_DOCUMENTO_LOCALIZADO' });
      return { status: documentos ? 'DOCUMENTOS_LOCALIZADOS' : 'NENHUM_DOCUMENTO_LOCALIZADO', documentos, ultimoNsu: position };
    }
  }
  await finish({ nextRunAt: deps.clock.now() });
  return { status: 'DOCUMENTOS_LOCALIZADOS', documentos, ultimoNsu: position };
}

/** One page and the position after it, in one transaction; null when another worker moved the position meanwhile. */
async function storePage(deps: TransmissionDeps, target: CaptureTarget, from: bigint, to: bigint, nfes: NfeSaoPaulo[], options: CaptureOptions): Promise<number | null> {
  const now = deps.clock.now();
  return deps.db.$transaction(async (tx) => {
    const [state] = await tx.$queryRaw<Array<{ ultimo_nsu: bigint }>>`
      SELECT ultimo_nsu FROM capture_states WHERE company_id = ${target.companyId}::uuid AND fonte = ${FONTE_PREFEITURA_SP} FOR UPDATE`;
    if (!state || state.ultimo_nsu !== from) return null;
    const log: NewEvent[] = [];
    let novos = 0;
    for (const nfe of nfes) {
      const chave = chaveSaoPaulo(nfe);
      const id = newId();
      const inserted = await tx.receivedDocument.createMany({
        data: [{
          id, accountId: target.accountId, environment: 'live', companyId: target.companyId, tipo: 'NFSE',
          papel: nfe.cnpjPrestador === target.cnpj ? 'EMITIDA' : 'RECEBIDA', chaveAcesso: chave, origem: FONTE_PREFEITURA_SP, nsu: 0n,
          numero: nfe.chaveNfe.numero, emitenteDocumento: nfe.cnpjPrestador, tomadorDocumento: nfe.cnpjTomador,
          valor: nfe.valorServicos, emitidaEm: nfe.dataEmissao ? new Date(`${nfe.dataEmissao}-03:00`) : null,
          situacao: nfe.status === 'C' ? 'cancelada' : 'ativa', xml: nfe.xml, createdAt: now, updatedAt: now,
        }],
        skipDuplicates: true,
      });
      if (inserted.count === 0) continue;
      novos += 1;
      log.push({ tipo: NOTA_RECEBIDA, dados: { notaId: id, empresaId: target.companyId, chaveAcesso: chave, origem: FONTE_PREFEITURA_SP } });
    }
    await tx.captureState.update({
      where: { companyId_fonte: { companyId: target.companyId, fonte: FONTE_PREFEITURA_SP } },
      data: { ultimoNsu: to, falhas: 0, updatedAt: now },
    });
    await appendEvents(tx, { accountId: target.accountId, environment: 'live', at: now, events: log });
    await options.beforeCommit?.();
    return novos;
  }, { timeout: CAPTURE_TRANSACTION_TIMEOUT_MS });
}
