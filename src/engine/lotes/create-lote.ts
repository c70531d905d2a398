import type { Lote } from '../../generated/prisma/client.js';
import type { Principal } from '../chaves/principal.js';
import { EngineError, type ErrorItem } from '../errors.js';
import { findCompany } from '../empresas/find-company.js';
import { newId } from '../nucleo/new-id.js';
import { checkScenario } from '../nfse/issue-nfse.js';
import { assertReady, readinessOf } from '../prontidao/get-readiness.js';
import type { TransmissionDeps } from '../transmission-deps.js';
import { advanceInBackground } from './advance-lote.js';
import { LOTE_RECEIVING_LEASE_MS, leaseFrom } from './lease-from.js';
import { publishLote } from '../eventos/lote-topic.js';
import { presentLote, zeroCounts, type LoteView } from './present-lote.js';
import { insertLoteLines } from './insert-lote-lines.js';
import { discardLote } from './discard-lote.js';
import { LOTE_RECEBENDO } from './lote-recebendo.js';
import { readPlanilha } from './read-planilha.js';
import type { PlanilhaBytes } from './planilha-bytes.js';
import { apiShape } from '../nucleo/api-shape.js';
import { bodyIssues } from '../nucleo/read-body.js';
import { createLoteBody, EMPRESA_OBRIGATORIA, ITENS_OBRIGATORIOS, type CreateLoteBody } from './create-lote-body.js';

/** Most items a batch may carry, per key environment. */
export const MAX_ITENS = { live: 5000, test: 100 } as const;

export interface CreateLoteOptions {
  /** `{empresaId, aoValidar, itens}` in its declared shape (`createLoteBody`), or the form fields of a spreadsheet upload. */
  body: unknown;
  /** The bytes of the .xlsx of a spreadsheet upload (field `planilha`); its rows are the items. */
  planilha?: PlanilhaBytes | null;
  simular?: string | null;
}

/**
 * `POST /v1/lotes`: checks the body, the company (404) and its readiness (412), stores the batch with its lines
 * in the API's names (a spreadsheet's rows as they are read, never held whole) and validates them in the
 * background under a lease. The lines are written in statements of their own while the batch is `recebendo`
 * (lote-recebendo.ts), which no read shows; it becomes `validando` with its total once every line is stored.
 */
export async function createLote(
  deps: TransmissionDeps,
  principal: Principal,
  options: CreateLoteOptions,
): Promise<LoteView> {
  const simulacao = checkScenario(principal, options.simular ?? null);
  const read = bodyIssues(createLoteBody, options.body);
  const erros: ErrorItem[] = read.ok ? [] : [...read.issues];
  const body: Partial<CreateLoteBody> =
    typeof read.value === 'object' && read.value !== null && !Array.isArray(read.value) ? read.value : {};
  const form = options.planilha !== undefined && options.planilha !== null;
  if (form && body.itens !== undefined) {
    erros.push({
      codigo: 'campo_desconhecido',
      campo: '/itens',
      mensagem: 'Campo desconhecido: itens.',
      correcao: 'Use apenas empresa_id e ao_validar.',
    });
  }
  const aoValidar = body.aoValidar ?? 'emitir_validas';
  const empresaId = body.empresaId ?? principal.companyId;
  if (!empresaId && !erros.some((e) => e.campo === '/empresa_id')) {
    erros.push({ codigo: 'campo_obrigatorio', campo: '/empresa_id', ...EMPRESA_OBRIGATORIA });
  }
  const max = MAX_ITENS[principal.environment];
  const limite = (total: number): ErrorItem[] => {
    if (total === 0)
      return erros.some((e) => e.campo === '/itens')
        ? []
        : [{ codigo: 'campo_obrigatorio', campo: '/itens', ...ITENS_OBRIGATORIOS }];
    if (total <= max) return [];
    return [
      {
        codigo: 'limite_de_itens',
        campo: '/itens',
        mensagem: `O lote tem ${total} itens; o máximo com chave de ${principal.environment === 'test' ? 'teste' : 'produção'} é ${max}.`,
        correcao: `Divida o envio em lotes de até ${max} itens.`,
      },
    ];
  };
  const invalido = (all: ErrorItem[]) =>
    new EngineError('validacao', 'A requisição tem campos inválidos.', {
      correcao: 'Corrija cada item de erros e envie de novo.',
      extra: { erros: all },
    });
  // A sheet is read once, as it is stored. A request refused for something else still reads it, keeping none of
  // it, so that what is wrong with the sheet (unreadable, empty, too long) is reported first, as for JSON lines.
  const refuse = async (err: unknown): Promise<never> => {
    if (form) {
      const problems = limite(await countItens(readPlanilha(options.planilha!, max)));
      if (problems.length) throw invalido([...erros, ...problems]);
    }
    throw err;
  };
  if (!form) erros.push(...limite(body.itens?.length ?? 0));
  if (erros.length) await refuse(invalido(erros));

  const company = await findCompany(deps, principal, empresaId!, 'empresa_nao_encontrada')
    .then(async (found) => {
      assertReady(await readinessOf(deps, principal, found));
      return found;
    })
    .catch(refuse);
  // JSON lines are renamed to the API's names; spreadsheet rows are already in them.
  const lines = form ? readPlanilha(options.planilha!, max) : body.itens!.map(apiShape);
  const lote = await receiveLote(deps, {
    principal,
    companyId: company.id,
    aoValidar,
    origem: form ? 'planilha' : 'json',
    simulacao,
    lines,
    // A sheet's count is known once it is read.
    checkTotal: (total) => {
      const problems = form ? limite(total) : [];
      if (problems.length) throw invalido(problems);
    },
  });
  await publishLote(deps, lote);
  advanceInBackground(deps, lote.id);
  return presentLote(lote, zeroCounts());
}

/** A batch as createLote receives it, its body and company checked. */
interface ReceivedLote {
  principal: Principal;
  companyId: string;
  aoValidar: string;
  origem: 'planilha' | 'json';
  simulacao: string | null;
  lines: Iterable<unknown> | AsyncIterable<unknown>;
  /** Refuses the number of lines stored when the batch may not carry it (throws). */
  checkTotal(total: number): void;
}

/**
 * Stores the batch `recebendo` under a lease, then its lines, then makes it `validando` with its total. A batch
 * refused or failed while its lines are stored leaves nothing behind.
 */
async function receiveLote(deps: TransmissionDeps, received: ReceivedLote): Promise<Lote> {
  const { principal } = received;
  const now = deps.clock.now();
  const id = newId();
  await deps.db.lote.create({
    data: {
      id,
      accountId: principal.accountId,
      environment: principal.environment,
      companyId: received.companyId,
      status: LOTE_RECEBENDO,
      aoValidar: received.aoValidar,
      origem: received.origem,
      total: 0,
      simulacao: received.simulacao,
      lockedUntil: leaseFrom(deps, LOTE_RECEIVING_LEASE_MS),
      createdAt: now,
      updatedAt: now,
    },
  });
  let total: number;
  try {
    total = await insertLoteLines(deps, id, received.lines, now);
    received.checkTotal(total);
  } catch (err) {
    // Refused (or failed) here, nothing of the batch stays; should the discard fail too, the sweep discards it.
    await discardLote(deps.db, id).catch((cause: unknown) =>
      deps.logger.error({ err: cause, loteId: id }, 'batch refused while received; the sweep will discard it'),
    );
    throw err;
  }
  const [lote] = await deps.db.lote.updateManyAndReturn({
    where: { id, status: LOTE_RECEBENDO },
    data: { status: 'validando', total, lockedUntil: leaseFrom(deps), updatedAt: deps.clock.now() },
  });
  if (!lote) throw new Error(`batch ${id} was discarded while its lines were stored`);
  return lote;
}

async function countItens(itens: AsyncIterable<unknown>): Promise<number> {
  let n = 0;
  for await (const _ of itens) n++;
  return n;
}
