import { type JobPayload } from '../fila/job-payload.js';
import { Prisma, type Nfse, type NfseTimelineEntry, type TransmissionJob } from '../../generated/prisma/client.js';
import { preferWaitMs } from '../nucleo/prefer-wait-ms.js';
import type { Principal } from '../chaves/principal.js';
import { EngineError, parameterError } from '../errors.js';
import { newId } from '../nucleo/new-id.js';
import { apiShape } from '../nucleo/api-shape.js';
import { sentValue } from '../nucleo/read-body.js';
import { isUniqueViolation } from '../nucleo/is-unique-violation.js';
import { assertReady } from '../prontidao/get-readiness.js';
import { companyCredentials } from '../empresas/company-credentials.js';
import { JOB_LEASE_MS } from '../fila/claim-jobs.js';
import { runTransmissionJob } from './transmissao/run-transmission-job.js';
import type { TransmissionDeps } from '../transmission-deps.js';
import { SCENARIOS } from './simulator-scenario.js';
import { regrasVersao } from './ajustes/index.js';
import { buildDpsInput, TEST_SERIES } from './build-dps-input.js';
import { companyContext } from './company-context.js';
import { insertNewNote } from './insert-new-note.js';
import { nextDpsNumber } from './next-dps-number.js';
import { prepareIssuance } from './prepare-issuance.js';
import { presentNfse, type NfseView } from './present-nfse.js';
import { checkSubstitution } from './check-substitution.js';
import { waitForSettled } from './wait-for-settled.js';
import { publishNotes } from './update-note.js';
import { resolveNfseProvider } from './provedores/resolve-nfse-provider.js';
import { toJsonColumn } from '../nucleo/json-column.js';

export interface IssueNfseOptions {
  /** The request in its declared shape (`nfseBody`), validated here once. */
  body: unknown;
  /** X-Service-Simular (test keys only). */
  simular?: string | null;
  /** Prefer: wait=N, in seconds (default 10). */
  waitSeconds?: number;
}

/**
 * `POST /v1/nfse`: validate, check readiness, create the note `transmitindo` with its signed DPS
 * and a transmission job in one transaction, transmit at once, and wait up to `Prefer: wait` for the outcome.
 * Authorised → the note; rejected or failed → 422 carrying the note; still running → the note (202).
 */
export async function issueNfse(
  deps: TransmissionDeps,
  principal: Principal,
  options: IssueNfseOptions,
): Promise<NfseView> {
  const simular = checkScenario(principal, options.simular ?? null);
  const { company, validation, readiness, municipal } = await prepareIssuance(deps, principal, options.body);
  if (validation.erros.length || !validation.request || !validation.resolved || !company) {
    throw new EngineError('validacao', 'A requisição tem campos inválidos.', {
      correcao: 'Corrija cada item de erros e envie de novo.',
      extra: { erros: validation.erros },
    });
  }
  assertReady(readiness!);
  const provider = resolveNfseProvider(deps, principal.environment, municipal);
  const request = validation.request;
  const substitution = request.substituicao
    ? await checkSubstitution(deps, principal, company.id, request.substituicao)
    : null;

  // A duplicate referencia is found by the unique index at insert (under concurrency too); checking it first
  // as well would cost every note a query.
  const { signer, credentials } = await companyCredentials(deps, company.id, company.certificate);
  const now = deps.clock.now();
  const serie = principal.environment === 'test' ? TEST_SERIES : (company.serieDps ?? '1');
  const id = newId();
  const jobId = newId();

  // A failure after this point (duplicate referencia, crash) leaves the number unused (nextDpsNumber).
  const numero = await nextDpsNumber(deps, { companyId: company.id, environment: principal.environment, serie });
  const dps = buildDpsInput({
    environment: principal.environment,
    company: companyContext(company),
    request,
    resolved: validation.resolved,
    serie,
    numero,
    now,
    chaveSubstituida: substitution?.chave,
  });
  const documentInput = { environment: principal.environment, company, request: validation.request, dps };
  // What the issuing system needs beyond the national fields; a refusal here leaves the DPS number unused.
  const providerErros = provider.checkIssuance(documentInput);
  if (providerErros.length) {
    throw new EngineError('validacao', 'A requisição tem campos inválidos.', {
      correcao: 'Corrija cada item de erros e envie de novo.',
      extra: { erros: providerErros },
    });
  }
  const document = provider.buildDocument({ ...documentInput, signer });

  // The rows as stored: the first attempt below transmits from them without reading them back.
  const note: Nfse = {
    id,
    accountId: principal.accountId,
    environment: principal.environment,
    companyId: company.id,
    referencia: request.referencia ?? null,
    status: 'transmitindo',
    request: apiShape(sentValue(options.body)) as Prisma.JsonValue,
    dps: toJsonColumn(dps),
    valor: new Prisma.Decimal(request.valor),
    competencia: validation.resolved.competencia,
    serie,
    numeroDps: numero,
    dpsId: document.id,
    simulacao: simular,
    numero: null,
    chaveAcesso: null,
    dpsXml: document.xml,
    nfseXml: null,
    rejeicao: null,
    cancelamento: null,
    falha: null,
    aviso: null,
    ajustes: toJsonColumn(validation.ajustes ?? []),
    regrasVersao: regrasVersao(),
    substituiId: substitution?.originalId ?? null,
    substituidaPor: null,
    loteId: null,
    createdAt: now,
    updatedAt: now,
    authorizedAt: null,
  };
  const criada: NfseTimelineEntry = { id: newId(), nfseId: id, tipo: 'criada', at: now, detalhe: null };
  // Leased to this request, which transmits at once; if this process dies the lease ends and a worker recovers
  // the job, querying the DPS before any resend (mayHaveSent).
  const job: TransmissionJob = {
    id: jobId,
    nfseId: id,
    nfeId: null,
    kind: 'emitir',
    priority: 0,
    runAt: now,
    attempts: 0,
    lockedUntil: new Date(now.getTime() + JOB_LEASE_MS),
    payload: { mayHaveSent: true } satisfies JobPayload,
    createdAt: now,
  };
  try {
    // The note, its first timeline step and its job commit together, in one statement.
    await insertNewNote(deps, note, criada, job);
  } catch (err) {
    if (isUniqueViolation(err) && request.referencia)
      await assertReferenceFree(deps, principal, company.id, request.referencia);
    throw err;
  }
  // Creation writes no event (the log starts at the note's outcome).
  await publishNotes(deps, [note], { logged: false });

  const attempt = runTransmissionJob(deps, job, { note: { ...note, timeline: [criada] }, credentials, signer }).catch(
    (err) => {
      deps.logger.error({ err, nfseId: id }, 'first transmission failed; a worker will retry');
      return null;
    },
  );
  deps.firstAttempts?.track(job, attempt);
  const waitMs = preferWaitMs(options.waitSeconds);
  const settled = await waitForSettled(deps, id, waitMs, attempt);
  const view = presentNfse(settled);
  if (view.status === 'rejeitada') {
    throw new EngineError(
      'nfse_rejeitada',
      `${capitalize(provider.nome)} rejeitou a nota: ${view.rejeicao?.mensagem ?? ''}`.trim(),
      {
        codigoOficial: view.rejeicao?.codigo_oficial ?? null,
        correcao: 'Corrija conforme nfse.rejeicao.explicacao e emita uma nova nota com outra referencia.',
        extra: { nfse: view },
      },
    );
  }
  if (view.status === 'falha_transmissao') {
    throw new EngineError('falha_transmissao', 'A transmissão não pôde ser concluída.', {
      correcao:
        provider.sistema === 'nacional'
          ? view.falha?.dps_enviada === 'nao'
            ? 'A DPS não chegou ao sistema nacional: é seguro emitir de novo.'
            : 'Confira no emissor nacional se a nota existe antes de emitir de novo.'
          : view.falha?.dps_enviada === 'nao'
            ? `O documento não chegou: ${provider.nome} não o recebeu, é seguro emitir de novo.`
            : `Confira com ${provider.nome} se a nota existe antes de emitir de novo.`,
      extra: { nfse: view },
    });
  }
  return view;
}

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export function checkScenario(principal: Principal, simular: string | null): string | null {
  if (simular === null || simular === '') return null;
  if (principal.environment !== 'test') {
    throw parameterError(
      'simulacao_so_no_sandbox',
      { header: 'X-Service-Simular' },
      'só funciona com chave de teste.',
      {
        correcao: 'Remova o cabeçalho em produção.',
      },
    );
  }
  const value = simular
    .trim()
    .toLowerCase()
    .replace(/([:,])e(\d{4})(?=,|$)/g, '$1E$2');
  if (!SCENARIOS.test(value)) {
    throw parameterError(
      'simulacao_invalida',
      { header: 'X-Service-Simular' },
      `cenário de simulação desconhecido: ${simular}.`,
      {
        correcao:
          'Use autorizar, rejeitar, rejeitar:E0xxx (ou vários códigos: rejeitar:E0xxx,E0yyy), timeout, indisponibilidade, competencia_encerrada, falha_transmissao ou processamento_lento.',
      },
    );
  }
  return value;
}

async function assertReferenceFree(
  deps: Pick<TransmissionDeps, 'db'>,
  principal: Principal,
  companyId: string,
  referencia: string,
) {
  const existing = await deps.db.nfse.findFirst({
    where: { companyId, environment: principal.environment, referencia },
    select: { id: true },
  });
  if (existing) {
    throw new EngineError(
      'referencia_duplicada',
      `A referência ${referencia} já é a nota ${existing.id} desta empresa.`,
      {
        campo: '/referencia',
        correcao: 'Consulte a nota existente com GET /v1/nfse/{referencia}, ou use outra referência.',
        extra: { nfse_id: existing.id },
      },
    );
  }
}
