/**
 * The NF-e issuance request of spec 2.9 in `modo` `informado`, as validated. Money, quantities and rates are
 * decimal strings. The inner fields of the tax groups are the layout 4.00 tag names in snake_case
 * (`modBC` → `mod_bc`, `vBC` → `v_bc`, `pICMS` → `p_icms`), so an integrator maps them one to one from the
 * Manual de Orientação do Contribuinte.
 */
export type Presenca = 'nao_se_aplica' | 'presencial' | 'internet' | 'teleatendimento' | 'entrega_domicilio' | 'presencial_fora' | 'outros';
export type Finalidade = 'normal' | 'complementar' | 'ajuste' | 'devolucao';
export type Contribuinte = 'contribuinte' | 'isento' | 'nao_contribuinte';

export interface NfeEndereco {
  logradouro: string;
  numero: string;
  complemento?: string;
  bairro: string;
  /** IBGE code, seven digits. */
  municipio: string;
  cep?: string;
}

export interface NfeDestinatario {
  documento: string;
  tipo_documento: 'cpf' | 'cnpj';
  nome: string;
  contribuinte: Contribuinte;
  inscricao_estadual?: string;
  email?: string;
  endereco?: NfeEndereco;
}

/** ICMS: `cst` (regular regime) or `csosn` (Simples Nacional, MEI), with the fields of its layout group. */
export interface NfeIcms {
  cst?: string;
  csosn?: string;
  mod_bc?: string;
  v_bc?: string;
  p_icms?: string;
  v_icms?: string;
  p_cred_sn?: string;
  v_cred_icmssn?: string;
}

/** PIS and COFINS share the layout shape: CST, and base/rate/value for the taxed CSTs. */
export interface NfePisCofins {
  cst: string;
  v_bc?: string;
  aliquota?: string;
  valor?: string;
}

export interface NfeIpi {
  c_enq: string;
  cst: string;
  v_bc?: string;
  p_ipi?: string;
  v_ipi?: string;
}

export interface NfeItem {
  codigo: string;
  descricao: string;
  ncm: string;
  cfop: string;
  origem: string;
  unidade: string;
  quantidade: string;
  valor_unitario: string;
  gtin?: string;
  cest?: string;
  icms: NfeIcms;
  pis: NfePisCofins;
  cofins: NfePisCofins;
  ipi?: NfeIpi;
}

export type FormaPagamento = keyof typeof FORMAS_PAGAMENTO;

/** tPag of layout 4.00 by the names the API accepts. */
export const FORMAS_PAGAMENTO = {
  dinheiro: '01', cheque: '02', cartao_credito: '03', cartao_debito: '04', credito_loja: '05', vale_alimentacao: '10',
  vale_refeicao: '11', vale_presente: '12', vale_combustivel: '13', boleto: '15', deposito: '16', pix: '17',
  transferencia: '18', fidelidade: '19', pix_estatico: '20', sem_pagamento: '90', outros: '99',
} as const;

export interface NfePagamento {
  forma: FormaPagamento;
  valor: string;
  descricao?: string;
}

export interface NfeTotais {
  valor_produtos?: string;
  valor_nota?: string;
}

export interface NfeRequest {
  modo: 'informado';
  empresa_id?: string;
  referencia?: string;
  natureza_operacao: string;
  presenca: Presenca;
  destinatario: NfeDestinatario;
  itens: NfeItem[];
  pagamentos: NfePagamento[];
  totais?: NfeTotais;
  serie?: string;
  tipo_operacao: 'entrada' | 'saida';
  finalidade: Finalidade;
  chave_referenciada?: string;
  item_referenciado?: number;
  informacoes_adicionais?: string;
}

export const PRESENCA_IND: Record<Presenca, string> = {
  nao_se_aplica: '0', presencial: '1', internet: '2', teleatendimento: '3', entrega_domicilio: '4', presencial_fora: '5', outros: '9',
};
export const FINALIDADE_FIN: Record<Finalidade, string> = { normal: '1', complementar: '2', ajuste: '3', devolucao: '4' };
