import type { Principal } from '../chaves/principal.js';
import type { EngineDeps } from '../engine-deps.js';
import type { RegraDaEmpresa } from '../regras-tributarias/resolve-tributacao.js';
import type { ProdutoDoCatalogo } from './operacao-tributavel.js';

/** The catalogue products of a note's items and the company's tax rules the engine computes them with. */
export interface ProdutosERegras {
  produtos: Map<string, ProdutoDoCatalogo>;
  /** The company's active rules in the key's environment (at most REGRAS_POR_EMPRESA): they override the product's profile (produtoComRegras). */
  regras: RegraDaEmpresa[];
}

type Criterios = RegraDaEmpresa['criterios'];
type LinhaDaRegra = Omit<RegraDaEmpresa, 'criterios'> & { [K in keyof Criterios]-?: Criterios[K] | null };

/**
 * The products of these SKUs in the company and its active tax rules, in one named statement (EngineDeps.sql):
 * every calculated or checked note reads both, where two Prisma queries cost more of the client's work than the
 * taxes of a note's items do.
 */
export async function loadProdutosERegras(
  deps: Pick<EngineDeps, 'sql'>,
  principal: Principal,
  companyId: string,
  skus: string[],
): Promise<ProdutosERegras> {
  const [row] = await deps.sql<{ produtos: ProdutoDoCatalogo[]; regras: LinhaDaRegra[] }>(
    'nfe_produtos_e_regras',
    PRODUTOS_E_REGRAS,
    [principal.accountId, principal.environment, companyId, [...new Set(skus)]],
  );
  return {
    produtos: new Map(row!.produtos.map((p) => [p.sku, p])),
    regras: row!.regras.map((r) => {
      const { ncmPrefixo, cest, produto, operacao, ufOrigem, ufDestino, contribuinte } = r;
      const criterios = { ncmPrefixo, cest, produto, operacao, ufOrigem, ufDestino, contribuinte };
      return {
        id: r.id,
        descricao: r.descricao,
        // A null column is a criterion left out.
        criterios: Object.fromEntries(Object.entries(criterios).filter(([, x]) => x != null)) as Criterios,
        tributacao: r.tributacao,
        criadoEm: r.criadoEm,
        atualizadoEm: r.atualizadoEm,
      };
    }),
  };
}

// $1 account, $2 environment, $3 company, $4 the SKUs. The instants as toISOString writes them (the columns keep
// milliseconds): among equally specific rules the older wins, and an adjustment names the rule's version.
const ISO = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const PRODUTOS_E_REGRAS = `
  SELECT
    (SELECT coalesce(json_agg(json_build_object('sku', sku, 'descricao', descricao, 'ncm', ncm, 'cest', cest,
        'gtin', gtin, 'unidade', unidade, 'origem', origem, 'tributacao', tributacao)), '[]'::json)
      FROM produtos
      WHERE account_id = $1::uuid AND environment = $2::"Environment" AND company_id = $3::uuid
        AND sku = ANY($4::text[])) AS produtos,
    (SELECT coalesce(json_agg(json_build_object('id', id, 'descricao', descricao, 'ncmPrefixo', ncm_prefixo,
        'cest', cest, 'produto', produto, 'operacao', operacao, 'ufOrigem', uf_origem, 'ufDestino', uf_destino,
        'contribuinte', contribuinte, 'tributacao', tributacao, 'criadoEm', ${ISO('created_at')},
        'atualizadoEm', ${ISO('updated_at')})), '[]'::json)
      FROM regras_tributarias
      WHERE account_id = $1::uuid AND environment = $2::"Environment" AND company_id = $3::uuid AND ativa)
      AS regras`;
