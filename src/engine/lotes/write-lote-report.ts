import { PassThrough, type Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { Principal } from '../chaves/principal.js';
import type { EngineDeps } from '../engine-deps.js';
import { findLote } from './find-lote.js';
import { loteItemRows } from './list-lote-itens.js';

const PAGE = 500;

/** The report's media type (an Office Open XML workbook). */
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * `GET /v1/lotes/{id}/relatorio` (and the panel's `GET /painel/api/lotes/{id}/relatorio`): an .xlsx with one row per line (status, note number, access key, codes and
 * messages). Written by exceljs' streaming writer while lines are read a page at a time, so neither the sheet
 * nor the batch is ever whole in memory.
 */
export async function writeLoteReport(
  deps: Pick<EngineDeps, 'db' | 'logger'>,
  principal: Principal,
  id: string,
): Promise<Readable> {
  const lote = await findLote(deps, principal, id);
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false });
  const sheet = workbook.addWorksheet('Resultado');
  sheet.columns = [
    { header: 'linha', key: 'linha' },
    { header: 'referencia', key: 'referencia' },
    { header: 'status', key: 'status' },
    { header: 'numero', key: 'numero' },
    { header: 'chave_acesso', key: 'chave_acesso' },
    { header: 'nfse_id', key: 'nfse_id' },
    { header: 'codigos', key: 'codigos' },
    { header: 'mensagens', key: 'mensagens' },
  ];
  const write = async () => {
    for (let after = 0; ;) {
      const rows = await loteItemRows(deps.db, lote.id, { afterLinha: after, take: PAGE });
      for (const r of rows) {
        const problems = [
          ...r.erros.map((e) => ({
            codigo: String(e.codigo),
            mensagem: `${e.campo ? `${String(e.campo)}: ` : ''}${String(e.mensagem)}`,
          })),
          ...(r.rejeicao ? [{ codigo: r.rejeicao.codigo_oficial ?? 'rejeitada', mensagem: r.rejeicao.mensagem }] : []),
          ...(r.falha ? [{ codigo: 'falha_transmissao', mensagem: r.falha.motivo }] : []),
        ];
        sheet
          .addRow({
            linha: r.linha,
            referencia: r.referencia,
            status: r.status,
            numero: r.numero,
            chave_acesso: r.chave_acesso,
            nfse_id: r.nfse_id,
            codigos: problems.map((p) => p.codigo).join('; '),
            mensagens: problems.map((p) => p.mensagem).join('\n'),
          })
          .commit();
      }
      if (rows.length < PAGE) break;
      after = rows.at(-1)!.linha;
    }
    sheet.commit();
    await workbook.commit();
  };
  write().catch((err) => {
    deps.logger.error({ err, loteId: lote.id }, 'batch report failed');
    out.destroy(err as Error);
  });
  return out;
}
