import type { Company, Nfse } from '../../generated/prisma/client.js';
import type { Principal } from '../chaves/principal.js';
import type { EngineDeps } from '../engine-deps.js';
import { readJsonColumn } from '../nucleo/json-column.js';
import type { ExportFile, ExportItem } from '../nucleo/write-export.js';
import { exportFileName } from '../nucleo/export-file-name.js';
import type { DpsInput } from './nacional/dps-input.js';
import type { NfseView } from './nacional/read-nfse-xml.js';
import { renderDanfseView } from './nacional/render-danfse.js';
import { readDanfseView } from './read-danfse-view.js';

/**
 * The columns of the NFS-e export (CSV, and the ZIP's index). Values are decimal strings with a point. For a note
 * with an authorised document they are the document's (the national NFS-e, or for a municipality's own system the
 * values its DANFSe prints); for a note without one (rejected, failed, in transmission) only the declared values
 * (service, discounts, rate) are filled, the computed ones (base, ISS, retention, net) are empty.
 */
export const NFSE_EXPORT_COLUMNS = [
  'id',
  'referencia',
  'empresa_id',
  'status',
  'numero',
  'chave_acesso',
  'serie_dps',
  'numero_dps',
  'competencia',
  'data_emissao',
  'criada_em',
  'autorizada_em',
  'cancelada_em',
  'prestador_documento',
  'prestador_nome',
  'tomador_documento',
  'tomador_nome',
  'codigo_servico',
  'valor_servicos',
  'desconto_incondicionado',
  'desconto_condicionado',
  'base_calculo',
  'aliquota_iss',
  'valor_iss',
  'iss_retido',
  'valor_retido',
  'valor_liquido',
  'motivo_cancelamento',
  'substituida_por',
] as const;

const NUMERIC = new Set(
  [
    'valor_servicos',
    'desconto_incondicionado',
    'desconto_condicionado',
    'base_calculo',
    'aliquota_iss',
    'valor_iss',
    'valor_retido',
    'valor_liquido',
  ].map((c) => NFSE_EXPORT_COLUMNS.indexOf(c as (typeof NFSE_EXPORT_COLUMNS)[number])),
);

/** The indexes of NFSE_EXPORT_COLUMNS that hold numbers. */
export const NFSE_EXPORT_NUMERIC: ReadonlySet<number> = NUMERIC;

type CompanyName = Pick<Company, 'razaoSocial' | 'municipio'>;

interface StoredCancelamento {
  tipo?: string;
  motivo?: string;
  em?: string;
  evento_xml?: string;
}

/**
 * The export's items of the notes the list gave, page by page, in the list's order: each page's notes read once
 * more by id within the caller's account, environment and company restriction (the list already applied them;
 * this keeps a stray id from reaching another account's note). ZIP files: the NFS-e XML as stored, its DANFSe
 * (stamped when cancelled) and the cancellation event's XML where there is one, for notes that have a document.
 */
export async function* exportNfseItems(
  deps: Pick<EngineDeps, 'db'>,
  principal: Principal,
  idPages: AsyncIterable<string[]>,
): AsyncGenerator<ExportItem> {
  const companies = new Map<string, Promise<CompanyName>>();
  const companyOf = (note: Nfse) => () => {
    let found = companies.get(note.companyId);
    if (!found) {
      found = deps.db.company.findFirstOrThrow({
        where: { id: note.companyId, accountId: principal.accountId },
        select: { razaoSocial: true, municipio: true },
      });
      companies.set(note.companyId, found);
    }
    return found;
  };
  const names = new Set<string>();
  for await (const ids of idPages) {
    if (ids.length === 0) continue;
    const rows = await deps.db.nfse.findMany({
      where: {
        id: { in: ids },
        accountId: principal.accountId,
        environment: principal.environment,
        ...(principal.companyId ? { companyId: principal.companyId } : {}),
      },
    });
    const byId = new Map(rows.map((r) => [r.id, r]));
    for (const id of ids) {
      const note = byId.get(id);
      if (!note) continue;
      const view = note.nfseXml ? await readDanfseView({ ...note, nfseXml: note.nfseXml }, companyOf(note)) : null;
      yield {
        cells: nfseExportCells(note, view),
        files: () => (view ? filesOf(note as Nfse & { nfseXml: string }, view, names) : Promise.resolve([])),
      };
    }
  }
}

/** A note's export row, in NFSE_EXPORT_COLUMNS order; `view` is its authorised document's, when it has one. */
export function nfseExportCells(note: Nfse, view: NfseView | null): Array<string | null> {
  const dps = readJsonColumn<DpsInput>(note.dps);
  const cancelamento = readJsonColumn<StoredCancelamento | null>(note.cancelamento);
  const declared = dps.valores;
  const v = view?.valores;
  const cells: Record<(typeof NFSE_EXPORT_COLUMNS)[number], string | null | undefined> = {
    id: note.id,
    referencia: note.referencia,
    empresa_id: note.companyId,
    status: note.status,
    numero: note.numero,
    chave_acesso: note.chaveAcesso,
    serie_dps: note.serie,
    numero_dps: note.numeroDps.toString(),
    competencia: note.competencia,
    data_emissao: view?.dhEmi ?? dps.dhEmi,
    criada_em: note.createdAt.toISOString(),
    autorizada_em: note.authorizedAt?.toISOString(),
    cancelada_em: note.status === 'cancelada' ? cancelamento?.em : null,
    prestador_documento: view?.emitente.documento ?? dps.prest.CNPJ ?? dps.prest.CPF,
    prestador_nome: view?.emitente.nome,
    tomador_documento: view ? view.tomador?.documento : (dps.toma?.CNPJ ?? dps.toma?.CPF),
    tomador_nome: view ? view.tomador?.nome : dps.toma?.xNome,
    codigo_servico: view?.servico.cTribNac ?? dps.serv.cServ.cTribNac,
    valor_servicos: v?.vServ ?? declared.vServPrest.vServ,
    desconto_incondicionado: v ? v.vDescIncond : declared.vDescCondIncond?.vDescIncond,
    desconto_condicionado: v ? v.vDescCond : declared.vDescCondIncond?.vDescCond,
    base_calculo: v?.vBC,
    aliquota_iss: v ? v.pAliq : declared.trib.tribMun.pAliq,
    valor_iss: v?.vISSQN,
    iss_retido: (v?.tpRetISSQN ?? declared.trib.tribMun.tpRetISSQN) === '1' ? 'nao' : 'sim',
    valor_retido: v?.vTotalRet,
    valor_liquido: v?.vLiq,
    motivo_cancelamento:
      note.status !== 'cancelada'
        ? null
        : cancelamento?.tipo === 'substituicao'
          ? 'substituída'
          : (cancelamento?.motivo ?? null),
    substituida_por: note.substituidaPor,
  };
  return NFSE_EXPORT_COLUMNS.map((c) => cells[c] ?? null);
}

async function filesOf(note: Nfse & { nfseXml: string }, view: NfseView, names: Set<string>): Promise<ExportFile[]> {
  const base = exportFileName(names, `nfse-${note.numero ?? ''}-${note.chaveAcesso ?? note.id}`);
  const cancelamento = readJsonColumn<StoredCancelamento | null>(note.cancelamento);
  return [
    { name: `${base}.xml`, bytes: note.nfseXml },
    { name: `${base}.pdf`, bytes: await renderDanfseView(view, { cancelada: note.status === 'cancelada' }) },
    ...(cancelamento?.evento_xml ? [{ name: `${base}-cancelamento.xml`, bytes: cancelamento.evento_xml }] : []),
  ];
}
