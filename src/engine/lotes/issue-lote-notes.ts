import { Prisma, type Lote, type LoteItem } from '../../generated/prisma/client.js';
import { mapInSlices } from '../nucleo/map-in-slices.js';
import { newId } from '../nucleo/new-id.js';
import type { XmlSigner } from '../xml/sign-xml.js';
import { regrasVersao } from '../nfse/ajustes/index.js';
import { buildDpsInput, TEST_SERIES } from '../nfse/build-dps-input.js';
import type { CompanyWithCertificate } from '../empresas/present-company.js';
import { companyCredentials } from '../empresas/company-credentials.js';
import type { TransmissionDeps } from '../transmission-deps.js';
import { leaseFrom } from './lease-from.js';
import { publishLote } from '../eventos/lote-topic.js';
import { takenReferences } from './taken-references.js';
import { insertLoteNotes, type NewLoteNote } from './insert-lote-notes.js';
import { lineContext } from './line-context.js';
import { validateLine } from './validate-line.js';
import { queryParametrosDaEmpresa } from '../municipios/query-parametros-da-empresa.js';
import type { NfseProvider } from '../nfse/provedores/nfse-provider.js';
import { resolveNfseProvider } from '../nfse/provedores/resolve-nfse-provider.js';
import { toJsonColumn } from '../nucleo/json-column.js';

const CHUNK = 200;

/**
 * Turns the batch's lines still `aguardando_emissao` into notes `transmitindo` with their transmission jobs
 * (priority 1: behind single notes). Per chunk: DPS numbers in one statement, every DPS built and
 * signed in memory (in slices, so that the process's other requests are not held for the whole chunk), then one
 * transaction of multi-row inserts. A line is claimed (→ `emitida`) in the same
 * transaction that creates its note, with the id chosen at validation, so a crash at any point leaves each
 * line either untouched or issued once.
 */
export async function issueLoteNotes(deps: TransmissionDeps, lote: Lote): Promise<void> {
  const company = await deps.db.company.findUniqueOrThrow({
    where: { id: lote.companyId },
    include: { certificate: true },
  });
  const { signer } = await companyCredentials(deps, company.id, company.certificate);
  const serie = lote.environment === 'test' ? TEST_SERIES : (company.serieDps ?? '1');
  const environment = lote.environment as 'test';
  const municipal =
    (
      await queryParametrosDaEmpresa(deps, environment, company, {
        municipios: [company.municipio],
        competencia: deps.clock.now().toISOString().slice(0, 7),
        codigosServico: [],
      })
    ).get(company.municipio) ?? null;
  const provider = resolveNfseProvider(deps, environment, municipal);
  for (;;) {
    const items = await deps.db.loteItem.findMany({
      where: { loteId: lote.id, status: 'aguardando_emissao' },
      orderBy: { linha: 'asc' },
      take: CHUNK,
    });
    if (items.length === 0) return;
    await issueChunk(deps, lote, company, provider, signer, serie, items);
    // The chunk's lines left aguardando_emissao (notes transmitting, or ja_existente / com_erro_validacao).
    await publishLote(deps, lote);
  }
}

async function issueChunk(
  deps: TransmissionDeps,
  lote: Lote,
  company: CompanyWithCertificate,
  provider: NfseProvider,
  signer: XmlSigner,
  serie: string,
  items: LoteItem[],
) {
  const now = deps.clock.now();
  // A single note may have taken a referencia since validation: that line is ja_existente, not a failed chunk.
  const taken = await takenReferences(
    deps.db,
    company.id,
    lote.environment,
    items.flatMap((i) => (i.referencia ? [i.referencia] : [])),
  );
  const late = items.filter((i) => i.referencia && taken.has(i.referencia));
  const ctx = await lineContext(
    deps,
    lote.environment,
    company,
    items.filter((i) => !late.includes(i)).map((i) => ({ request: i.request, linhas: 1 })),
  );
  const empresa = ctx.empresa;
  if (late.length) {
    await deps.db.loteItem.updateMany({
      where: { id: { in: late.map((i) => i.id) }, status: 'aguardando_emissao' },
      data: { status: 'ja_existente', updatedAt: now },
    });
  }
  const lines = await mapInSlices(
    items.filter((i) => !late.includes(i)),
    (item) => ({ item, v: validateLine(item.request, ctx) }),
  );
  // Revalidated at issue time (the competence may have closed since): a line no longer valid reports why.
  for (const { item, v } of lines.filter((l) => l.v.erros.length > 0)) {
    await deps.db.loteItem.updateMany({
      where: { id: item.id, status: 'aguardando_emissao' },
      data: { status: 'com_erro_validacao', erros: toJsonColumn(v.erros), updatedAt: now },
    });
  }
  const valid = lines.filter((l) => l.v.erros.length === 0);
  if (valid.length === 0) return;

  const first = await reserveDpsNumbers(deps, company.id, lote.environment, serie, valid.length);
  const built = await mapInSlices(valid, ({ item, v }, i) => {
    const numero = first + BigInt(i);
    const dps = buildDpsInput({
      environment: lote.environment as 'test',
      company: empresa,
      request: v.request!,
      resolved: v.resolved!,
      serie,
      numero,
      now,
    });
    // What the issuing system needs beyond the national fields; a line refused here leaves its DPS number unused.
    return {
      item,
      v,
      numero,
      dps,
      erros: provider.checkIssuance({ environment: lote.environment as 'test', company, request: v.request!, dps }),
    };
  });
  for (const { item, erros } of built.filter((b) => b.erros.length > 0)) {
    await deps.db.loteItem.updateMany({
      where: { id: item.id, status: 'aguardando_emissao' },
      data: { status: 'com_erro_validacao', erros: toJsonColumn(erros), updatedAt: now },
    });
  }
  const issuable = built.filter((b) => b.erros.length === 0);
  if (issuable.length === 0) return;
  const notes = await mapInSlices(issuable, ({ item, v, numero, dps }): { itemId: string; note: NewLoteNote } => {
    const document = provider.buildDocument({
      environment: lote.environment as 'test',
      company,
      request: v.request!,
      dps,
      signer,
    });
    const note: NewLoteNote = {
      id: item.nfseId!,
      accountId: lote.accountId,
      environment: lote.environment,
      companyId: company.id,
      referencia: v.request!.referencia ?? null,
      request: item.request,
      dps,
      valor: new Prisma.Decimal(v.request!.valor).toFixed(),
      competencia: v.resolved!.competencia,
      serie,
      numeroDps: numero,
      dpsId: document.id,
      simulacao: lote.simulacao,
      dpsXml: document.xml,
      ajustes: v.ajustes ?? [],
      regrasVersao: regrasVersao(),
      loteId: lote.id,
      timelineId: newId(),
      jobId: newId(),
    };
    return { itemId: item.id, note };
  });

  await deps.db.$transaction(async (tx) => {
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
    await insertLoteNotes(tx, mine, now);
    await tx.lote.updateMany({
      where: { id: lote.id },
      data: { pendentes: { increment: mine.length }, lockedUntil: leaseFrom(deps), updatedAt: now },
    });
  });
}

/**
 * `count` consecutive DPS numbers in one autocommit statement (numbers must be unique, not gapless; see
 * issue-nfse.ts): returns the first.
 */
async function reserveDpsNumbers(
  deps: Pick<TransmissionDeps, 'db'>,
  companyId: string,
  environment: string,
  serie: string,
  count: number,
): Promise<bigint> {
  const n = BigInt(count);
  const [row] = await deps.db.$queryRaw<Array<{ primeiro: bigint }>>`
    INSERT INTO dps_sequences (company_id, environment, serie, next) VALUES (${companyId}::uuid, ${environment}, ${serie}, ${n + 1n}::bigint)
    ON CONFLICT (company_id, environment, serie) DO UPDATE SET next = dps_sequences.next + ${n}::bigint
    RETURNING next - ${n}::bigint AS primeiro`;
  return BigInt(row!.primeiro);
}
