import { reducaoIbsCbs } from '../tabelas/index.js';
import type { ReadinessItem } from './readiness-items.js';

const percentuais = (r: { pRedCBS: string; pRedIBSUF: string; pRedIBSMun: string }) =>
  r.pRedCBS === r.pRedIBSUF && r.pRedCBS === r.pRedIBSMun ? `${r.pRedCBS}%` : `CBS ${r.pRedCBS}%, IBS UF ${r.pRedIBSUF}%, IBS municipal ${r.pRedIBSMun}%`;

/**
 * `reducao_ibs_cbs`: whether LC 214/2025 foresees a reduced IBS/CBS rate for the company's default service, read
 * from the classification table by its default NBS. A reduction depends on conditions of the law the table cannot
 * check, so a foreseen one is an `aviso` for the company to confirm, never a block; without a default NBS there is
 * nothing to look up (the `nbs` item already asks for one).
 */
export function reducaoIbsCbsItem(padroes: Record<string, unknown>, now: Date): ReadinessItem {
  const nbs = typeof padroes.nbs === 'string' ? padroes.nbs : null;
  if (!nbs) {
    return { item: 'reducao_ibs_cbs', situacao: 'ok', mensagem: 'Sem NBS padrão: a redução de IBS/CBS não é avaliada para a empresa.', correcao: null };
  }
  const reducoes = reducaoIbsCbs(nbs, now.toISOString().slice(0, 10));
  if (reducoes.length === 0) {
    return { item: 'reducao_ibs_cbs', situacao: 'ok', mensagem: `Nenhuma redução de IBS/CBS prevista para o NBS padrão ${nbs}.`, correcao: null };
  }
  const lista = reducoes.map((r) => `cClassTrib ${r.cClassTrib} (${r.descricao.replace(/\.$/, '')}): redução de ${percentuais(r)}, ${r.fundamentacao}`).join('; ');
  return {
    item: 'reducao_ibs_cbs',
    situacao: 'aviso',
    mensagem: `Redução de IBS/CBS prevista para o NBS padrão ${nbs}: ${lista}.`,
    correcao: 'A redução depende das condições da lei citada: confirme com a contabilidade se a empresa as cumpre antes de aplicá-la.',
  };
}
