import { Prisma, type Lote } from '../../generated/prisma/client.js';
import type { TransmissionDeps } from '../transmissao/transmission-deps.js';
import { newId } from '../nucleo/new-id.js';
import type { ValidationIssue } from '../nucleo/validation-issue.js';
import { leaseFrom } from './lease-from.js';
import { lineContext } from './line-context.js';
import { publishLote } from '../eventos/lote-topic.js';
import { takenReferences } from './taken-references.js';
import { validateLine } from './validate-line.js';

const INSERT_CHUNK = 1000;

/**
 * `validando` → `processando` (emitir_validas) or `aguardando_emissao` (aguardar). Every line is
 * validated in memory, then stored with multi-row inserts, one statement (and transaction) per chunk. A resumed
 * validation starts over: lines a dead process stored are replaced, so each line is stored exactly once.
 */
export async function validateLote(deps: Pick<TransmissionDeps, 'db' | 'clock' | 'pubsub' | 'national' | 'secrets'>, lote: Lote): Promise<void> {
  const company = await deps.db.company.findUniqueOrThrow({ where: { id: lote.companyId }, include: { certificate: true } });
  const itens = Array.isArray(lote.entrada) ? (lote.entrada as unknown[]) : [];
  const ctx = await lineContext(deps, lote.environment, company, itens);
  const now = ctx.now;

  const firstLine = new Map<string, number>();
  const lines = itens.map((item, i) => {
    const linha = i + 1;
    const result = validateLine(item, ctx);
    const referencia = typeof (item as { referencia?: unknown })?.referencia === 'string' ? ((item as { referencia: string }).referencia) : null;
    const erros: ValidationIssue[] = [...result.erros];
    if (referencia !== null && erros.length === 0) {
      const earlier = firstLine.get(referencia);
      if (earlier !== undefined) {
        erros.push({
          codigo: 'referencia_duplicada', campo: '/referencia', mensagem: `A referência ${referencia} já está na linha ${earlier} deste lote.`,
          correcao: 'Use uma referência diferente em cada linha.',
        });
      } else firstLine.set(referencia, linha);
    }
    return { linha, item, referencia, erros };
  });
  const taken = await takenReferences(deps.db, company.id, lote.environment, [...firstLine.keys()]);

  const rows: Prisma.LoteItemCreateManyInput[] = lines.map((l) => {
    const status = l.erros.length ? 'com_erro_validacao' : l.referencia !== null && taken.has(l.referencia) ? 'ja_existente' : 'aguardando_emissao';
    return {
      id: newId(),
      loteId: lote.id,
      linha: l.linha,
      referencia: l.referencia !== null ? l.referencia.slice(0, 200) : null,
      status,
      request: (l.item ?? Prisma.JsonNull) as Prisma.InputJsonValue,
      erros: l.erros.length ? (l.erros as unknown as Prisma.InputJsonValue) : Prisma.DbNull,
      nfseId: status === 'aguardando_emissao' ? newId() : null,
      updatedAt: now,
    };
  });
  await deps.db.loteItem.deleteMany({ where: { loteId: lote.id } });
  for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
    await deps.db.loteItem.createMany({ data: rows.slice(i, i + INSERT_CHUNK) });
  }
  const next = lote.aoValidar === 'aguardar' ? 'aguardando_emissao' : 'processando';
  const validated = await deps.db.lote.updateMany({
    where: { id: lote.id, status: 'validando' },
    data: { status: next, entrada: Prisma.DbNull, lockedUntil: next === 'processando' ? leaseFrom(deps) : null, updatedAt: deps.clock.now() },
  });
  if (validated.count) await publishLote(deps, lote);
}
