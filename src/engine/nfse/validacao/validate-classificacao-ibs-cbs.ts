import {
  classificacaoAplicavel,
  classificacaoIbsCbs,
  classificacaoVigente,
  TABELA_CLASSIFICACAO_IBS_CBS,
} from '../../tabelas/index.js';
import type { Coletor } from '../../nucleo/coletor.js';
import type { ValoresEfetivos } from '../ajustes/compute-adjustments.js';
import type { IbsCbsServico } from './nfse-request.js';

const BASE = '/servico/ibs_cbs';
const CAMPO_CLASSIFICACAO = `${BASE}/c_class_trib`;

/**
 * The effective IBS/CBS classification (request or company default) against the official table, on the
 * competence's first day (the DPS dCompet): a code of the table, valid on the NFS-e, in force, whose NBS list (when
 * it has one) names the service's NBS, with the CST the table gives it. The DPS carries only CST, cClassTrib and
 * cIndOp: codes whose layout groups need more (deferral percentages, the regular taxation, a presumed credit) are
 * refused rather than sent incomplete.
 */
export function validateClassificacaoIbsCbs(
  resolved: ValoresEfetivos,
  enviado: IbsCbsServico | undefined,
  c: Coletor,
): void {
  const g = resolved.ibs_cbs;
  if (!g) {
    if (enviado) {
      c.obrigatorio(
        CAMPO_CLASSIFICACAO,
        'O cClassTrib do IBS/CBS',
        'Informe servico.ibs_cbs.c_class_trib (6 dígitos da tabela oficial) ou configure o cClassTrib padrão da empresa.',
      );
    }
    return;
  }
  const deOnde = resolved.ibs_cbs_origem === 'padrao' ? ' (padrão da empresa)' : '';
  const dia = `${resolved.competencia}-01`;
  const tabela = classificacaoIbsCbs(g.c_class_trib);
  const versao = `tabela de classificação tributária ${TABELA_CLASSIFICACAO_IBS_CBS.versao}`;
  if (!tabela) {
    c.add(
      'c_class_trib_inexistente',
      CAMPO_CLASSIFICACAO,
      `O cClassTrib ${g.c_class_trib}${deOnde} não existe na ${versao} do IBS/CBS.`,
      'Informe um cClassTrib de 6 dígitos da tabela oficial (por exemplo 000001 para tributação integral) ou corrija o padrão da empresa.',
    );
    return;
  }
  checkApplicability(c, {
    tabela,
    nome: `O cClassTrib ${g.c_class_trib}${deOnde} (${tabela.descricao.replace(/\.$/, '')})`,
    cClassTrib: g.c_class_trib,
    resolved,
    dia,
  });
  if (g.cst && g.cst !== tabela.cst) {
    c.add(
      'cst_ibs_cbs_divergente',
      `${BASE}/cst`,
      `O CST ${g.cst} não corresponde ao cClassTrib ${g.c_class_trib}, que a tabela oficial classifica no CST ${tabela.cst} (${tabela.cstDescricao}).`,
      `Informe o CST ${tabela.cst} ou omita servico.ibs_cbs.cst para que o serviço o derive da tabela.`,
    );
  }
  if (!g.indicador_operacao) {
    c.obrigatorio(
      `${BASE}/indicador_operacao`,
      'O indicador da operação do IBS/CBS (cIndOp)',
      'Informe servico.ibs_cbs.indicador_operacao (6 dígitos da tabela "código indicador de operação" do Sistema Nacional NFS-e) ou configure o padrão da empresa.',
    );
  }
}

interface Applicability {
  tabela: NonNullable<ReturnType<typeof classificacaoIbsCbs>>;
  /** How messages name the classification: its code, where it came from and its description. */
  nome: string;
  cClassTrib: string;
  resolved: ValoresEfetivos;
  /** The competence's first day. */
  dia: string;
}

/** Whether the table lets the classification be used here: on an NFS-e, in force, with what the DPS carries, for the NBS. */
function checkApplicability(c: Coletor, { tabela, nome, cClassTrib, resolved, dia }: Applicability): void {
  const exigidos = [
    ...(tabela.grupos.includes('gDif') ? ['gDif (percentuais do diferimento)'] : []),
    ...(tabela.exigeTribRegular ? ['gTribRegular (tributação regular)'] : []),
    ...(tabela.grupos.includes('gCredPresOper') ? ['cCredPres (crédito presumido)'] : []),
  ];
  if (!tabela.validoNfse) {
    c.add(
      'c_class_trib_nao_aplicavel',
      CAMPO_CLASSIFICACAO,
      `${nome} não é aceito em NFS-e; a tabela o admite em: ${tabela.documentos.join(', ') || 'nenhum documento'}.`,
      'Escolha um cClassTrib cujo uso em NFS-e a tabela oficial admite.',
    );
  } else if (!classificacaoVigente(tabela, dia)) {
    c.add(
      'c_class_trib_nao_aplicavel',
      CAMPO_CLASSIFICACAO,
      `${nome} não está em vigor na competência ${resolved.competencia} (vigência ${tabela.inicio} a ${tabela.fim ?? 'em aberto'}).`,
      'Escolha um cClassTrib vigente na competência da nota.',
    );
  } else if (exigidos.length) {
    c.add(
      'c_class_trib_nao_suportado',
      CAMPO_CLASSIFICACAO,
      `${nome} exige na DPS ${exigidos.join(' e ')}, que o serviço ainda não preenche.`,
      'Emita esta operação pelo emissor nacional, ou use um cClassTrib que exija só CST e classificação.',
    );
  } else if (tabela.listaNbs && !resolved.nbs) {
    c.obrigatorio(
      '/servico/nbs',
      `A NBS do serviço (o cClassTrib ${cClassTrib} aplica-se só a NBS da sua lista)`,
      'Informe servico.nbs (9 dígitos) ou configure a NBS padrão da empresa.',
    );
  } else if (tabela.listaNbs && resolved.nbs && !classificacaoAplicavel(tabela, 'NBS', resolved.nbs, dia)) {
    c.add(
      'c_class_trib_nao_aplicavel',
      CAMPO_CLASSIFICACAO,
      `${nome} não se aplica à NBS ${resolved.nbs}: a tabela oficial o limita a outra lista de NBS.`,
      'Escolha o cClassTrib previsto para a NBS do serviço, ou revise servico.nbs.',
    );
  }
}
