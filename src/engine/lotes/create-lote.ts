import type { Principal } from '../chaves/principal.js';
import { EngineError, type ErrorItem } from '../errors.js';
import { findCompany } from '../empresas/find-company.js';
import { newId } from '../nucleo/new-id.js';
import { checkScenario } from '../nfse/issue-nfse.js';
import { assertReady, readinessOf } from '../prontidao/get-readiness.js';
import type { TransmissionDeps } from '../transmissao/transmission-deps.js';
import { advanceInBackground } from './advance-lote.js';
import { leaseFrom } from './lease-from.js';
import { publishLote } from '../eventos/lote-topic.js';
import { presentLote, zeroCounts, type LoteView } from './present-lote.js';
import { readPlanilha } from './read-planilha.js';

/** Most items a batch may carry, per key environment. */
export const MAX_ITENS = { live: 5000, test: 100 } as const;
const AO_VALIDAR = ['emitir_validas', 'aguardar'];
const CAMPOS = ['empresa_id', 'ao_validar', 'itens'];

export interface CreateLoteOptions {
  /** JSON body `{empresa_id, ao_validar, itens}`, or the form fields of a spreadsheet upload. */
  body: unknown;
  /** The .xlsx of a multipart upload (field `planilha`); its rows are the items. */
  planilha?: Buffer | null;
  simular?: string | null;
}

/**
 * `POST /v1/lotes`: checks the body, the company (404) and its readiness (412), stores the batch
 * `validando` with its lines as received, answers 202 with it and validates in the background under a lease.
 */
export async function createLote(deps: TransmissionDeps, principal: Principal, options: CreateLoteOptions): Promise<LoteView> {
  const simulacao = checkScenario(principal, options.simular ?? null);
  const body = (typeof options.body === 'object' && options.body !== null && !Array.isArray(options.body) ? options.body : {}) as Record<string, unknown>;
  const erros: ErrorItem[] = [];
  const form = options.planilha !== undefined && options.planilha !== null;
  for (const key of Object.keys(body)) {
    if (!CAMPOS.includes(key) || (form && key === 'itens')) {
      erros.push({ codigo: 'campo_desconhecido', campo: `/${key}`, mensagem: `Campo desconhecido: ${key}.`, correcao: `Use apenas ${form ? 'empresa_id e ao_validar' : CAMPOS.join(', ')}.` });
    }
  }
  const aoValidar = body.ao_validar === undefined || body.ao_validar === '' ? 'emitir_validas' : body.ao_validar;
  if (typeof aoValidar !== 'string' || !AO_VALIDAR.includes(aoValidar)) {
    erros.push({ codigo: 'formato_invalido', campo: '/ao_validar', mensagem: `ao_validar inválido: ${JSON.stringify(body.ao_validar)}.`, correcao: 'Use emitir_validas (padrão) ou aguardar.' });
  }
  const empresaId = body.empresa_id ?? principal.companyId;
  if (typeof empresaId !== 'string' || !empresaId) {
    erros.push({ codigo: 'campo_obrigatorio', campo: '/empresa_id', mensagem: 'O empresa_id é obrigatório.', correcao: 'Informe o id da empresa de GET /v1/companies.' });
  }
  const max = MAX_ITENS[principal.environment];
  const itens = form ? await readPlanilha(options.planilha!, max) : body.itens;
  if (!Array.isArray(itens) || itens.length === 0) {
    erros.push({ codigo: Array.isArray(itens) || itens === undefined ? 'campo_obrigatorio' : 'tipo_invalido', campo: '/itens', mensagem: 'O lote precisa de uma lista itens com ao menos uma nota.', correcao: 'Envie itens: [{referencia, tomador, valor, servico}, …].' });
  } else if (itens.length > max) {
    erros.push({
      codigo: 'limite_de_itens', campo: '/itens', mensagem: `O lote tem ${itens.length} itens; o máximo com chave de ${principal.environment === 'test' ? 'teste' : 'produção'} é ${max}.`,
      correcao: `Divida o envio em lotes de até ${max} itens.`,
    });
  }
  if (erros.length) throw new EngineError('validacao', 'A requisição tem campos inválidos.', { correcao: 'Corrija cada item de erros e envie de novo.', extra: { erros } });

  const company = await findCompany(deps, principal, empresaId as string, 'empresa_nao_encontrada');
  assertReady(await readinessOf(deps, principal, company));
  const now = deps.clock.now();
  const lote = await deps.db.lote.create({
    data: {
      id: newId(),
      accountId: principal.accountId,
      environment: principal.environment,
      companyId: company.id,
      status: 'validando',
      aoValidar: aoValidar as string,
      origem: form ? 'planilha' : 'json',
      total: (itens as unknown[]).length,
      simulacao,
      entrada: itens as object[],
      lockedUntil: leaseFrom(deps),
      createdAt: now,
      updatedAt: now,
    },
  });
  await publishLote(deps, lote);
  advanceInBackground(deps, lote.id);
  return presentLote(lote, zeroCounts());
}
