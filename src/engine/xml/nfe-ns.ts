/** Namespace of the NF-e layout (NF-e, its events, inutilização and the SEFAZ web service messages). */
export const NFE_NS = 'http://www.portalfiscal.inf.br/nfe';
