/**
 * Plain-language explanation and suggested fix for the NF-e status codes (cStat) that issuers meet most: the
 * official message (Manual de Orientação do Contribuinte, `xMotivo`) says what failed, not why nor what to do.
 * Every code here exists in the official table (test/nfe/explain-rejection.test.ts checks it). A rejected note
 * (2xx–9xx) keeps its number and may be corrected and sent again;
 * a denied one (110, 301–303) consumes the number for good.
 */
export interface ExplicacaoRejeicao {
  explicacao: string;
  correcao: string;
}

const CERTIFICADO =
  'Envie de novo o certificado A1 da empresa (POST /v1/companies/{id}/certificate) e repita a emissão.';
const SCHEMA =
  'Confira os campos apontados na mensagem da SEFAZ; se vieram da API, repita a emissão e, persistindo, informe o id da nota ao suporte.';
const TOTAIS = 'Omita `totais` para que a API some os itens, ou corrija o total informado para a soma exata dos itens.';

export const EXPLICACOES: Readonly<Record<string, ExplicacaoRejeicao>> = {
  '108': {
    explicacao: 'A SEFAZ autorizadora está fora do ar por pouco tempo.',
    correcao: 'Nada a corrigir: repita em alguns minutos, ou emita em contingência (EPEC) se a venda não pode esperar.',
  },
  '109': {
    explicacao: 'A SEFAZ autorizadora parou sem previsão de volta.',
    correcao: 'Emita em contingência (EPEC); a nota será transmitida quando o serviço voltar.',
  },
  '110': {
    explicacao:
      'A SEFAZ negou o uso da nota por irregularidade do emitente ou do destinatário; o número ficou consumido.',
    correcao:
      'Consulte a situação cadastral junto à SEFAZ e emita uma nova nota com outro número depois de regularizar.',
  },
  '204': {
    explicacao: 'Esta mesma nota (mesma chave de acesso) já foi recebida pela SEFAZ.',
    correcao: 'Não reenvie: consulte a nota pela chave para obter o protocolo de autorização já existente.',
  },
  '206': {
    explicacao: 'O número da nota foi inutilizado antes; um número inutilizado não pode ser usado.',
    correcao: 'Emita com o próximo número da série.',
  },
  '209': {
    explicacao: 'A inscrição estadual do emitente tem formato ou dígito inválido para a UF.',
    correcao: 'Corrija a inscrição estadual no cadastro da empresa (só dígitos, como no cadastro da SEFAZ).',
  },
  '210': {
    explicacao: 'A inscrição estadual do destinatário tem formato ou dígito inválido para a UF dele.',
    correcao: 'Corrija destinatario.inscricao_estadual ou omita-a se o destinatário não é contribuinte do ICMS.',
  },
  '213': {
    explicacao: 'O CNPJ do emitente não é da mesma empresa (raiz de 8 dígitos) do certificado que assinou a nota.',
    correcao: 'Use o certificado A1 da própria empresa emitente ou de sua matriz.',
  },
  '215': {
    explicacao: 'O XML da nota não segue o leiaute oficial (um campo com formato, tamanho ou ordem errados).',
    correcao: SCHEMA,
  },
  '217': {
    explicacao: 'A SEFAZ não encontrou nota com esta chave de acesso.',
    correcao: 'Confira a chave; se a nota nunca foi autorizada, ela pode ser enviada (ou o número inutilizado).',
  },
  '218': {
    explicacao: 'A nota já está cancelada na SEFAZ.',
    correcao: 'Nada a fazer: consulte a nota para ver o evento de cancelamento.',
  },
  '220': {
    explicacao: 'O prazo para cancelar a nota (24 horas após a autorização, na maioria das UFs) terminou.',
    correcao: 'Emita uma nota de devolução ou de estorno, conforme orientação do seu contador.',
  },
  '221': {
    explicacao: 'O destinatário já confirmou a operação; depois disso a nota não pode ser cancelada.',
    correcao: 'Trate a desfazimento com uma nota de devolução emitida pelo destinatário ou por você.',
  },
  '225': { explicacao: 'O lote enviado não segue o leiaute oficial.', correcao: SCHEMA },
  '228': {
    explicacao: 'A data de emissão está antiga demais para a SEFAZ aceitar (em geral mais de 30 dias).',
    correcao: 'Emita com a data de hoje.',
  },
  '229': {
    explicacao: 'A nota saiu sem a inscrição estadual do emitente, obrigatória para quem vende mercadorias.',
    correcao: 'Informe a inscrição estadual no cadastro da empresa.',
  },
  '230': {
    explicacao: 'A inscrição estadual do emitente não existe no cadastro da SEFAZ.',
    correcao: 'Confira a inscrição estadual da empresa no cadastro de contribuintes da UF.',
  },
  '231': {
    explicacao: 'A inscrição estadual do emitente pertence a outro CNPJ.',
    correcao: 'Use a inscrição estadual do estabelecimento que emite (cada filial tem a sua).',
  },
  '232': {
    explicacao: 'O destinatário é contribuinte do ICMS e a nota saiu sem a inscrição estadual dele.',
    correcao: 'Informe destinatario.inscricao_estadual, ou marque o destinatário como não contribuinte se for o caso.',
  },
  '233': {
    explicacao: 'A inscrição estadual do destinatário não existe no cadastro da SEFAZ da UF dele.',
    correcao: 'Confira a inscrição com o cliente ou na consulta pública do Sintegra/CCC.',
  },
  '236': {
    explicacao: 'O último dígito da chave de acesso não confere com os 43 anteriores.',
    correcao: 'Se a chave foi informada por você (nota referenciada), copie-a de novo do DANFE ou do XML.',
  },
  '239': {
    explicacao: 'A versão do leiaute no XML não é aceita pela SEFAZ.',
    correcao: 'Repita a emissão; se persistir, informe o id da nota ao suporte.',
  },
  '240': {
    explicacao: 'A SEFAZ bloqueou cancelamento e inutilização por irregularidade fiscal do emitente.',
    correcao: 'Regularize a situação junto à SEFAZ da UF antes de repetir.',
  },
  '242': { explicacao: 'O cabeçalho da mensagem não segue o leiaute oficial.', correcao: SCHEMA },
  '245': {
    explicacao: 'O CNPJ do emitente não está no cadastro de contribuintes da SEFAZ.',
    correcao: 'Confira o CNPJ da empresa e se a inscrição estadual está ativa.',
  },
  '252': {
    explicacao: 'A nota indica um ambiente (produção ou homologação) diferente do serviço para onde foi enviada.',
    correcao: 'Repita a emissão; a chave de teste usa homologação e a de produção usa produção.',
  },
  '253': {
    explicacao: 'O dígito verificador de uma chave de acesso informada (nota referenciada) está errado.',
    correcao: 'Copie de novo a chave referenciada do DANFE ou do XML da nota original.',
  },
  '280': { explicacao: 'A SEFAZ não reconheceu o certificado usado na conexão.', correcao: CERTIFICADO },
  '281': {
    explicacao: 'O certificado usado na conexão está vencido.',
    correcao: 'Renove o certificado A1 e envie o novo (POST /v1/companies/{id}/certificate).',
  },
  '283': {
    explicacao: 'A cadeia do certificado não chega a uma autoridade ICP-Brasil aceita.',
    correcao: 'Use um certificado A1 ICP-Brasil; envie o arquivo .pfx completo, com a cadeia.',
  },
  '284': {
    explicacao: 'O certificado foi revogado pela autoridade certificadora.',
    correcao: 'Emita um novo certificado A1 e envie-o à API.',
  },
  '286': {
    explicacao: 'A SEFAZ não conseguiu consultar a lista de revogação do certificado.',
    correcao: 'Nada a corrigir: repita em alguns minutos.',
  },
  '290': { explicacao: 'O certificado que assinou a nota não é válido para assinatura.', correcao: CERTIFICADO },
  '291': {
    explicacao: 'O certificado que assinou a nota está vencido.',
    correcao: 'Renove o certificado A1 e envie o novo à API.',
  },
  '297': {
    explicacao: 'A assinatura não confere com o conteúdo: o XML mudou depois de assinado.',
    correcao: 'Repita a emissão; persistindo, informe o id da nota ao suporte.',
  },
  '298': {
    explicacao: 'A assinatura não segue o padrão exigido (algoritmos ou referência).',
    correcao: 'Repita a emissão; persistindo, informe o id da nota ao suporte.',
  },
  '301': {
    explicacao: 'Uso denegado: o emitente tem irregularidade fiscal na SEFAZ; o número ficou consumido.',
    correcao: 'Regularize a situação cadastral junto à SEFAZ e emita nova nota com outro número.',
  },
  '302': {
    explicacao: 'Uso denegado: o destinatário tem irregularidade fiscal; o número ficou consumido.',
    correcao: 'Confirme a situação do cliente na SEFAZ dele antes de vender de novo; emita nova nota com outro número.',
  },
  '303': {
    explicacao: 'Uso denegado: o destinatário não está habilitado a operar na UF; o número ficou consumido.',
    correcao: 'Confira a inscrição estadual do cliente; emita nova nota com outro número.',
  },
  '321': {
    explicacao: 'Nota de devolução sem a chave da nota original.',
    correcao: 'Informe chave_referenciada com a chave de acesso da nota devolvida.',
  },
  '323': {
    explicacao:
      'A SEFAZ recusou o CNPJ autorizado a baixar o XML (grupo autXML), que vem de autorizados_xml da empresa.',
    correcao:
      'Corrija com POST /v1/nfe/{id}/correcao: onde a UF exige o CNPJ da SEFAZ no autXML, ele substitui o escritório; confira também autorizados_xml da empresa.',
  },
  '324': {
    explicacao: 'O destinatário da nota também estava no grupo autXML (autorizados a baixar o XML); ele já tem acesso.',
    correcao: 'Repita a emissão: a API deixa o documento do destinatário fora do autXML.',
  },
  '325': {
    explicacao:
      'A SEFAZ recusou o CPF autorizado a baixar o XML (grupo autXML), que vem de autorizados_xml da empresa.',
    correcao:
      'Corrija com POST /v1/nfe/{id}/correcao: onde a UF exige o CNPJ da SEFAZ no autXML, ele substitui o escritório; confira também autorizados_xml da empresa.',
  },
  '327': {
    explicacao: 'O CFOP do item não é de devolução, mas a finalidade da nota é devolução.',
    correcao: 'Use um CFOP de devolução (por exemplo 5202/6202 ou 1202/2202) ou mude a finalidade.',
  },
  '402': {
    explicacao: 'O XML não está em UTF-8.',
    correcao: 'Envie os textos em UTF-8 (a API já faz isso; persistindo, informe o id da nota ao suporte).',
  },
  '404': {
    explicacao: 'O XML usa prefixos de namespace, que a SEFAZ não aceita.',
    correcao: 'Repita a emissão; persistindo, informe o id da nota ao suporte.',
  },
  '482': {
    explicacao: 'O ano e mês na chave de acesso não conferem com a data de emissão.',
    correcao: 'Repita a emissão para que a chave seja recalculada com a data correta.',
  },
  '487': {
    explicacao:
      'Na autorização, a UF (como a BA) usa este código para exigir o CNPJ da SEFAZ entre os autorizados a baixar o XML (autXML); na tabela nacional ele é um código antigo do DPEC.',
    correcao:
      'Corrija com POST /v1/nfe/{id}/correcao: a API acrescenta o CNPJ da SEFAZ da UF ao autXML, junto ao escritório de contabilidade.',
  },
  '502': {
    explicacao: 'A chave de acesso não corresponde aos campos da nota (UF, data, CNPJ, modelo, série, número).',
    correcao: 'Repita a emissão; a API recalcula a chave a partir dos campos.',
  },
  '505': {
    explicacao: 'A data de saída é anterior à data de emissão.',
    correcao: 'Informe a data de saída igual ou posterior à emissão.',
  },
  '526': {
    explicacao: 'A chave de acesso tem ano e mês com mais de 6 meses de atraso.',
    correcao: 'Emita uma nova nota com data atual em vez de reenviar a antiga.',
  },
  '529': {
    explicacao: 'Produto tributado pelo IPI exige o NCM completo de 8 dígitos.',
    correcao: 'Informe o NCM do produto (cadastro de produtos valida o código).',
  },
  '531': { explicacao: 'A base de cálculo do ICMS no total não é a soma das bases dos itens.', correcao: TOTAIS },
  '532': { explicacao: 'O valor do ICMS no total não é a soma do ICMS dos itens.', correcao: TOTAIS },
  '534': { explicacao: 'O ICMS-ST no total não é a soma do ICMS-ST dos itens.', correcao: TOTAIS },
  '535': { explicacao: 'O frete no total não é a soma do frete rateado nos itens.', correcao: TOTAIS },
  '539': {
    explicacao: 'Já existe nota com o mesmo número e série, mas com chave de acesso diferente (outro cNF ou data).',
    correcao: 'Consulte a nota já autorizada com a chave informada na mensagem; não emita o mesmo número de novo.',
  },
  '564': { explicacao: 'O total dos produtos não é a soma do valor dos itens.', correcao: TOTAIS },
  '590': {
    explicacao: 'A empresa é do Simples Nacional (CRT 1), mas o ICMS do item veio com CST em vez de CSOSN.',
    correcao: 'Use icms.csosn (por exemplo 102) nos itens, ou corrija o regime tributário da empresa.',
  },
  '591': {
    explicacao: 'A empresa não é do Simples Nacional, mas o ICMS do item veio com CSOSN em vez de CST.',
    correcao: 'Use icms.cst (por exemplo 00) nos itens, ou corrija o regime tributário da empresa.',
  },
  '602': { explicacao: 'O PIS no total não é a soma do PIS dos itens.', correcao: TOTAIS },
  '610': {
    explicacao: 'O valor total da nota não fecha: produtos - descontos + frete + seguro + outras despesas + IPI + ST.',
    correcao: TOTAIS,
  },
  '611': {
    explicacao: 'O GTIN (código de barras) do produto é inválido ou não está no Cadastro Centralizado de GTIN.',
    correcao: 'Corrija o GTIN do produto ou informe "SEM GTIN" se ele não tem código de barras.',
  },
  '629': {
    explicacao: 'O valor do item não é quantidade × valor unitário.',
    correcao: 'Omita o valor total do item para a API calcular, ou corrija quantidade e valor unitário.',
  },
  '627': {
    explicacao: 'O item informa o motivo da desoneração do ICMS sem o valor desonerado.',
    correcao: 'Informe o valor do ICMS desonerado (v_icms_deson) junto do motivo (mot_des_icms), ou remova os dois.',
  },
  '656': {
    explicacao: 'A SEFAZ bloqueou o CNPJ por uma hora por excesso de consultas repetidas.',
    correcao: 'Aguarde uma hora; a API espaça as consultas automaticamente.',
  },
  '694': {
    explicacao: 'Venda interestadual a consumidor final não contribuinte sem o grupo de partilha do ICMS (DIFAL).',
    correcao:
      'Informe no item o grupo de partilha do ICMS para a UF de destino (ICMSUFDest do leiaute), com os percentuais indicados pelo seu contador.',
  },
  '696': {
    explicacao: 'Venda a não contribuinte precisa indicar operação com consumidor final.',
    correcao: 'Indique operação com consumidor final (indFinal 1 no leiaute) nas vendas a não contribuinte.',
  },
  '697': {
    explicacao:
      'A alíquota interestadual do DIFAL não é a prevista para a origem da mercadoria (4 % só para importados).',
    correcao: 'Use 4 % para mercadoria de origem 1, 2, 3 ou 8 e a alíquota do par de UFs (7 % ou 12 %) para as demais.',
  },
  '698': {
    explicacao: 'A alíquota interestadual do DIFAL não é a do par de UFs da operação.',
    correcao:
      'Use a alíquota interestadual da UF do emitente para a do destinatário (7 % ou 12 %, Resolução do Senado 22/1989).',
  },
  '699': {
    explicacao: 'O percentual de partilha do DIFAL para a UF de destino não é o do ano: desde 2019 é 100 %.',
    correcao: 'Informe 100 no percentual de partilha (p_icms_inter_part) e zero no ICMS da UF do remetente.',
  },
  '703': {
    explicacao: 'A data e hora de emissão estão no futuro em relação ao relógio da SEFAZ.',
    correcao: 'Não informe data de emissão adiantada; confira o fuso horário enviado.',
  },
  '732': {
    explicacao: 'CFOP interestadual (6xxx) numa operação marcada como interna ou com exterior.',
    correcao: 'Use CFOP 5xxx para destinatário da mesma UF, ou confira a UF do destinatário.',
  },
  '733': {
    explicacao: 'CFOP interno (5xxx) numa operação com destinatário de outra UF.',
    correcao: 'Use CFOP 6xxx para destinatário de outra UF, ou confira o endereço do destinatário.',
  },
  '778': {
    explicacao: 'O NCM informado no item não existe na tabela oficial.',
    correcao: 'Informe o NCM de 8 dígitos em vigor para a mercadoria (o cadastro de produtos da API valida).',
  },
  '795': {
    explicacao: 'O total do ICMS desonerado não é a soma dos valores desonerados dos itens.',
    correcao: 'Omita o total para a API somar, ou corrija o valor desonerado de cada item.',
  },
  '799': {
    explicacao: 'O total do DIFAL da UF de destino não é a soma dos itens.',
    correcao: 'Omita o total para a API somar, ou corrija o DIFAL (v_icms_uf_dest) de cada item.',
  },
  '806': {
    explicacao: 'Item com ICMS-ST sem o CEST da mercadoria.',
    correcao: 'Informe o CEST do produto (7 dígitos, do anexo do segmento) no cadastro ou no item.',
  },
  '999': {
    explicacao: 'Erro interno da SEFAZ, sem causa no conteúdo da nota.',
    correcao: 'Nada a corrigir: repita mais tarde.',
  },
};

/** Explanation of a cStat, or null for codes outside the table (the official message is then all there is). */
export function explainRejection(cStat: string | number): ExplicacaoRejeicao | null {
  return EXPLICACOES[String(cStat)] ?? null;
}
