import {
  Prisma,
  type Lote,
  type LoteItem,
  type Nfse,
  type NfseTimelineEntry,
  type TransmissionJob,
} from '../../generated/prisma/client.js';
import { mapInSlices } from '../nucleo/map-in-slices.js';
import { newId } from '../nucleo/new-id.js';
import type { XmlSigner } from '../xml/sign-xml.js';
import { regrasVersao } from '../nfse/ajustes/index.js';
import { buildDpsInput, TEST_SERIES } from '../nfse/build-dps-input.js';
import type { DpsInput } from '../nfse/nacional/dps-input.js';
import { nextDpsNumber } from '../nfse/next-dps-number.js';
import type { EmpresaContexto, ValidationResult } from '../nfse/validacao/index.js';
import type { CompanyWithCertificate } from '../empresas/present-company.js';
import { companyCredentials } from '../empresas/company-credentials.js';
import type { TransmissionDeps } from '../transmission-deps.js';
import { leaseFrom } from './lease-from.js';
import { LoteLeaseLost } from './hold-lote-lease.js';
import { publishLote } from '../eventos/lote-topic.js';
import { takenReferences } from './taken-references.js';
import { insertNewNotes, type NewNote } from '../nfse/insert-new-note.js';
import { lineContext } from './line-context.js';
import { validateLine } from './validate-line.js';
import { queryParametrosDaEmpresa } from '../municipios/query-parametros-da-empresa.js';
import type { NfseProvider } from '../nfse/provedores/nfse-provider.js';
import { resolveNfseProvider } from '../nfse/provedores/resolve-nfse-provider.js';
import { rotaNfseDaEmpresa } from '../nfse/provedores/rota-nfse-da-empresa.js';
import { toJsonColumn } from '../nucleo/json-column.js';
import { searchColumns } from '../notas/search-columns.js';

const CHUNK = 200;

/** What every chunk of one batch's issuance reads. */
interface LoteIssuance {
  deps: TransmissionDeps;
  lote: Lote;
  company: CompanyWithCertificate;
  provider: NfseProvider;
  signer: XmlSigner;
  serie: string;
}

/** A line still valid at issue time, with what its validation resolved. */
interface ValidLine {
  item: LoteItem;
  v: ValidationResult;
}

/** A valid line with its DPS number and DPS. */
interface NumberedLine extends ValidLine {
  numero: bigint;
  dps: DpsInput;
}

/**
 * Turns the batch's lines still `aguardando_emissao` into notes `transmitindo` with their transmission jobs
 * (priority 1: behind single notes). Per chunk: DPS numbers in one statement (nextDpsNumber, the allocator single
 * notes use), every DPS built and signed in memory (in slices, so that the process's other requests are not held
 * for the whole chunk), then one transaction of multi-row inserts. A line is claimed (→ `emitida`) in the same
 * transaction that creates its note, with the id chosen at validation, so a crash at any point leaves each
 * line either untouched or issued once.
 */
export async function issueLoteNotes(deps: TransmissionDeps, lote: Lote): Promise<void> {
  const issuance = await startIssuance(deps, lote);
  for (;;) {
    const items = await deps.db.loteItem.findMany({
      where: { loteId: lote.id, status: 'aguardando_emissao' },
      orderBy: { linha: 'asc' },
      take: CHUNK,
    });
    if (items.length === 0) return;
    await issueChunk(issuance, items);
    // The chunk's lines left aguardando_emissao (notes transmitting, or ja_existente / com_erro_validacao).
    await publishLote(deps, lote);
  }
}

/** The batch's company, signer, series and issuing system, read once for all its chunks. */
async function startIssuance(deps: TransmissionDeps, lote: Lote): Promise<LoteIssuance> {
  const company = await deps.db.company.findUniqueOrThrow({
    where: { id: lote.companyId },
    include: { certificate: true },
  });
  const { signer } = await companyCredentials(deps, company.id, company.certificate);
  const serie = lote.environment === 'test' ? TEST_SERIES : (company.serieDps ?? '1');
  const environment = lote.environment;
  const municipal =
    (
      await queryParametrosDaEmpresa(deps, environment, company, {
        municipios: [company.municipio],
        competencia: deps.clock.now().toISOString().slice(0, 7),
        codigosServico: [],
      })
    ).get(company.municipio) ?? null;
  const provider = resolveNfseProvider(deps, environment, rotaNfseDaEmpresa(company, municipal, deps.clock.now()));
  return { deps, lote, company, provider, signer, serie };
}

async function issueChunk(issuance: LoteIssuance, items: LoteItem[]): Promise<void> {
  const { deps, lote, company, serie } = issuance;
  const now = deps.clock.now();
  const { valid, empresa } = await revalidate(issuance, items, now);
  if (valid.length === 0) return;
  const first = await nextDpsNumber(deps, {
    companyId: company.id,
    environment: lote.environment,
    serie,
    count: valid.length,
  });
  const issuable = await numberLines(issuance, { valid, empresa, first, now });
  if (issuable.length === 0) return;
  const notes = await mapInSlices(issuable, (line) => ({
    itemId: line.item.id,
    note: newLoteNote(issuance, line, now),
  }));
  await storeChunk(issuance, notes, now);
}

/**
 * The chunk's lines still issuable, and the company as their validation read it: a line whose referencia a single
 * note took since validation is ja_existente (not a failed chunk), and a line no longer valid (the competence may
 * have closed since) reports why.
 */
async function revalidate(
  issuance: LoteIssuance,
  items: LoteItem[],
  now: Date,
): Promise<{ valid: ValidLine[]; empresa: EmpresaContexto }> {
  const { deps, lote, company } = issuance;
  const taken = await takenReferences(
    deps.db,
    company.id,
    lote.environment,
    items.flatMap((i) => (i.referencia ? [i.referencia] : [])),
  );
  const late = items.filter((i) => i.referencia && taken.has(i.referencia));
  const current = items.filter((i) => !late.includes(i));
  const ctx = await lineContext(
    deps,
    lote.environment,
    company,
    current.map((i) => ({ request: i.request, linhas: 1 })),
  );
  if (late.length) {
    await deps.db.loteItem.updateMany({
      where: { id: { in: late.map((i) => i.id) }, status: 'aguardando_emissao' },
      data: { status: 'ja_existente', updatedAt: now },
    });
  }
  const lines = await mapInSlices(current, (item) => ({ item, v: validateLine(item.request, ctx) }));
  for (const { item, v } of lines.filter((l) => l.v.erros.length > 0)) await refuseLine(deps, item, v.erros, now);
  return { valid: lines.filter((l) => l.v.erros.length === 0), empresa: ctx.empresa };
}

interface Numbering {
  valid: ValidLine[];
  empresa: EmpresaContexto;
  /** The first of the chunk's DPS numbers. */
  first: bigint;
  now: Date;
}

/** Numbers the lines and builds their DPS; a line its issuing system refuses here leaves its DPS number unused. */
async function numberLines(issuance: LoteIssuance, { valid, empresa, first, now }: Numbering): Promise<NumberedLine[]> {
  const { deps, lote, company, provider, serie } = issuance;
  const environment = lote.environment;
  const built = await mapInSlices(valid, ({ item, v }, i) => {
    const numero = first + BigInt(i);
    const request = v.request!;
    const dps = buildDpsInput({ environment, company: empresa, request, resolved: v.resolved!, serie, numero, now });
    // What the issuing system needs beyond the national fields.
    return { item, v, numero, dps, erros: provider.checkIssuance({ environment, company, request, dps }) };
  });
  for (const { item, erros } of built.filter((b) => b.erros.length > 0)) await refuseLine(deps, item, erros, now);
  return built.filter((b) => b.erros.length === 0);
}

/** A line that cannot be issued: `com_erro_validacao` with its problems. */
async function refuseLine(deps: TransmissionDeps, item: LoteItem, erros: unknown[], now: Date): Promise<void> {
  await deps.db.loteItem.updateMany({
    where: { id: item.id, status: 'aguardando_emissao' },
    data: { status: 'com_erro_validacao', erros: toJsonColumn(erros), updatedAt: now },
  });
}

/**
 * The line's note as stored (`transmitindo`, with the id chosen at validation), its DPS signed by its issuing
 * system, its `criada` step and its transmission job (priority 1: behind single notes).
 */
function newLoteNote(issuance: LoteIssuance, { item, v, numero, dps }: NumberedLine, now: Date): NewNote {
  const { lote, company, provider, signer, serie } = issuance;
  const request = v.request!;
  const document = provider.buildDocument({ environment: lote.environment, company, request, dps, signer });
  const id = item.nfseId!;
  const note: Nfse = {
    id,
    accountId: lote.accountId,
    environment: lote.environment,
    companyId: company.id,
    referencia: request.referencia ?? null,
    status: 'transmitindo',
    request: item.request,
    ...searchColumns(item.request, 'tomador'),
    dps: toJsonColumn(dps),
    valor: new Prisma.Decimal(request.valor),
    competencia: v.resolved!.competencia,
    serie,
    numeroDps: numero,
    dpsId: document.id,
    simulacao: lote.simulacao,
    numero: null,
    chaveAcesso: null,
    dpsXml: document.xml,
    dadosDocumento: document.dados,
    nfseXml: null,
    rejeicao: null,
    cancelamento: null,
    falha: null,
    aviso: null,
    ajustes: toJsonColumn(v.ajustes ?? []),
    regrasVersao: regrasVersao(),
    substituiId: null,
    substituidaPor: null,
    loteId: lote.id,
    createdAt: now,
    updatedAt: now,
    authorizedAt: null,
  };
  const criada: NfseTimelineEntry = { id: newId(), nfseId: id, tipo: 'criada', at: now, detalhe: null };
  const job: TransmissionJob = {
    id: newId(),
    nfseId: id,
    nfeId: null,
    kind: 'emitir',
    priority: 1,
    runAt: now,
    attempts: 0,
    lockedUntil: null,
    lease: 0,
    payload: {},
    createdAt: now,
    traceparent: issuance.deps.trace?.traceparent() ?? null,
    deadAt: null,
    deadReason: null,
  };
  return { note, criada, job };
}

/** Claims the lines and stores their notes in one transaction; the batch counts them as transmitting. */
async function storeChunk(
  { deps, lote }: LoteIssuance,
  notes: Array<{ itemId: string; note: NewNote }>,
  now: Date,
): Promise<void> {
  await deps.db.$transaction(async (tx) => {
    // Fenced: the batch row locked while it carries this step's lease generation, so a process that took the
    // batch over waits for this chunk, and a step that lost its lease stores nothing.
    const held = await tx.$queryRaw<unknown[]>`
      SELECT 1 FROM lotes WHERE id = ${lote.id}::uuid AND lease = ${lote.lease} FOR UPDATE`;
    if (held.length === 0) throw new LoteLeaseLost(lote.id);
    const claimed = new Set(
      (
        await tx.loteItem.updateManyAndReturn({
          where: { id: { in: notes.map((n) => n.itemId) }, status: 'aguardando_emissao' },
          data: { status: 'emitida', updatedAt: now },
          select: { id: true },
        })
      ).map((r) => r.id),
    );
    const mine = notes.filter((n) => claimed.has(n.itemId)).map((n) => n.note);
    if (mine.length === 0) return;
    await insertNewNotes(tx, mine);
    await tx.lote.updateMany({
      where: { id: lote.id },
      data: { pendentes: { increment: mine.length }, lockedUntil: leaseFrom(deps), updatedAt: now },
    });
  });
}
