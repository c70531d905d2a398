import type { Principal } from '../chaves/principal.js';
import type { EngineDeps } from '../engine-deps.js';
import type { ErrorItem } from '../errors.js';
import { TABELA_CEST, TABELA_NCM } from '../catalogos/versao-tabela.js';
import { cest as cestOf, ncm as ncmOf } from '../tabelas/index.js';
import type { Criterios } from './criterios-fields.js';

/**
 * Criteria against the official tables and the company's catalogue: a CEST that is not in the table, a complete
 * NCM that is not an NCM item, or a product the company does not have would make a rule that never applies.
 */
export async function checkCriterios(
  deps: Pick<EngineDeps, 'db'>,
  principal: Principal,
  companyId: string,
  criterios: Criterios,
): Promise<ErrorItem[]> {
  const erros: ErrorItem[] = [];
  const { ncmPrefixo, cest, produto } = criterios;
  if (ncmPrefixo?.length === 8 && !ncmOf(ncmPrefixo)) {
    erros.push({
      codigo: 'ncm_inexistente',
      campo: '/criterios/ncm_prefixo',
      mensagem: `NCM ${ncmPrefixo} não existe na tabela NCM do Siscomex (${TABELA_NCM.versao})`,
      correcao: 'Informe um NCM da tabela, ou só o seu início (capítulo, posição) para abranger vários.',
    });
  }
  if (cest && !cestOf(cest)) {
    erros.push({
      codigo: 'cest_inexistente',
      campo: '/criterios/cest',
      mensagem: `CEST ${cest} não existe na tabela CEST do CONFAZ (${TABELA_CEST.versao})`,
      correcao: 'Informe o CEST de 7 dígitos do anexo do segmento.',
    });
  }
  if (produto) {
    const found = await deps.db.produto.count({
      where: { accountId: principal.accountId, environment: principal.environment, companyId, sku: produto },
    });
    if (!found) {
      erros.push({
        codigo: 'produto_nao_encontrado',
        campo: '/criterios/produto',
        mensagem: `Produto com SKU ${produto} não encontrado no catálogo da empresa neste ambiente.`,
        correcao: 'Cadastre o produto em POST /v1/produtos ou confira o SKU.',
      });
    }
  }
  return erros;
}
