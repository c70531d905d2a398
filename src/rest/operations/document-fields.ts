/** The received-document selection shared by list and detail. */
export const DOCUMENT_FIELDS = `id empresaId tipo papel chaveAcesso origem nsu numero emitenteDocumento emitenteNome tomadorDocumento
  valor emitidaEm situacao nfseId capturadoEm links { self xml }`;
