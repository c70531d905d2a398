/** The received-document selection shared by list and detail. */
export const DOCUMENT_FIELDS = `id empresaId tipo papel chaveAcesso origem nsu numero emitenteDocumento emitenteNome tomadorDocumento
  valor emitidaEm situacao nfseId manifestacao capturadoEm links { self xml }`;

/** What only the full document carries: its events and the manifestations sent for it. */
export const DOCUMENT_DETAIL_FIELDS = `eventos { id tipoEvento nsu ocorridoEm capturadoEm }
  manifestacoes { id tipoEvento justificativa situacao codigoSefaz motivoSefaz protocolo registradaEm enviadaEm }`;
