import type { Principal } from '../chaves/principal.js';
import type { EngineDeps } from '../engine-deps.js';
import type { CompanyWithCertificate } from '../empresas/present-company.js';
import { EngineError } from '../errors.js';
import { Coletor } from '../nucleo/coletor.js';
import type { ValidationIssue } from '../nucleo/validation-issue.js';
import { computeTributos, type TributosDoItem } from '../tributos/compute-tributos.js';
import { ForaDeCobertura } from '../tributos/fora-de-cobertura.js';
import { TributoRecusado } from '../tributos/tributo-recusado.js';
import type { OperacaoTributavel } from '../tributos/item-tributavel.js';
import { nfeAjuste, type NfeAjuste } from './nfe-ajuste.js';
import { invalidNfeRequest, type NfeBody, type Operacao } from './nfe-body.js';
import type { NfeItemBody } from './nfe-item-body.js';
import { camelMembers } from './nfe-member.js';
import { itemTributavel, operacaoTributavel, semTributacao, type ProdutoDoCatalogo } from './operacao-tributavel.js';
import { itensDaOrigem } from './itens-da-origem.js';
import { ajustesRegrasEmpresa, regrasDoCampo } from './ajustes-regras-empresa.js';
import { produtoComRegras } from './produto-com-regras.js';
import { loadProdutosERegras } from './load-produtos-e-regras.js';
import type { RegraDaEmpresa } from '../regras-tributarias/resolve-tributacao.js';
import { municipio } from '../tabelas/index.js';

/** The `informado` body `calcular` produced, and the adjustments of every value it calculated. */
export interface NfeCalculada {
  corpo: NfeBody;
  ajustes: NfeAjuste[];
}

const NATUREZAS: Record<Operacao, string> = {
  venda: 'Venda de mercadoria',
  venda_consumidor_final: 'Venda de mercadoria a consumidor final',
  bonificacao: 'Remessa em bonificação',
  remessa: 'Remessa de mercadoria',
  transferencia: 'Transferência de mercadoria',
  devolucao: 'Devolução de mercadoria',
};

/**
 * `modo` `calcular`: each item `{produto, quantidade, valor_unitario}` (and its desconto, frete, seguro,
 * outras_despesas) takes the catalogue product's description, NCM, origin, unit, GTIN and CEST, and the tax
 * engine computes its CFOP and every tax group from the product's tax profile, the company's regime and the
 * recipient. The result is the `informado` body the note is then judged and built from, so a calculated note
 * passes exactly the checks an informed one does. `remessa` and `transferencia` are informed operations:
 * their items carry their taxes and only the nature is filled; a `devolucao` takes each item `{produto,
 * quantidade}` with the origin note's taxes (itensDaOrigem). Outside the coverage:
 * 422 nfe_fora_de_cobertura naming each item and what is missing.
 */
export async function computeNfeTaxes(
  deps: Pick<EngineDeps, 'db' | 'sql' | 'clock'>,
  principal: Principal,
  company: CompanyWithCertificate,
  body: Partial<NfeBody>,
  issues: ValidationIssue[] = [],
): Promise<NfeCalculada> {
  const c = new Coletor();
  c.issues.push(...issues);
  const ajustes: NfeAjuste[] = [];
  const { operacao, subtipo, op } = operacaoTributavel(body, company, deps.clock.now(), c, ajustes);
  const corpo = informadoOf(body, operacao, ajustes);
  const linhas = (Array.isArray(body.itens) ? body.itens : []) as Partial<NfeItemBody>[];
  if (operacao === 'devolucao' && typeof body.chaveReferenciada === 'string') {
    const origem = c.issues.length
      ? null
      : await itensDaOrigem(
          deps,
          {
            principal,
            companyId: company.id,
            ufEmitente: municipio(company.municipio)!.uf,
            chave: body.chaveReferenciada,
            subtipo,
            linhas,
          },
          c,
          ajustes,
        );
    if (c.issues.length || !origem) throw invalidNfeRequest(c.issues);
    corpo.itens = origem.itens;
    if (body.tipoOperacao == null) corpo.tipoOperacao = origem.propria ? 'entrada' : 'saida';
    return { corpo, ajustes };
  }
  if (!op) {
    if (c.issues.length) throw invalidNfeRequest(c.issues);
    return { corpo, ajustes };
  }
  const { produtos, regras } = await loadProdutosERegras(
    deps,
    principal,
    company.id,
    linhas.map((l) => l.produto).filter((p): p is string => typeof p === 'string' && p !== ''),
  );
  corpo.itens = calculatedItems(linhas, { produtos, regras, op, c, ajustes });
  return { corpo, ajustes };
}

/** The `informado` body the request stands for: without the members of `calcular`, the nature and purpose filled. */
function informadoOf(body: Partial<NfeBody>, operacao: Operacao, ajustes: NfeAjuste[]): NfeBody {
  const { modo: _modo, operacao: _operacao, subtipo: _subtipo, pararEmDivergencia: _parar, ...informado } = body;
  const corpo = { ...informado, modo: 'informado' } as NfeBody;
  if (body.naturezaOperacao == null) {
    corpo.naturezaOperacao = NATUREZAS[operacao];
    ajustes.push({ ...nfeAjuste('nfe_natureza_da_operacao'), valor: NATUREZAS[operacao] });
  }
  if (operacao === 'devolucao' && body.finalidade == null) corpo.finalidade = 'devolucao';
  return corpo;
}

/** What the lines of a calculated operation are computed with, and where their problems and adjustments go. */
interface Calculo {
  produtos: Map<string, ProdutoDoCatalogo>;
  /** The company's active tax rules: they override the product's profile (produtoComRegras). */
  regras: RegraDaEmpresa[];
  op: OperacaoTributavel;
  c: Coletor;
  ajustes: NfeAjuste[];
}

/**
 * Each line as the `informado` item the tax engine makes of it. A line outside the engine's coverage is collected
 * apart: with problems in the body they are all 422 nfe_invalida, alone they are 422 nfe_fora_de_cobertura.
 */
function calculatedItems(linhas: Partial<NfeItemBody>[], calculo: Calculo): NfeItemBody[] {
  const { c } = calculo;
  const foraDeCobertura = new Coletor();
  const itens = linhas.map((linha, i) => calculatedItem(linha, `/itens/${i}`, calculo, foraDeCobertura));
  if (c.issues.length) throw invalidNfeRequest([...c.issues, ...foraDeCobertura.issues]);
  if (foraDeCobertura.issues.length) {
    throw new EngineError(
      'nfe_fora_de_cobertura',
      `O motor de tributos não cobre ${foraDeCobertura.issues.length === 1 ? 'um item' : `${foraDeCobertura.issues.length} itens`} desta nota: ${foraDeCobertura.issues[0]!.mensagem}`,
      {
        campo: foraDeCobertura.issues[0]!.campo,
        correcao: foraDeCobertura.issues[0]!.correcao,
        extra: { erros: foraDeCobertura.issues },
      },
    );
  }
  return itens as NfeItemBody[];
}

/** One line's item from its catalogue product and the taxes computed for it; null when it cannot be made. */
function calculatedItem(
  linha: Partial<NfeItemBody>,
  campo: string,
  { produtos, regras, op, c, ajustes }: Calculo,
  foraDeCobertura: Coletor,
): NfeItemBody | null {
  if (!linha.produto || c.temErroEm(campo)) return null;
  const doCatalogo = produtos.get(linha.produto);
  if (!doCatalogo) {
    c.add(
      'produto_nao_encontrado',
      `${campo}/produto`,
      `Produto ${linha.produto} não encontrado no catálogo da empresa.`,
      'Cadastre-o em POST /v1/produtos ou confira o código (SKU).',
    );
    return null;
  }
  const { produto, resolvida } = produtoComRegras(doCatalogo, op, regras);
  if (semTributacao(produto, `${campo}/produto`, c)) return null;
  try {
    const tributos = computeTributos(itemTributavel(produto, linha), op);
    ajustes.push(...ajustesRegrasEmpresa(campo, resolvida));
    for (const r of tributos.regras) {
      ajustes.push({
        campo: `${campo}${r.campo}`,
        acao: 'calculado',
        motivo: r.motivo,
        regra: r.regra,
        versao: r.versao,
        fonte: r.fonte,
        valor: r.valor,
        ...regrasDoCampo(r.campo, resolvida),
      });
    }
    return itemOf(linha, produto, tributos);
  } catch (err) {
    if (err instanceof TributoRecusado) {
      c.add(err.codigo, `${campo}${err.campo}`, err.message, err.correcao, err.codigoOficial);
      return null;
    }
    if (!(err instanceof ForaDeCobertura)) throw err;
    foraDeCobertura.add(
      'fora_de_cobertura',
      `${campo}${err.campo}`,
      err.message,
      'Envie a nota em modo informado, com os tributos deste item calculados, ou ajuste o perfil tributário do produto (GET /v1/nfe/cobertura diz o que o motor cobre).',
    );
    return null;
  }
}

/** The item: the product's codes, the line's amounts, and the CFOP and tax groups computed, in the declared shape. */
function itemOf(linha: Partial<NfeItemBody>, produto: ProdutoDoCatalogo, t: TributosDoItem): NfeItemBody {
  const grupos: Record<string, Record<string, string>> = { icms: camelMembers(t.icms) };
  if (t.pis !== undefined) grupos.pis = camelMembers(t.pis);
  if (t.cofins !== undefined) grupos.cofins = camelMembers(t.cofins);
  if (t.ipi !== undefined) grupos.ipi = camelMembers(t.ipi);
  if (t.icms_uf_dest !== undefined) grupos.icmsUfDest = camelMembers(t.icms_uf_dest);
  if (t.ibs_cbs !== undefined) grupos.ibsCbs = camelMembers(t.ibs_cbs);
  if (t.is !== undefined) grupos.is = camelMembers(t.is);
  const { produto: _produto, ...valores } = linha;
  return {
    codigo: produto.sku,
    descricao: produto.descricao,
    ncm: produto.ncm,
    origem: String(produto.origem),
    unidade: produto.unidade,
    ...(produto.gtin ? { gtin: produto.gtin } : {}),
    ...(produto.cest ? { cest: produto.cest } : {}),
    ...(t.c_benef ? { cBenef: t.c_benef } : {}),
    ...valores,
    cfop: t.cfop,
    ...grupos,
  } as NfeItemBody;
}
