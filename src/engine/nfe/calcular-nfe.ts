import type { Principal } from '../chaves/principal.js';
import type { EngineDeps } from '../engine-deps.js';
import type { CompanyWithCertificate } from '../empresas/present-company.js';
import { EngineError } from '../errors.js';
import { Coletor, lerObjeto, lerTexto, presente, type Objeto } from '../nucleo/coletor.js';
import { calcularTributos } from '../tributos/calcular-tributos.js';
import { ForaDeCobertura } from '../tributos/fora-de-cobertura.js';
import { lerDecimal } from './ler-campos.js';
import { nfeAjuste, type NfeAjuste } from './nfe-ajuste.js';
import { QUANTIDADE, VALOR, VALOR_UNITARIO } from './nfe-decimal.js';
import { CAMPOS_DO_MOTOR, itemTributavel, operacaoTributavel, produtosDoCatalogo, semTributacao, type Operacao } from './operacao-tributavel.js';
import { invalidNfeRequest } from './validate-nfe-request.js';
import { itensDaOrigem } from './itens-da-origem.js';
import { municipio } from '../tabelas/index.js';

/** The `informado` body `calcular` produced, and the adjustments of every value it calculated. */
export interface NfeCalculada {
  corpo: Objeto;
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

const CAMPOS_ITEM = ['produto', 'quantidade', 'valor_unitario', 'desconto', 'frete', 'seguro', 'outras_despesas'] as const;

/**
 * `modo` `calcular`: each item `{produto, quantidade, valor_unitario}` (and its desconto, frete, seguro,
 * outras_despesas) takes the catalogue product's description, NCM, origin, unit, GTIN and CEST, and the tax
 * engine computes its CFOP and every tax group from the product's tax profile, the company's regime and the
 * recipient. The result is the `informado` body the note is then judged and built from, so a calculated note
 * passes exactly the checks an informed one does. `remessa` and `transferencia` are informed operations (spec
 * 2.9): their items carry their taxes and only the nature is filled; a `devolucao` takes each item `{produto,
 * quantidade}` with the origin note's taxes (itensDaOrigem). Outside the coverage:
 * 422 nfe_fora_de_cobertura naming each item and what is missing.
 */
export async function calcularNfe(deps: Pick<EngineDeps, 'db' | 'clock'>, principal: Principal, company: CompanyWithCertificate, body: Objeto): Promise<NfeCalculada> {
  const c = new Coletor();
  const ajustes: NfeAjuste[] = [];
  const { operacao, subtipo, op } = operacaoTributavel(body, company, deps.clock.now(), c, ajustes);
  const corpo: Objeto = Object.fromEntries(Object.entries(body).filter(([k]) => k !== 'modo' && !(CAMPOS_DO_MOTOR as readonly string[]).includes(k)));
  corpo.modo = 'informado';
  if (!presente(body, 'natureza_operacao')) {
    corpo.natureza_operacao = NATUREZAS[operacao];
    ajustes.push({ ...nfeAjuste('nfe_natureza_da_operacao'), valor: NATUREZAS[operacao] });
  }
  if (operacao === 'devolucao' && !presente(body, 'finalidade')) corpo.finalidade = 'devolucao';
  if (operacao === 'devolucao' && typeof body.chave_referenciada === 'string') {
    lerLinhas(body, c, ['produto', 'quantidade']);
    const chave = body.chave_referenciada.replace(/\s/g, '').toUpperCase();
    const origem = c.issues.length ? null : await itensDaOrigem(deps, principal, company.id, municipio(company.municipio)!.uf, chave, subtipo, body, c, ajustes);
    if (c.issues.length || !origem) throw invalidNfeRequest(c.issues);
    corpo.itens = origem.itens;
    if (!presente(body, 'tipo_operacao')) corpo.tipo_operacao = origem.propria ? 'entrada' : 'saida';
    return { corpo, ajustes };
  }
  if (!op) {
    if (c.issues.length) throw invalidNfeRequest(c.issues);
    return { corpo, ajustes };
  }
  const linhas = lerLinhas(body, c);
  const produtos = await produtosDoCatalogo(deps, principal, company.id, linhas.map((l) => l.produto).filter((p): p is string => !!p));
  const foraDeCobertura: Coletor = new Coletor();
  const itens = linhas.map((linha, i) => {
    const campo = `/itens/${i}`;
    if (!linha.produto || c.temErroEm(campo)) return null;
    const produto = produtos.get(linha.produto);
    if (!produto) {
      c.add('produto_nao_encontrado', `${campo}/produto`, `Produto ${linha.produto} não encontrado no catálogo da empresa.`, 'Cadastre-o em POST /v1/produtos ou confira o código (SKU).');
      return null;
    }
    if (semTributacao(produto, `${campo}/produto`, c)) return null;
    try {
      const t = calcularTributos(itemTributavel(produto, linha.objeto), op);
      for (const r of t.regras) {
        ajustes.push({ campo: `${campo}${r.campo}`, acao: 'calculado', motivo: r.motivo, regra: r.regra, versao: r.versao, fonte: r.fonte, valor: r.valor });
      }
      const grupos = { cfop: t.cfop, icms: t.icms, pis: t.pis, cofins: t.cofins, ipi: t.ipi, icms_uf_dest: t.icms_uf_dest, ibs_cbs: t.ibs_cbs };
      return {
        codigo: produto.sku, descricao: produto.descricao, ncm: produto.ncm, origem: String(produto.origem), unidade: produto.unidade,
        ...(produto.gtin ? { gtin: produto.gtin } : {}), ...(produto.cest ? { cest: produto.cest } : {}),
        ...Object.fromEntries(Object.entries(linha.objeto).filter(([k]) => k !== 'produto')),
        ...Object.fromEntries(Object.entries(grupos).filter(([, v]) => v !== undefined)),
      };
    } catch (err) {
      if (!(err instanceof ForaDeCobertura)) throw err;
      foraDeCobertura.add('fora_de_cobertura', `${campo}${err.campo}`, err.message,
        'Envie a nota em modo informado, com os tributos deste item calculados, ou ajuste o perfil tributário do produto (GET /v1/nfe/cobertura diz o que o motor cobre).');
      return null;
    }
  });
  if (c.issues.length) throw invalidNfeRequest([...c.issues, ...foraDeCobertura.issues]);
  if (foraDeCobertura.issues.length) {
    throw new EngineError('nfe_fora_de_cobertura', `O motor de tributos não cobre ${foraDeCobertura.issues.length === 1 ? 'um item' : `${foraDeCobertura.issues.length} itens`} desta nota: ${foraDeCobertura.issues[0]!.mensagem}`, {
      campo: foraDeCobertura.issues[0]!.campo,
      correcao: foraDeCobertura.issues[0]!.correcao,
      extra: { erros: foraDeCobertura.issues },
    });
  }
  corpo.itens = itens;
  return { corpo, ajustes };
}

interface Linha {
  produto?: string;
  objeto: Objeto;
}

/** The items of `calcular`: the product's code and the line's amounts, each problem at its pointer. */
function lerLinhas(body: Objeto, c: Coletor, campos: readonly string[] = CAMPOS_ITEM): Linha[] {
  if (!Array.isArray(body.itens) || body.itens.length === 0 || body.itens.length > 990) {
    if (!presente(body, 'itens')) c.obrigatorio('/itens', 'A lista de itens');
    else c.formato('/itens', 'itens deve ser uma lista de 1 a 990 itens.', 'Envie ao menos um item com produto, quantidade e valor_unitario.');
    return [];
  }
  return body.itens.map((raw, i) => {
    const base = `/itens/${i}`;
    const it = lerObjeto(raw, base, campos, c);
    if (!it) return { objeto: {} };
    const produto = lerTexto(it, 'produto', `${base}/produto`, c, { obrigatorio: 'O código do produto (SKU do catálogo)', max: 60 });
    lerDecimal(it, 'quantidade', `${base}/quantidade`, c, QUANTIDADE, 'A quantidade');
    if (campos.includes('valor_unitario')) lerDecimal(it, 'valor_unitario', `${base}/valor_unitario`, c, VALOR_UNITARIO, 'O valor unitário');
    for (const k of ['desconto', 'frete', 'seguro', 'outras_despesas']) if (campos.includes(k)) lerDecimal(it, k, `${base}/${k}`, c, VALOR, undefined);
    return { produto, objeto: it };
  });
}
