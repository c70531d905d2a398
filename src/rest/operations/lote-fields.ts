/** Every field of the batch: the REST body equals the `dados` of LOTE_EMISSAO_CONCLUIDO. */
export const LOTE_FIELDS = `
  id empresaId ambiente status aoValidar origem total
  contagens { comErroValidacao jaExistente aguardandoEmissao descartada transmitindo autorizada rejeitada cancelada aguardandoConfirmacao falhaTransmissao }
  criadoEm atualizadoEm concluidoEm erro { codigo mensagem }`;

export const LOTE_RESULT = `__typename ... on Lote { ${LOTE_FIELDS} } ...DomainErrorFields`;

export const LOTE_ITEM_FIELDS = `
  linha referencia status nfseId numero chaveAcesso
  erros { codigo campo mensagem correcao codigoOficial }
  rejeicao { codigoOficial mensagem }
  falha { dpsEnviada motivo }`;
