/** An event registered for the note (cancelamento, carta de correção). */
export const NFE_EVENTO_FIELDS = 'id tipo tpEvento nSeqEvento texto cStat protocolo registradoEm';

/**
 * Every field of the NF-e record: the REST body equals the `dados` of NFE_* events, except `eventos` (the
 * registered events), which only the routes carry. `ajustes` is the REST schema's `ajustesRest`: `ajustes { campo
 * acao motivo regra versao fonte valor enviado regrasEmpresa { id descricao } }` already in the answer's shape.
 */
export const NFE_FIELDS = `
  id referencia status ambiente empresaId modo serie numero chaveAcesso protocolo
  rejeicao { cStat mensagem explicacao correcao }
  cancelamento valorTotal
  ajustes: ajustesRest
  criadaEm atualizadaEm autorizadaEm
  eventos { ${NFE_EVENTO_FIELDS} }
  aviso { codigo mensagem desde }`;

export const NFE_RESULT = `__typename ... on Nfe { ${NFE_FIELDS} } ...DomainErrorFields`;

/** Every field of a voided range: the REST body equals the `dados` of NFE_INUTILIZACAO. */
export const NFE_INUTILIZACAO_FIELDS = `
  id empresaId ambiente serie numeroInicial numeroFinal justificativa status protocolo nfeId criadaEm atualizadaEm`;
