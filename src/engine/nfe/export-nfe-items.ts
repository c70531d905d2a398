import type { Nfe } from '../../generated/prisma/client.js';
import type { Principal } from '../chaves/principal.js';
import type { EngineDeps } from '../engine-deps.js';
import { exportFileName } from '../nucleo/export-file-name.js';
import { readJsonColumn } from '../nucleo/json-column.js';
import type { ExportFile, ExportItem } from '../nucleo/write-export.js';
import { loadLibxml2 } from '../xml/libxml2.js';
import { readDanfeView, type DanfeView } from './danfe-view.js';
import { renderDanfe } from './render-danfe.js';

/**
 * The columns of the NF-e export (CSV, and the ZIP's index), read from the note's own XML: the nfeProc once the
 * authority answered, the NFe as signed before that (so a rejected note shows the values it was sent with).
 * Values are decimal strings with a point, as the XML writes them.
 */
export const NFE_EXPORT_COLUMNS = [
  'id',
  'referencia',
  'empresa_id',
  'status',
  'serie',
  'numero',
  'chave_acesso',
  'protocolo',
  'natureza_operacao',
  'data_emissao',
  'criada_em',
  'autorizada_em',
  'cancelada_em',
  'emitente_documento',
  'emitente_nome',
  'destinatario_documento',
  'destinatario_nome',
  'valor_produtos',
  'valor_desconto',
  'valor_frete',
  'valor_seguro',
  'valor_outros',
  'base_icms',
  'valor_icms',
  'base_icms_st',
  'valor_icms_st',
  'valor_ipi',
  'valor_pis',
  'valor_cofins',
  'valor_ibs',
  'valor_cbs',
  'valor_total_tributos',
  'valor_total',
  'motivo_cancelamento',
] as const;

type Column = (typeof NFE_EXPORT_COLUMNS)[number];

/** The indexes of NFE_EXPORT_COLUMNS that hold numbers. */
export const NFE_EXPORT_NUMERIC: ReadonlySet<number> = new Set(
  NFE_EXPORT_COLUMNS.flatMap((c, i) => (c.startsWith('valor_') || c.startsWith('base_') ? [i] : [])),
);

/** The event type of a cancellation (110111) as NfeEvento.tpEvento stores it. */
const CANCELAMENTO = '110111';

interface StoredCancelamento {
  justificativa?: string;
  registrado_em?: string | null;
}

/**
 * The export's items of the NF-e the list gave, page by page, in the list's order, each page read once more by id
 * within the caller's account, environment and company restriction. ZIP files, for an authorised or cancelled note:
 * the procNFe as stored, its DANFE (stamped when cancelled) and the cancellation's procEventoNFe where registered.
 */
export async function* exportNfeItems(
  deps: Pick<EngineDeps, 'db'>,
  principal: Principal,
  idPages: AsyncIterable<string[]>,
): AsyncGenerator<ExportItem> {
  await loadLibxml2();
  const names = new Set<string>();
  for await (const ids of idPages) {
    if (ids.length === 0) continue;
    const rows = await deps.db.nfe.findMany({
      where: {
        id: { in: ids },
        accountId: principal.accountId,
        environment: principal.environment,
        ...(principal.companyId ? { companyId: principal.companyId } : {}),
      },
      include: {
        eventos: { where: { tpEvento: CANCELAMENTO, situacao: 'registrado' }, select: { xml: true } },
      },
    });
    const byId = new Map(rows.map((r) => [r.id, r]));
    for (const id of ids) {
      const note = byId.get(id);
      if (!note) continue;
      const view = readDanfeView(note.procXml ?? note.xml);
      const proc = note.status === 'autorizada' || note.status === 'cancelada' ? note.procXml : null;
      yield {
        cells: cellsOf(note, view),
        files: () =>
          proc ? filesOf(note, proc, note.eventos[0]?.xml ?? null, names) : Promise.resolve([] as ExportFile[]),
      };
    }
  }
}

function cellsOf(note: Nfe, view: DanfeView): Array<string | null> {
  const cancelamento = readJsonColumn<StoredCancelamento | null>(note.cancelamento);
  const cancelada = note.status === 'cancelada';
  const t = view.totais;
  const cells: Record<Column, string | null | undefined> = {
    id: note.id,
    referencia: note.referencia,
    empresa_id: note.companyId,
    status: note.status,
    serie: note.serie,
    numero: note.numero.toString(),
    chave_acesso: note.chaveAcesso,
    protocolo: note.protocolo,
    natureza_operacao: view.natOp,
    data_emissao: view.dhEmi,
    criada_em: note.createdAt.toISOString(),
    autorizada_em: note.authorizedAt?.toISOString(),
    cancelada_em: cancelada ? cancelamento?.registrado_em : null,
    emitente_documento: view.emitente.documento,
    emitente_nome: view.emitente.nome,
    destinatario_documento: view.destinatario?.documento,
    destinatario_nome: view.destinatario?.nome,
    valor_produtos: t.vProd,
    valor_desconto: t.vDesc,
    valor_frete: t.vFrete,
    valor_seguro: t.vSeg,
    valor_outros: t.vOutro,
    base_icms: t.vBC,
    valor_icms: t.vICMS,
    base_icms_st: t.vBCST,
    valor_icms_st: t.vST,
    valor_ipi: t.vIPI,
    valor_pis: t.vPIS,
    valor_cofins: t.vCOFINS,
    valor_ibs: view.ibsCbs?.vIBS,
    valor_cbs: view.ibsCbs?.vCBS,
    valor_total_tributos: t.vTotTrib,
    valor_total: t.vNF,
    motivo_cancelamento: cancelada ? cancelamento?.justificativa : null,
  };
  return NFE_EXPORT_COLUMNS.map((c) => cells[c] ?? null);
}

async function filesOf(note: Nfe, proc: string, cancelamento: string | null, names: Set<string>) {
  const base = exportFileName(names, `nfe-${note.chaveAcesso}`);
  return [
    { name: `${base}.xml`, bytes: proc },
    { name: `${base}.pdf`, bytes: await renderDanfe(proc, { cancelada: note.status === 'cancelada' }) },
    ...(cancelamento ? [{ name: `${base}-cancelamento.xml`, bytes: cancelamento }] : []),
  ];
}
