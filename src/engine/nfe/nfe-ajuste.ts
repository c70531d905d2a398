/**
 * NF-e adjustments: what the service filled, derived or calculated, with the rule, its version and its source
 * (the layout, Manual de Orientação do Contribuinte 4.00 / NT 2025.002, or the tax table a value came from).
 * `valor` is the calculated (in `conferir`, the expected) value; `enviado` the caller's value that diverges.
 */
export interface NfeAjuste {
  campo: string;
  acao: 'preenchido' | 'omitido' | 'derivado' | 'exigido' | 'calculado' | 'divergente';
  motivo: string;
  regra: string;
  versao: string;
  fonte: string;
  valor?: string;
  enviado?: string | null;
  /** The company's tax rules (regras tributárias) that supplied an input of this value; absent when none did. */
  regras_empresa?: RegraEmpresaDoAjuste[];
}

/** A company rule as an adjustment names it. */
export interface RegraEmpresaDoAjuste {
  id: string;
  descricao: string;
}

export const NFE_REGRAS_VERSAO = '2026-11-26';
const MOC = 'MOC 4.00 / leiauteNFe_v4.00.xsd (PL_010 v1.30)';
const RTC = 'NT 2025.002 (IBS/CBS) / DFeTiposBasicos_v1.00.xsd, MOC 4.00';
const AUTXML = 'MOC 4.00 grupo GA (autXML, até 10) / leiauteNFe_v4.00.xsd';
const CADASTRO_CNPJ =
  'Cadastro Nacional da Pessoa Jurídica (dados abertos da Receita Federal), pela API de CNPJ configurada (CNPJ_API_URL)';
const CADASTRO_CEP =
  'Base de CEP dos Correios com o código IBGE do município, pela API de CEP configurada (CEP_API_URL)';
const CONSULTA_CADASTRO =
  'MOC 4.00, web service NfeConsultaCadastro (CadConsultaCadastro4, consCad 2.00) da SEFAZ da UF do destinatário';
const AUTXML_UF = 'MOC 4.00 grupo GA (autXML) / exigência da SEFAZ-BA: CNPJ 13.937.073/0001-56 no autXML';

const RULES = {
  nfe_modo_informado: ['/modo', 'preenchido', 'Modo informado: os tributos são os enviados pelo emitente.'],
  nfe_tipo_operacao_saida: ['/tipo_operacao', 'preenchido', 'Sem tipo_operacao: NF-e de saída (tpNF 1).'],
  nfe_finalidade_normal: ['/finalidade', 'preenchido', 'Sem finalidade: NF-e normal (finNFe 1).'],
  nfe_serie_da_origem: ['/serie', 'preenchido', 'Sem série: série da API configurada na empresa.'],
  nfe_valor_total_item: [
    '/itens',
    'derivado',
    'O valor total de cada item (vProd) é quantidade × valor unitário, arredondado a 2 casas.',
  ],
  nfe_totais_somados: [
    '/totais',
    'derivado',
    'Os totais (ICMSTot) são a soma dos itens; vNF = vProd - vDesc - vICMSDeson deduzido + vST + vFCPST + vFrete + vSeg + vOutro + vII + vIPI + vIPIDevol.',
  ],
  nfe_sem_gtin: ['/itens', 'preenchido', 'Item sem GTIN: cEAN e cEANTrib "SEM GTIN", como o leiaute pede.'],
  nfe_transporte_sem_frete: [
    '/transporte',
    'preenchido',
    'Sem transporte: modalidade de frete 9 (sem ocorrência de transporte).',
  ],
  nfe_ibs_soma_uf_municipio: [
    '/itens',
    'derivado',
    'O valor do IBS (vIBS) é a soma do IBS estadual (vIBSUF) e do municipal (vIBSMun).',
    RTC,
  ],
  nfe_ibs_cbs_mono_total_item: [
    '/itens',
    'derivado',
    'O total monofásico do item é o valor padrão mais o sujeito a retenção menos o diferido: vTotIBSMonoItem = vIBSMono + vIBSMonoReten - vIBSMonoDif, e o mesmo para a CBS (UB104-10, UB105-10).',
    RTC,
  ],
  nfe_totais_ibs_cbs_somados: [
    '/totais',
    'derivado',
    'Os totais do IBS e da CBS (IBSCBSTot) são a soma dos itens.',
    RTC,
  ],
  nfe_pagamento_valor_da_nota: [
    '/pagamentos',
    'preenchido',
    'Pagamento único sem valor: recebe o valor da nota (vNF).',
  ],
  nfe_indintermed_padrao: [
    '/presenca',
    'preenchido',
    'Operação não presencial sem intermediador: indIntermed 0 (sem intermediador).',
  ],
  nfe_destino_operacao: [
    '/destinatario/endereco/municipio',
    'derivado',
    'Destino da operação (idDest) pela UF do destinatário comparada com a do emitente.',
  ],
  nfe_destinatario_homologacao: [
    '/destinatario/nome',
    'preenchido',
    'Em homologação o nome do destinatário é o texto fixo exigido pela SEFAZ (rejeição 598 em caso contrário).',
  ],
  nfe_autxml_escritorio: [
    '',
    'preenchido',
    'O escritório de contabilidade da empresa (autorizados_xml) vai no grupo autXML, autorizado a baixar o XML; um documento igual ao do destinatário fica de fora.',
    AUTXML,
  ],
  nfe_autxml_sefaz_sem_escritorio: [
    '',
    'preenchido',
    'A UF do emitente exige um autorizado no autXML e a empresa não tem escritório de contabilidade: vai o CNPJ da SEFAZ da UF.',
    AUTXML_UF,
  ],
  nfe_autxml_sefaz_escritorio_recusado: [
    '',
    'preenchido',
    'A SEFAZ recusou o documento do escritório (cStat 323/325) na nota corrigida: o CNPJ da SEFAZ da UF ocupa o autXML no lugar dele.',
    AUTXML_UF,
  ],
  nfe_autxml_sefaz_apos_487: [
    '',
    'preenchido',
    'A nota corrigida foi rejeitada com cStat 487 (código DPEC na tabela 4.00, lido na autorização como exigência da UF sobre o autXML): o CNPJ da SEFAZ da UF vai no autXML junto ao escritório.',
    AUTXML_UF,
  ],
  nfe_operacao_venda: ['/operacao', 'preenchido', 'Sem operacao: venda, com os tributos calculados.'],
  nfe_natureza_da_operacao: [
    '/natureza_operacao',
    'preenchido',
    'Sem natureza_operacao: a natureza da operação escolhida.',
  ],
  nfe_devolucao_tributos_da_origem: [
    '/itens',
    'preenchido',
    'Devolução: os tributos do item são os da NF-e de origem, na proporção da quantidade devolvida.',
  ],
  nfe_conferencia_divergencia: [
    '/itens',
    'divergente',
    'O valor enviado difere do recalculado além da tolerância do leiaute (0,01 por valor).',
  ],
  nfe_conferencia_fora_de_cobertura: [
    '/itens',
    'omitido',
    'O motor de tributos não cobre este item: o valor enviado segue sem conferência.',
  ],
  nfe_destinatario_cadastro_cnpj: [
    '/destinatario/nome',
    'preenchido',
    'Destinatário com CNPJ sem nome ou endereço: o campo vem do cadastro de CNPJ da Receita Federal.',
    CADASTRO_CNPJ,
  ],
  nfe_destinatario_endereco_cep: [
    '/destinatario/endereco',
    'preenchido',
    'Endereço com CEP e número: o campo vem do CEP.',
    CADASTRO_CEP,
  ],
  nfe_destinatario_consulta_cadastro: [
    '/destinatario/contribuinte',
    'preenchido',
    'Sem contribuinte: a situação e a inscrição estadual vêm da consulta cadastral da SEFAZ da UF do destinatário.',
    CONSULTA_CADASTRO,
  ],
  nfe_destinatario_consulta_indisponivel: [
    '/destinatario/contribuinte',
    'preenchido',
    'Sem contribuinte e sem resposta da consulta cadastral da SEFAZ da UF do destinatário: tratado como não contribuinte (indIEDest 9); informe contribuinte para decidir.',
    CONSULTA_CADASTRO,
  ],
} as const satisfies Record<string, readonly [string, NfeAjuste['acao'], string, string?]>;

export type NfeRegra = keyof typeof RULES;

export function nfeAjuste(regra: NfeRegra, campo?: string): NfeAjuste {
  const [defaultCampo, acao, motivo, fonte] = RULES[regra] as readonly [string, NfeAjuste['acao'], string, string?];
  return { campo: campo ?? defaultCampo, acao, motivo, regra, versao: NFE_REGRAS_VERSAO, fonte: fonte ?? MOC };
}
