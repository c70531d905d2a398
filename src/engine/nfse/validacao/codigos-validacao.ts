/**
 * Codes this validator emits inside `erros[]` (the API contract names some and leaves room for others; clients
 * treat unknown codes by `campo` and `correcao`). `codigo_oficial` is carried when the rule mirrors a national one.
 */
export const CODIGOS_VALIDACAO = {
  tipo_invalido: 'Tipo JSON errado (número onde se espera texto, texto onde se espera objeto...).',
  formato_invalido: 'Texto fora do formato (valor, códigos, tamanhos, e-mail, chave de acesso...).',
  campo_desconhecido: 'Campo não previsto, em qualquer nível.',
  campo_obrigatorio: 'Campo obrigatório ausente.',
  documento_invalido: 'CPF/CNPJ do tomador inválido (tamanho ou dígitos verificadores).',
  referencia_muito_longa: 'referencia com mais de 60 caracteres.',
  tomador_igual_prestador: 'Tomador com a mesma raiz de CNPJ do prestador (E0202).',
  codigo_servico_inexistente: 'cTribNac fora da lista nacional (E0310).',
  aliquota_iss_obrigatoria: 'Alíquota obrigatória sem fonte (requisição, padrão, parâmetro oficial).',
  aliquota_iss_invalida: 'Alíquota ≤ 0 ou acima de 5% (E0595).',
  competencia_invalida: 'Competência fora do formato AAAA-MM ou no futuro (E0015).',
  obra_obrigatoria: 'Serviço de construção sem servico.obra (E0370).',
  obra_nao_permitida: 'servico.obra em serviço que não é de construção (E0372).',
  nbs_inexistente: 'NBS fora da NBS 2.0 (E0316).',
  nbs_fora_do_servico: 'NBS de capítulo incompatível com o item da LC 116 do serviço.',
  c_class_trib_inexistente:
    'cClassTrib (da requisição ou padrão da empresa) fora da tabela oficial de classificação do IBS/CBS.',
  c_class_trib_nao_aplicavel:
    'cClassTrib não aceito em NFS-e, fora de vigência na competência ou não previsto para a NBS do serviço.',
  c_class_trib_nao_suportado:
    'cClassTrib que exige na DPS grupos que o serviço não preenche (gDif, gTribRegular, cCredPres).',
  cst_ibs_cbs_divergente: 'CST do IBS/CBS diferente do CST do cClassTrib na tabela oficial.',
  municipio_inexistente: 'Código IBGE inexistente (E0302).',
  municipio_prestacao_divergente: 'municipio_prestacao diferente do município da obra.',
  codigo_servico_municipal_indisponivel:
    'Código que o sistema próprio do município exige (ItemListaServico, CodigoTributacaoMunicipio) sem correlação com o código nacional.',
  motivo_obrigatorio: 'Substituição com codigo_motivo 99 sem motivo (E0078).',
} as const;

export type CodigoValidacao = keyof typeof CODIGOS_VALIDACAO;
