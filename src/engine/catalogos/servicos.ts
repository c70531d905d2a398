import { EngineError } from '../errors.js';
import { capitulosNbsAceitos, todosServicos, servicoNacional, type ServicoNacional } from '../tabelas/index.js';
import { codeCursor, containsWords, pageByCode, type CataloguePageOptions } from './page-by-code.js';
import { TABELA_SERVICOS } from './versao-tabela.js';

export interface ServicoCatalogo extends Omit<ServicoNacional, 'fonte'> {
  /** Where the entry comes from: `anexo_b`, or `especificacao` (construction codes absent from our Anexo B). */
  origem: ServicoNacional['fonte'];
  /** NBS chapters accepted with this code ("1.15"); empty when every NBS is accepted (see `nbsLivre`). */
  capitulosNbs: string[];
  nbsLivre: boolean;
}

const comNbs = ({ fonte: origem, ...s }: ServicoNacional): ServicoCatalogo => {
  const capitulosNbs = capitulosNbsAceitos(s.codigo);
  return { ...s, origem, capitulosNbs, nbsLivre: s.item === '99' || capitulosNbs.length === 0 };
};

export interface ListServicosOptions extends CataloguePageOptions {
  /** Code prefix ("01", "01.07", "0107") or words of the description. */
  q?: string | null;
}

/** `GET /v1/servicos`: the national service list with NBS correlation and ISS incidence, searchable and paged. */
export function listServicos(options: ListServicosOptions) {
  const q = options.q?.trim() ?? '';
  const codigo = /^[\d.]+$/.test(q) ? q.replaceAll('.', '') : null;
  const rows = todosServicos().filter((s) =>
    !q ? true : codigo !== null ? s.codigo.startsWith(codigo) : containsWords(`${s.descricao} ${s.descricaoItem}`, q),
  );
  const page = pageByCode('sv1', rows, options);
  return { ...TABELA_SERVICOS, itens: page.itens.map(comNbs), proximoCursor: page.proximoCursor, total: page.total };
}

export const servicoCursor = (servico: { codigo: string }): string => codeCursor('sv1', servico);

/** `GET /v1/servicos/{codigo}`: six digits, with or without dots ("01.07.01"). */
export function getServico(codigo: string): ServicoCatalogo & typeof TABELA_SERVICOS {
  const clean = codigo.replaceAll('.', '');
  const servico = /^\d{6}$/.test(clean) ? servicoNacional(clean) : null;
  if (!servico) {
    throw new EngineError('nao_encontrado', `Código de serviço ${codigo} não está na Lista de Serviços Nacional.`, {
      correcao: 'Use um cTribNac de seis dígitos; consulte GET /v1/servicos?q=…',
    });
  }
  return { ...comNbs(servico), ...TABELA_SERVICOS };
}
