/**
 * The two national DF-e distributions of the SEFAZ, identical in shape (distDFeInt/retDistDFeInt by ultNSU,
 * docZip gzip+base64, 137/138/656) and different in names: NFeDistribuicaoDFe (distDFeInt v1.01) and
 * CTeDistribuicaoDFe (CT-e NT 2015.002: cteDistDFeInteresse/cteDadosMsg, distDFeInt v1.00, procCTe and
 * procEventoCTe documents; its schemas are not in resources/xsd).
 */
export interface SefazService {
  fonte: 'SEFAZ_NFE' | 'SEFAZ_CTE';
  tipo: 'NFE' | 'CTE';
  /** Event-log type of a new document. */
  recebida: 'NFE_RECEBIDA' | 'CTE_RECEBIDA';
  namespace: string;
  wsdl: string;
  method: string;
  dadosMsg: string;
  versao: string;
  /** docZip schema of a document (summary or full) and of an event. */
  documentSchema: RegExp;
  eventSchema: RegExp;
  /** Element holding the access key in summaries and events, and prefix of the signed element's Id. */
  keyTag: 'chNFe' | 'chCTe';
  /** The signed element of a full document, whose Id is idPrefix + key. */
  signedElement: 'infNFe' | 'infCte';
  idPrefix: 'NFe' | 'CTe';
  /** Full document: its XML replaces a summary of the same key. */
  fullSchema: RegExp;
  /** Total value of the document. */
  valueTag: 'vNF' | 'vTPrest';
  numberTag: 'nNF' | 'nCT';
}

export const NFE_DISTRIBUTION: SefazService = {
  fonte: 'SEFAZ_NFE',
  tipo: 'NFE',
  recebida: 'NFE_RECEBIDA',
  namespace: 'http://www.portalfiscal.inf.br/nfe',
  wsdl: 'http://www.portalfiscal.inf.br/nfe/wsdl/NFeDistribuicaoDFe',
  method: 'nfeDistDFeInteresse',
  dadosMsg: 'nfeDadosMsg',
  versao: '1.01',
  documentSchema: /^(res|proc)NFe/,
  eventSchema: /^(resEvento|procEvento)/,
  keyTag: 'chNFe',
  signedElement: 'infNFe',
  idPrefix: 'NFe',
  fullSchema: /^procNFe/,
  valueTag: 'vNF',
  numberTag: 'nNF',
};

export const CTE_DISTRIBUTION: SefazService = {
  fonte: 'SEFAZ_CTE',
  tipo: 'CTE',
  recebida: 'CTE_RECEBIDA',
  namespace: 'http://www.portalfiscal.inf.br/cte',
  wsdl: 'http://www.portalfiscal.inf.br/cte/wsdl/CTeDistribuicaoDFe',
  method: 'cteDistDFeInteresse',
  dadosMsg: 'cteDadosMsg',
  versao: '1.00',
  documentSchema: /^procCTe/,
  eventSchema: /^procEventoCTe/,
  keyTag: 'chCTe',
  signedElement: 'infCte',
  idPrefix: 'CTe',
  fullSchema: /^procCTe/,
  valueTag: 'vTPrest',
  numberTag: 'nCT',
};
