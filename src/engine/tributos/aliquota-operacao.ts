import { aliquotaIcmsInterna } from './aliquota-icms-interna.js';
import { aliquotaInterestadual } from './aliquota-interestadual.js';
import type { ItemTributavel, OperacaoTributavel } from './item-tributavel.js';
import type { FonteTabela } from './regra-tributaria.js';

/** The rate of an item's own ICMS, the table it came from, the rule's name and why it applies. */
export interface AliquotaOperacao {
  aliquota: string;
  tabela: FonteTabela;
  regra: string;
  motivo: string;
}

/** The rate of the item's own ICMS: the product's rate or the UF's modal rate inside the UF, the interstate rate between UFs. */
export function aliquotaOperacao(item: ItemTributavel, op: OperacaoTributavel, interna: boolean): AliquotaOperacao {
  const uf = op.ufEmitente.toLowerCase();
  if (!interna) {
    const inter = aliquotaInterestadual(op.ufEmitente, op.ufDestinatario, item.origem);
    return {
      aliquota: inter.aliquota,
      tabela: inter as FonteTabela,
      regra: inter.importado
        ? `icms_${uf}_interestadual_importado`
        : `icms_${uf}_interestadual_${op.ufDestinatario.toLowerCase()}`,
      motivo: inter.importado
        ? `interestadual de 4 % para mercadoria de origem ${item.origem}, importada ou com conteúdo de importação acima de 40 %`
        : `interestadual de ${op.ufEmitente} para ${op.ufDestinatario}`,
    };
  }
  const propria = item.perfil.icms?.aliquota;
  if (propria) {
    return {
      aliquota: propria,
      tabela: {
        versao: 'perfil-do-produto',
        fonte: 'alíquota do perfil tributário do produto (tributacao.icms.aliquota)',
      },
      regra: `icms_${uf}_aliquota_do_produto`,
      motivo: 'alíquota interna própria do produto, do seu perfil tributário',
    };
  }
  const modal = aliquotaIcmsInterna(op.ufEmitente, op.dia);
  return {
    aliquota: modal.aliquota,
    tabela: modal as FonteTabela,
    regra: `icms_${uf}_aliquota_interna`,
    motivo: `alíquota interna modal de ${op.ufEmitente}`,
  };
}
