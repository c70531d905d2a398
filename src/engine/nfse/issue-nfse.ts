import { type JobPayload } from '../fila/job-payload.js';
import { Prisma, type Nfse, type NfseTimelineEntry, type TransmissionJob } from '../../generated/prisma/client.js';
import { preferWaitMs } from '../nucleo/prefer-wait-ms.js';
import type { Principal } from '../chaves/principal.js';
import { EngineError, parameterError, type ErrorItem } from '../errors.js';
import { newId } from '../nucleo/new-id.js';
import { apiShape } from '../nucleo/api-shape.js';
import { sentValue } from '../nucleo/read-body.js';
import { isUniqueViolation } from '../nucleo/is-unique-violation.js';
import { companyCredentials } from '../empresas/company-credentials.js';
import { jobSettings } from '../fila/job-settings.js';
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
import { rotaNfseDaEmpresa } from './provedores/rota-nfse-da-empresa.js';
import type { NfseProvider, ProviderDocument } from './provedores/nfse-provider.js';
import type { NfseSistema } from './provedores/nfse-sistema.js';
import type { CompanyWithCertificate } from '../empresas/present-company.js';
import type { XmlSigner } from '../xml/sign-xml.js';
import type { DpsInput } from './nacional/dps-input.js';
import type { NfseRequest } from './validacao/nfse-request.js';
import type { ValidationResult } from './validacao/index.js';
import { toJsonColumn } from '../nucleo/json-column.js';
import { searchColumns } from '../notas/search-columns.js';

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
  const issuance = await admitIssuance(deps, principal, options.body);
  // A duplicate referencia is found by the unique index at insert (under concurrency too); checking it first
  // as well would cost every note a query.
  const { signer, credentials } = await companyCredentials(deps, issuance.company.id, issuance.company.certificate);
  const { note, criada, job } = await buildNewNote(deps, {
    ...issuance,
    principal,
    signer,
    simular,
    body: options.body,
  });
  await storeNewNote(deps, principal, { note, criada, job });
  const attempt = runTransmissionJob(deps, job, { note: { ...note, timeline: [criada] }, credentials, signer }).catch(
    (err) => {
      deps.logger.error({ err, nfseId: note.id }, 'first transmission failed; a worker will retry');
      return null;
    },
  );
  deps.firstAttempts?.track(job, attempt);
  const settled = await waitForSettled(deps, note.id, preferWaitMs(options.waitSeconds), attempt);
  return settledView(presentNfse(settled), issuance.provider);
}

const invalidRequest = (erros: ErrorItem[] | ValidationResult['erros']) =>
  new EngineError('validacao', 'A requisição tem campos inválidos.', {
    correcao: 'Corrija cada item de erros e envie de novo.',
    extra: { erros },
  });

/** What an admitted request issues from: valid, its company ready, its issuing system and substitution known. */
interface AdmittedIssuance {
  company: CompanyWithCertificate;
  request: NfseRequest;
  resolved: NonNullable<ValidationResult['resolved']>;
  ajustes: NonNullable<ValidationResult['ajustes']>;
  provider: NfseProvider;
  substitution: Awaited<ReturnType<typeof checkSubstitution>> | null;
}

/** Validation (422) and readiness (412) of the request, then where it goes and what it replaces. */
async function admitIssuance(deps: TransmissionDeps, principal: Principal, body: unknown): Promise<AdmittedIssuance> {
  const { company, validation, readiness, municipal } = await prepareIssuance(deps, principal, body);
  if (validation.erros.length || !validation.request || !validation.resolved || !company)
    throw invalidRequest(validation.erros);
  deps.prontidao.assertReady(readiness!);
  const request = validation.request;
  const substitution = request.substituicao
    ? await checkSubstitution(deps, principal, company.id, request.substituicao)
    : null;
  return {
    company,
    request,
    resolved: validation.resolved,
    ajustes: validation.ajustes ?? [],
    provider: resolveNfseProvider(deps, principal.environment, rotaNfseDaEmpresa(company, municipal, deps.clock.now())),
    substitution,
  };
}

interface BuildNewNoteOptions extends AdmittedIssuance {
  principal: Principal;
  signer: XmlSigner;
  simular: string | null;
  body: unknown;
}

/** The note's number and signed document, and the rows as stored: the first attempt transmits from them. */
async function buildNewNote(deps: TransmissionDeps, options: BuildNewNoteOptions) {
  const { principal, company, request, resolved, provider, substitution } = options;
  const now = deps.clock.now();
  const serie = principal.environment === 'test' ? TEST_SERIES : (company.serieDps ?? '1');
  // A failure after this point (duplicate referencia, crash) leaves the number unused (nextDpsNumber).
  const numero = await nextDpsNumber(deps, { companyId: company.id, environment: principal.environment, serie });
  const dps = buildDpsInput({
    environment: principal.environment,
    company: companyContext(company),
    request,
    resolved,
    serie,
    numero,
    now,
    chaveSubstituida: substitution?.chave,
    chaveAcessoMunicipioSubstituida: substitution?.chaveAcessoMunicipio,
  });
  const documentInput = { environment: principal.environment, company, request, dps };
  // What the issuing system needs beyond the national fields; a refusal here leaves the DPS number unused.
  const providerErros = provider.checkIssuance(documentInput);
  if (providerErros.length) throw invalidRequest(providerErros);
  const document = provider.buildDocument({ ...documentInput, signer: options.signer });
  const note = noteRow({ ...options, now, serie, numero, dps, document });
  const criada: NfseTimelineEntry = { id: newId(), nfseId: note.id, tipo: 'criada', at: now, detalhe: null };
  return { note, criada, job: leasedJob(note.id, now, jobSettings(deps).leaseMs, deps.trace?.traceparent() ?? null) };
}

interface NoteRowOptions extends BuildNewNoteOptions {
  now: Date;
  serie: string;
  numero: bigint;
  dps: DpsInput;
  document: ProviderDocument;
}

/** The note as stored: `transmitindo`, with its request, DPS values, signed document and what its provider keeps. */
function noteRow(o: NoteRowOptions): Nfse {
  return {
    id: newId(),
    accountId: o.principal.accountId,
    environment: o.principal.environment,
    companyId: o.company.id,
    referencia: o.request.referencia ?? null,
    status: 'transmitindo',
    request: apiShape(sentValue(o.body)) as Prisma.JsonValue,
    ...searchColumns(apiShape(sentValue(o.body)), 'tomador'),
    dps: toJsonColumn(o.dps),
    valor: new Prisma.Decimal(o.request.valor),
    competencia: o.resolved.competencia,
    serie: o.serie,
    numeroDps: o.numero,
    dpsId: o.document.id,
    simulacao: o.simular,
    numero: null,
    chaveAcesso: null,
    dpsXml: o.document.xml,
    dadosDocumento: o.document.dados,
    nfseXml: null,
    rejeicao: null,
    cancelamento: null,
    falha: null,
    aviso: null,
    ajustes: toJsonColumn(o.ajustes),
    regrasVersao: regrasVersao(),
    substituiId: o.substitution?.originalId ?? null,
    substituidaPor: null,
    loteId: null,
    createdAt: o.now,
    updatedAt: o.now,
    authorizedAt: null,
  };
}

/**
 * Leased to this request, which transmits at once and renews the lease while it does (JobLeases); if this
 * process dies the lease ends and a worker recovers the job, querying the DPS before any resend (mayHaveSent).
 */
function leasedJob(nfseId: string, now: Date, leaseMs: number, traceparent: string | null): TransmissionJob {
  return {
    id: newId(),
    nfseId,
    nfeId: null,
    kind: 'emitir',
    priority: 0,
    runAt: now,
    // This request's attempt is the first; the lease is generation 0 until a worker claims the job.
    attempts: 1,
    lockedUntil: new Date(now.getTime() + leaseMs),
    lease: 0,
    payload: { mayHaveSent: true } satisfies JobPayload,
    createdAt: now,
    traceparent,
    deadAt: null,
    deadReason: null,
  };
}

/** The note, its first timeline step and its job commit together, in one statement; creation writes no event. */
async function storeNewNote(
  deps: TransmissionDeps,
  principal: Principal,
  { note, criada, job }: { note: Nfse; criada: NfseTimelineEntry; job: TransmissionJob },
) {
  try {
    await insertNewNote(deps, note, criada, job);
  } catch (err) {
    if (isUniqueViolation(err) && note.referencia)
      await assertReferenceFree(deps, principal, note.companyId, note.referencia);
    throw err;
  }
  // The log starts at the note's outcome.
  await publishNotes(deps, [note], { logged: false });
}

/** The settled note as the request answers it: rejected or failed is a 422 carrying it, with the system's advice. */
export function settledView(view: NfseView, sistema: Pick<NfseSistema, 'nome' | 'failureAdvice'>): NfseView {
  if (view.status === 'rejeitada') {
    throw new EngineError(
      'nfse_rejeitada',
      `${capitalize(sistema.nome)} rejeitou a nota: ${view.rejeicao?.mensagem ?? ''}`.trim(),
      {
        codigoOficial: view.rejeicao?.codigo_oficial ?? null,
        correcao: 'Corrija conforme nfse.rejeicao.explicacao e emita uma nova nota com outra referencia.',
        extra: { nfse: view },
      },
    );
  }
  if (view.status === 'falha_transmissao') {
    throw new EngineError('falha_transmissao', 'A transmissão não pôde ser concluída.', {
      correcao: sistema.failureAdvice(view.falha?.dps_enviada === 'nao'),
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
