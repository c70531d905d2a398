import {
  classificacaoAplicavel,
  classificacaoIbsCbs,
  classificacaoVigente,
  reducaoIbsCbs,
  TABELA_CLASSIFICACAO_IBS_CBS,
} from '../tabelas/index.js';
import type { ReducaoIbsCbs } from '../tabelas/index.js';
import type { ReadinessItem } from './readiness-items.js';

const ITEM = 'reducao_ibs_cbs';
const ORIGEM = { fonte: TABELA_CLASSIFICACAO_IBS_CBS.fonte, versao: TABELA_CLASSIFICACAO_IBS_CBS.versao };

const percentuais = (r: { pRedCBS: string; pRedIBSUF: string; pRedIBSMun: string }) =>
  r.pRedCBS === r.pRedIBSUF && r.pRedCBS === r.pRedIBSMun
    ? `${r.pRedCBS}%`
    : `CBS ${r.pRedCBS}%, IBS UF ${r.pRedIBSUF}%, IBS municipal ${r.pRedIBSMun}%`;
const descrever = (r: ReducaoIbsCbs) =>
  `cClassTrib ${r.cClassTrib} (${r.descricao.replace(/\.$/, '')}): redução de ${percentuais(r)}, ${r.fundamentacao}`;

const item = (situacao: 'ok' | 'aviso', mensagem: string, correcao: string | null): ReadinessItem => ({
  item: ITEM,
  situacao,
  mensagem,
  correcao,
  ...ORIGEM,
});

/**
 * `reducao_ibs_cbs`: the company's default IBS/CBS classification (what its NFS-e carry when a note sends none)
 * beside the reductions LC 214/2025 foresees for its default NBS, both read from the official classification table.
 * A reduction depends on conditions of the law the table cannot check, so a foreseen one the company has not
 * classified is an `aviso` to confirm, never a block; a default the notes would be refused for (out of force, not
 * foreseen for the default NBS, no operation indicator) is an `aviso` too, since a note may still send its own.
 */
export function reducaoIbsCbsItem(padroes: Record<string, unknown>, now: Date): ReadinessItem {
  const dia = now.toISOString().slice(0, 10);
  const nbs = typeof padroes.nbs === 'string' ? padroes.nbs : null;
  const reducoes = nbs ? reducaoIbsCbs(nbs, dia) : [];
  const padrao = (padroes.ibs_cbs ?? null) as { c_class_trib?: string; indicador_operacao?: string } | null;

  if (padrao?.c_class_trib) {
    const c = classificacaoIbsCbs(padrao.c_class_trib);
    const corrigir = 'Atualize padroes.ibs_cbs da empresa, ou envie servico.ibs_cbs em cada nota.';
    if (!c || !c.validoNfse)
      return item(
        'aviso',
        `O cClassTrib padrão ${padrao.c_class_trib} não é aceito em NFS-e pela tabela oficial.`,
        corrigir,
      );
    if (!classificacaoVigente(c, dia))
      return item(
        'aviso',
        `O cClassTrib padrão ${c.cClassTrib} não está em vigor hoje (vigência ${c.inicio} a ${c.fim ?? 'em aberto'}).`,
        corrigir,
      );
    if (c.listaNbs && (!nbs || !classificacaoAplicavel(c, 'NBS', nbs, dia))) {
      return item(
        'aviso',
        `O cClassTrib padrão ${c.cClassTrib} aplica-se só às NBS da sua lista, e a NBS padrão ${nbs ?? '(nenhuma)'} não está nela.`,
        'Configure padroes.nbs com a NBS do serviço, ou escolha o cClassTrib previsto para ela.',
      );
    }
    if (!padrao.indicador_operacao) {
      return item(
        'aviso',
        `cClassTrib padrão ${c.cClassTrib}, sem indicador da operação (cIndOp) padrão: cada NFS-e precisará de servico.ibs_cbs.indicador_operacao.`,
        'Informe padroes.ibs_cbs.indicador_operacao da empresa.',
      );
    }
    const aplicada = reducoes.find((r) => r.cClassTrib === c.cClassTrib);
    if (aplicada)
      return item(
        'ok',
        `As NFS-e levam a redução de IBS/CBS prevista para a NBS padrão ${nbs}: ${descrever(aplicada)}.`,
        null,
      );
    const outras = reducoes.length
      ? ` A tabela também prevê para a NBS padrão ${nbs}: ${reducoes.map(descrever).join('; ')}; use-a se a empresa cumprir as condições.`
      : '';
    return item(
      'ok',
      `As NFS-e levam o cClassTrib padrão ${c.cClassTrib} (${c.descricao.replace(/\.$/, '')}, CST ${c.cst}).${outras}`,
      null,
    );
  }

  if (!nbs)
    return item(
      'ok',
      'Sem NBS padrão nem classificação do IBS/CBS padrão: a redução de IBS/CBS não é avaliada para a empresa.',
      null,
    );
  if (reducoes.length === 0) return item('ok', `Nenhuma redução de IBS/CBS prevista para o NBS padrão ${nbs}.`, null);
  return item(
    'aviso',
    `Redução de IBS/CBS prevista para o NBS padrão ${nbs}: ${reducoes.map(descrever).join('; ')}.`,
    'A redução depende das condições da lei citada: confirme com a contabilidade se a empresa as cumpre e, se cumprir, informe o cClassTrib em padroes.ibs_cbs (ou em servico.ibs_cbs de cada nota).',
  );
}
