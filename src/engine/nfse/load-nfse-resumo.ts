import type { Principal } from '../chaves/principal.js';
import type { EngineDeps } from '../engine-deps.js';
import { readJsonColumn } from '../nucleo/json-column.js';
import { NFSE_EXPORT_COLUMNS, nfseExportCells } from './export-nfse-items.js';
import type { DpsInput } from './nacional/dps-input.js';
import { presentNfseIbsCbs, type NfseIbsCbsResumo } from './present-nfse-ibs-cbs.js';
import { readDanfseView } from './read-danfse-view.js';

export type NfseResumo = Record<(typeof NFSE_EXPORT_COLUMNS)[number], string | null> & {
  descricao_servico: string | null;
  ibs_cbs: NfseIbsCbsResumo | null;
};

/**
 * A note's taker, service and amounts as the export's row gives them (the authorised document's values; for a
 * note without one, only the declared ones), plus the service description declared. Null for a note outside the
 * caller's account, environment or company restriction. The IBS/CBS: the declared classification with the amounts
 * the national system computed.
 */
export async function loadNfseResumo(
  deps: Pick<EngineDeps, 'db'>,
  principal: Principal,
  id: string,
): Promise<NfseResumo | null> {
  const note = await deps.db.nfse.findFirst({
    where: {
      id,
      accountId: principal.accountId,
      environment: principal.environment,
      ...(principal.companyId ? { companyId: principal.companyId } : {}),
    },
  });
  if (!note) return null;
  const company = () =>
    deps.db.company.findFirstOrThrow({
      where: { id: note.companyId, accountId: principal.accountId },
      select: { razaoSocial: true, municipio: true },
    });
  const view = note.nfseXml ? await readDanfseView({ ...note, nfseXml: note.nfseXml }, company) : null;
  const cells = nfseExportCells(note, view);
  const resumo = Object.fromEntries(NFSE_EXPORT_COLUMNS.map((c, i) => [c, cells[i] ?? null]));
  const dps = readJsonColumn<DpsInput>(note.dps);
  return {
    ...resumo,
    descricao_servico: dps.serv?.cServ?.xDescServ ?? null,
    ibs_cbs: presentNfseIbsCbs(dps, view),
  } as NfseResumo;
}
