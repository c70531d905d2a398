import type { CompanyWithCertificate } from '../empresas/present-company.js';
import type { Coletor } from '../nucleo/coletor.js';
import { municipio } from '../tabelas/index.js';
import type {
  ItemTributavel,
  OperacaoCalculada,
  OperacaoTributavel,
  PerfilTributario,
  RegimeTributario,
} from '../tributos/item-tributavel.js';
import { brasilia } from './build-nfe-xml.js';
import { nfeAjuste, type NfeAjuste } from './nfe-ajuste.js';
import { OPERACOES, OPERACOES_CALCULADAS, SUBTIPOS, type NfeBody, type Operacao } from './nfe-body.js';
import type { NfeItemBody } from './nfe-item-body.js';

/** A catalogue product as the engine reads it. */
export interface ProdutoDoCatalogo {
  sku: string;
  descricao: string;
  ncm: string;
  cest: string | null;
  gtin: string | null;
  unidade: string;
  origem: number;
  tributacao: unknown;
}

/**
 * `operacao` and `subtipo` of the body as the declaration read them (venda by default, nfe_operacao_venda), and
 * the facts of the note the tax rules read: the company's regime and UF, the recipient's UF (the company's
 * without an address) and contributor status, the issue date in Brasília.
 */
export function operacaoTributavel(
  body: Partial<NfeBody>,
  company: CompanyWithCertificate,
  now: Date,
  c: Coletor,
  ajustes: NfeAjuste[],
) {
  const operacao: Operacao = OPERACOES.find((o) => o === body.operacao) ?? 'venda';
  if (body.operacao === undefined) ajustes.push(nfeAjuste('nfe_operacao_venda'));
  const subtipo = SUBTIPOS[operacao]?.find((s) => s === body.subtipo);
  const endereco = body.destinatario?.endereco;
  const ufEmitente = municipio(company.municipio)!.uf;
  const ufDestinatario = (typeof endereco?.municipio === 'string' && municipio(endereco.municipio)?.uf) || ufEmitente;
  const contribuinte =
    body.destinatario?.contribuinte === 'contribuinte' || body.destinatario?.contribuinte === 'isento'
      ? body.destinatario.contribuinte
      : 'nao_contribuinte';
  const regime = company.regimeTributario as RegimeTributario | null;
  if (!regime)
    c.add(
      'empresa_sem_regime',
      '/empresa_id',
      'A empresa não tem regime tributário cadastrado: sem ele os tributos não são calculados.',
      'Informe regime_tributario da empresa (PATCH /v1/companies/{id}).',
    );
  const op: OperacaoTributavel | null =
    regime && OPERACOES_CALCULADAS.includes(operacao)
      ? {
          operacao: operacao as OperacaoCalculada,
          regime,
          ufEmitente,
          ufDestinatario,
          contribuinte,
          dia: brasilia(now).slice(0, 10),
        }
      : null;
  return { operacao, subtipo, op };
}

/** The item as the tax engine sees it: the product's codes and profile, the line's amounts. */
export function itemTributavel(
  produto: ProdutoDoCatalogo,
  linha: Partial<NfeItemBody>,
  ncm = produto.ncm,
  origem = String(produto.origem),
  cest = produto.cest,
): ItemTributavel {
  const texto = (x: unknown) => (typeof x === 'string' ? x : undefined);
  return {
    ncm,
    origem,
    cest: cest ?? undefined,
    quantidade: texto(linha.quantidade) ?? '0',
    valorUnitario: texto(linha.valorUnitario) ?? '0',
    desconto: texto(linha.desconto),
    frete: texto(linha.frete),
    seguro: texto(linha.seguro),
    outras: texto(linha.outrasDespesas),
    perfil: produto.tributacao as PerfilTributario,
  };
}

/** A product without tax profile cannot be calculated: the 422 names it. */
export function semTributacao(produto: ProdutoDoCatalogo, campo: string, c: Coletor): boolean {
  // campo: the item member that names the product (/itens/0/produto in calcular, /itens/0/codigo in conferir).
  if (produto.tributacao && typeof produto.tributacao === 'object') return false;
  c.add(
    'produto_sem_tributacao',
    campo,
    `O produto ${produto.sku} não tem perfil tributário (tributacao): o motor não sabe o CST, o CSOSN nem a classificação do IBS/CBS.`,
    `Cadastre tributacao no produto (PATCH /v1/produtos/${produto.sku}) ou envie o item em modo informado.`,
  );
  return true;
}
