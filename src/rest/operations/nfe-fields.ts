/** Every field of the NF-e record: the REST body equals the `dados` of NFE_* events. */
export const NFE_FIELDS = `
  id referencia status ambiente empresaId modo serie numero chaveAcesso protocolo
  rejeicao { cStat mensagem explicacao correcao }
  cancelamento valorTotal
  ajustes { campo acao motivo regra versao fonte }
  criadaEm atualizadaEm autorizadaEm`;

export const NFE_RESULT = `__typename ... on Nfe { ${NFE_FIELDS} } ...DomainErrorFields`;
