/** Every field of the NFS-e record: the REST body equals the `dados` of NFSE_* events. */
export const NFSE_FIELDS = `
  id referencia status ambiente empresaId valor competencia serieDps numeroDps dpsId numero chaveAcesso
  rejeicao { codigoOficial mensagem explicacao erros }
  cancelamento substitui substituidaPor
  falha { dpsEnviada motivo }
  aviso { codigo mensagem desde }
  eventos { tipo em detalhe }
  ajustes { campo acao motivo regra }
  regrasVersao criadaEm atualizadaEm autorizadaEm`;

export const NFSE_RESULT = `__typename ... on Nfse { ${NFSE_FIELDS} } ...DomainErrorFields`;
