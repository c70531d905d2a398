import { Prisma, type Nfe } from '../../generated/prisma/client.js';
import type { Principal } from '../chaves/principal.js';
import { assertCompanyAllowed } from '../chaves/assert-company-allowed.js';
import type { EngineDeps } from '../engine-deps.js';
import type { CompanyEndereco } from '../empresas/company-body.js';
import { findCompany } from '../empresas/find-company.js';
import type { CompanyWithCertificate } from '../empresas/present-company.js';
import { EngineError } from '../errors.js';
import { newId } from '../nucleo/new-id.js';
import { isUniqueViolation } from '../nucleo/is-unique-violation.js';
import { nfeJob } from './run-nfe-job.js';
import { jobSettings } from '../fila/job-settings.js';
import { loadLibxml2 } from '../xml/libxml2.js';
import { validateXsd } from '../xml/validate-xsd.js';
import { readinessOf } from '../prontidao/get-readiness.js';
import { municipio } from '../tabelas/index.js';
import { companyCredentials } from '../empresas/company-credentials.js';
import type { TransmissionDeps } from '../transmission-deps.js';
import { assertNfeReady } from './assert-nfe-ready.js';
import { cUfOf } from '../autoridades/sefaz/nfe-endpoint.js';
import { buildNfeXml, type NfeEmitente } from './build-nfe-xml.js';
import { buildNfeKey } from './nfe-access-key.js';
import { nextNfeNumber } from './next-nfe-number.js';
import { autXmlOf } from './aut-xml.js';
import { presentNfe, type NfeView } from './present-nfe.js';
import { signNfeXml } from '../xml/sign-nfe-xml.js';
import type { LoadedNfe } from './transmit-nfe.js';
import type { NfeRequest } from './nfe-request.js';
import { sumTotais } from './sum-totais.js';
import { referenciaDuplicada } from './referencia-duplicada.js';
import { computeNfeTaxes } from './compute-nfe-taxes.js';
import { verifyNfeTaxes } from './verify-nfe-taxes.js';
import { fillDestinatario } from './fill-destinatario.js';
import { apiShape } from '../nucleo/api-shape.js';
import { bodyIssues, SentBody, sentValue } from '../nucleo/read-body.js';
import { invalidNfeRequest, listaLida, MAX_ITENS, nfeBody, type NfeBody } from './nfe-body.js';
import type { ValidationIssue } from '../nucleo/validation-issue.js';
import { brasilia } from './build-nfe-xml.js';
import { checkNfeBody } from './check-nfe-body.js';
import { readJsonColumn, toJsonColumn } from '../nucleo/json-column.js';
import { searchColumns } from '../notas/search-columns.js';

export interface CreateNfeOptions {
  body: unknown;
  /** X-Service-Simular, already checked for the key's environment. */
  simular?: string | null;
}

/** The stored note as presented, and what its first send needs (the row as stored and the company's A1). */
export interface CreatedNfe {
  view: NfeView;
  loaded: LoadedNfe;
}

/**
 * `POST /v1/nfe` up to the first send: validate, gate on readiness, take the series' next number,
 * build, schema-check and sign the NFe, and store it `transmitindo` with its access key, so that a lost answer
 * is resolved by querying that key.
 */
export async function createNfe(
  deps: Pick<TransmissionDeps, 'db' | 'sql' | 'clock' | 'secrets' | 'national' | 'cadastros' | 'jobs'>,
  principal: Principal,
  options: CreateNfeOptions,
): Promise<CreatedNfe> {
  const { body, company, modo, request, ajustes, autXml } = await validatedNfe(deps, principal, options.body);
  const now = deps.clock.now();
  const serie = request.serie ?? company.serieNfe ?? '1';
  const numero = await nextNfeNumber(deps.db, company.id, principal.environment, serie);
  const { key, xml, credentials, signer } = await signedNfe(deps, principal, company, {
    request,
    serie,
    numero,
    emissao: now,
    autXml,
  });
  const note: Nfe = {
    id: newId(),
    accountId: principal.accountId,
    environment: principal.environment,
    companyId: company.id,
    referencia: request.referencia ?? null,
    status: 'transmitindo',
    modo,
    request: body as Prisma.JsonValue,
    ...searchColumns(body, 'destinatario'),
    serie,
    numero,
    chaveAcesso: key.chave,
    simulacao: options.simular ?? null,
    xml,
    procXml: null,
    protocolo: null,
    rejeicao: null,
    cancelamento: null,
    epec: null,
    ajustes: toJsonColumn(ajustes),
    aviso: null,
    descarteAvisadoEm: null,
    valorTotal: new Prisma.Decimal(sumTotais(request.itens).vNF),
    createdAt: now,
    updatedAt: now,
    authorizedAt: null,
  };
  try {
    await insertNfeWithJob(deps, note);
  } catch (err) {
    if (isUniqueViolation(err) && request.referencia) {
      const duplicada = await referenciaDuplicada(deps, principal, company.id, request.referencia);
      if (duplicada) throw duplicada;
    }
    throw err;
  }
  return { view: presentNfe(note), loaded: { note, credentials, signer } };
}

/**
 * The note and its transmission job (nfeJob: keyed by the note, leased to this request) in one statement: atomic
 * on its own, so a crash right after leaves a job the worker recovers, and one round trip where a Prisma batch
 * transaction would take four. A named statement (EngineDeps.sql): the note's request, XML and adjustments go to
 * the driver as they are, without Prisma's serialisation of every raw parameter. A duplicate `referencia` fails
 * it with a unique violation.
 */
async function insertNfeWithJob(deps: Pick<EngineDeps, 'sql' | 'trace' | 'jobs'>, note: Nfe): Promise<void> {
  const job = nfeJob(note.id, note.createdAt, jobSettings(deps).leaseMs, deps.trace?.traceparent() ?? null);
  await deps.sql('nfe_insert_new', INSERT_NFE_WITH_JOB, [
    note.id,
    note.accountId,
    note.environment,
    note.companyId,
    note.referencia,
    note.status,
    note.modo,
    json(note.request),
    note.serie,
    note.numero.toString(),
    note.chaveAcesso,
    note.simulacao,
    note.xml,
    note.procXml,
    note.protocolo,
    json(note.rejeicao),
    json(note.cancelamento),
    json(note.epec),
    json(note.ajustes),
    json(note.aviso),
    iso(note.descarteAvisadoEm),
    note.valorTotal.toFixed(),
    iso(note.createdAt),
    iso(note.updatedAt),
    iso(note.authorizedAt),
    job.kind,
    job.priority,
    iso(job.runAt as Date),
    job.attempts,
    iso(job.lockedUntil as Date | null),
    json(job.payload),
    iso(job.createdAt as Date),
    job.traceparent ?? null,
  ]);
}

const INSERT_NFE_WITH_JOB = `
  WITH note AS (
    INSERT INTO nfe (id, account_id, environment, company_id, referencia, status, modo, request, serie, numero, chave_acesso,
      simulacao, xml, proc_xml, protocolo, rejeicao, cancelamento, epec, ajustes, aviso, descarte_avisado_em, valor_total,
      created_at, updated_at, authorized_at)
    VALUES ($1::uuid, $2::uuid, $3::"Environment", $4::uuid, $5::text, $6::text, $7::text, $8::jsonb,
      $9::text, $10::bigint, $11::text, $12::text, $13::text, $14::text, $15::text,
      $16::jsonb, $17::jsonb, $18::jsonb, $19::jsonb, $20::jsonb, $21::timestamptz,
      $22::numeric, $23::timestamptz, $24::timestamptz, $25::timestamptz)
    RETURNING id)
  INSERT INTO transmission_jobs (id, nfe_id, kind, priority, run_at, attempts, locked_until, payload, created_at, traceparent)
  SELECT note.id, note.id, $26::text, $27::int, $28::timestamptz, $29::int, $30::timestamptz, $31::jsonb, $32::timestamptz, $33::text
  FROM note`;

/** A JSON column's value as its text; SQL NULL for a null column. */
const json = (value: unknown): string | null => (value === null || value === undefined ? null : JSON.stringify(value));
const iso = (value: Date | null): string | null => (value === null ? null : value.toISOString());

/**
 * The validation of `POST /v1/nfe`, shared with `POST /v1/nfe/{id}/correcao` so both judge a body alike: `modo`,
 * the company (and the key's restriction), every error of the body at once (nfeBody, then checkNfeBody with the
 * company), then readiness. The body comes typed (GraphQL's input) or as a REST body the input type could not
 * carry (`SentBody`, with the problems REST's mapping found); `body` is the request kept with the note, in the
 * API's names.
 */
export async function validatedNfe(
  deps: Pick<TransmissionDeps, 'db' | 'sql' | 'clock' | 'secrets' | 'national' | 'cadastros'>,
  principal: Principal,
  sent: unknown,
  rejeicaoAnterior: string | null = null,
  { previa = false }: { previa?: boolean } = {},
) {
  const value = sentValue(sent);
  const edge = sent instanceof SentBody ? sent.issues : [];
  const raw = isObject(value) ? value : {};
  const requested = typeof raw.empresaId === 'string' ? raw.empresaId : null;
  if (requested) assertCompanyAllowed(principal, requested);
  const companyId = requested ?? principal.companyId;
  const company = companyId ? await findCompany(deps, principal, companyId) : null;
  const modo = raw.modo === 'calcular' || raw.modo === 'conferir' ? raw.modo : 'informado';
  const simples = company?.regimeTributario === 'simples_nacional' || company?.regimeTributario === 'mei';
  // The recipient is completed first: its UF and contributor status decide the taxes calcular and conferir compute.
  const destinatario = company
    ? await fillDestinatario(value, {
        cadastros: deps.cadastros,
        environment: principal.environment,
        credentials: async () => (await companyCredentials(deps, company.id, company.certificate)).credentials,
      })
    : { body: value, ajustes: [], erros: [] };
  if (destinatario.erros.length && modo === 'calcular') throw invalidNfeRequest([...edge, ...destinatario.erros]);
  const read = bodyIssues(nfeBody, destinatario.body, edge);
  const { emissao, recusa } = emissaoDoFatoGerador(read.value, read.ok ? [] : read.issues, previa, deps.clock.now());
  // The taxes are computed and checked for the issue's date: the clock's, or the preview's data_emissao.
  const noDia = { ...deps, clock: { now: () => emissao } };
  const ctx = {
    simples,
    chaveRestritaEmpresa: principal.companyId !== null,
    environment: principal.environment,
    dia: brasilia(emissao).slice(0, 10),
    uf: company ? municipio(company.municipio)?.uf : undefined,
  };
  // calcular turns the body into the informado one it stands for, which is then judged whole; conferir judges the
  // caller's body, whose engine members checkNfeBody does not read.
  const calculada =
    modo === 'calcular' && company && read.value && listaLida(read.value.itens, MAX_ITENS) === read.value.itens
      ? await computeNfeTaxes(noDia, principal, company, read.value, read.ok ? [] : read.issues)
      : null;
  const validation = checkNfeBody(calculada ? bodyIssues(nfeBody, calculada.corpo) : read, ctx);
  // A registry that does not know the CNPJ or the CEP says why the fields it would have filled are missing.
  const erros = destinatario.erros.length
    ? [
        ...destinatario.erros,
        ...validation.erros.filter((e) => !(e.codigo === 'campo_obrigatorio' && e.campo?.startsWith('/destinatario/'))),
      ]
    : validation.erros;
  if (recusa) erros.unshift(recusa);
  if (erros.length || !validation.request || !company) throw invalidNfeRequest(erros);
  const conferencia =
    modo === 'conferir' ? await verifyNfeTaxes(noDia, principal, company, read.value!, validation.request) : [];
  assertNfeReady(await readinessOf(deps, principal, company));
  const autXml = autXmlOf({
    uf: municipio(company.municipio)!.uf,
    escritorio: company.autorizadosXml,
    destinatario: validation.request.destinatario.documento,
    rejeicaoAnterior,
  });
  const ajustes = [
    ...(calculada?.ajustes ?? []),
    ...validation.ajustes.filter((a) => !(modo !== 'informado' && a.regra === 'nfe_modo_informado')),
    ...destinatario.ajustes,
    ...conferencia,
    ...autXml.ajustes,
  ];
  return {
    body: apiShape(value),
    company,
    modo,
    request: validation.request,
    ajustes,
    autXml: autXml.documentos,
    emissao,
  };
}

/**
 * The instant the note is judged and built for. A preview may name the taxable event's day (`data_emissao`, noon
 * in Brasília, so its year's IBS/CBS rates and tables apply); issuance and correction keep the clock's instant, as
 * dhEmi is the sending time, so `data_emissao` there is refused rather than silently ignored.
 */
function emissaoDoFatoGerador(
  value: Partial<NfeBody> | undefined,
  issues: ValidationIssue[],
  previa: boolean,
  now: Date,
): { emissao: Date; recusa: ValidationIssue | null } {
  const data = value?.dataEmissao;
  if (typeof data !== 'string' || issues.some((i) => i.campo === '/data_emissao'))
    return { emissao: now, recusa: null };
  if (previa) return { emissao: new Date(`${data}T12:00:00-03:00`), recusa: null };
  return {
    emissao: now,
    recusa: {
      codigo: 'campo_nao_permitido',
      campo: '/data_emissao',
      mensagem: 'data_emissao só vale na prévia (POST /v1/nfe/previa): a NF-e emitida leva a data e a hora do envio.',
      correcao: 'Remova data_emissao para emitir, ou use POST /v1/nfe/previa para simular outra data.',
    },
  };
}

/** The note an NFe is built for: its request, its number and its issue instant. */
export interface SignedNfeOptions {
  request: NfeRequest;
  serie: string;
  numero: bigint;
  emissao: Date;
  /** CPF/CNPJ of the autXML groups (autXmlOf). */
  autXml: readonly string[];
}

/** The NFe 4.00 of a number, signed with the company's A1 and checked against the schema before anything is stored. */
export async function signedNfe(
  deps: Pick<EngineDeps, 'db' | 'secrets'>,
  principal: Principal,
  company: CompanyWithCertificate,
  options: SignedNfeOptions,
) {
  const { request, serie, numero, emissao, autXml } = options;
  const { credentials, signer } = await companyCredentials(deps, company.id, company.certificate);
  const key = buildNfeKey({ cUF: cUfOf(company.municipio), emissao, documento: company.cnpj, serie, nNF: numero });
  const xml = signNfeXml(
    buildNfeXml({
      environment: principal.environment,
      emitente: emitenteOf(company),
      request,
      serie,
      numero,
      ...key,
      emissao,
      autXml,
    }),
    signer,
  );
  await loadLibxml2();
  const schemaErrors = validateXsd(xml, 'NFe');
  if (schemaErrors.length) {
    // The request passed validation, so this is a gap between it and the layout: report it, send nothing.
    throw new EngineError('validacao', 'A NF-e montada não passa no schema 4.00.', {
      correcao: 'Revise os campos citados; se persistir, contate o suporte com o requisicao_id.',
      extra: {
        erros: schemaErrors.map((e) => ({ codigo: 'schema_nfe', campo: null, mensagem: e.message, correcao: null })),
      },
    });
  }
  return { key, xml, credentials, signer };
}

function emitenteOf(company: CompanyWithCertificate): NfeEmitente {
  const crt = company.regimeTributario === 'simples_nacional' ? '1' : company.regimeTributario === 'mei' ? '4' : '3';
  return {
    cnpj: company.cnpj,
    razaoSocial: company.razaoSocial,
    // assertNfeReady guarantees both.
    inscricaoEstadual: company.inscricaoEstadual!,
    endereco: readJsonColumn<CompanyEndereco>(company.endereco),
    municipio: company.municipio,
    crt,
  };
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
