import type { CaminhosSefin } from '../../autoridades/nfse-nacional/caminhos-sefin.js';

/**
 * How a provider's service takes the national DPS: SOAP with the DPS inline in the provider's wrapper element, or
 * REST JSON with the payloads and answers of Sefin Nacional at the profile's paths (Sefin's own by default:
 * `{url}/nfse`, `{url}/dps/{id}`, `{url}/nfse/{chave}/eventos`), or REST JSON in lots (`rest_lote`: one reception of
 * lots of DPS or events, one query of a DPS by the provider, series and number).
 */
export type TransporteDps = 'soap' | 'rest_sefin' | 'rest_lote';

/** One SOAP operation of a provider: the body's wrapper element and the SOAPAction header. */
export interface OperacaoSoapDps {
  elemento: string;
  acao: string;
}

/** The SOAP side of a profile (SOAP 1.1, `text/xml`, the national documents inline in the wrapper). */
export interface SoapDps {
  /** Namespace of the wrapper elements, and the prefix they are written with (null: default namespace). */
  namespace: string;
  prefixo: string | null;
  /** Reception of one signed DPS. */
  emitir: OperacaoSoapDps;
  /** Query of what a DPS became (by its Id), asked before any resend and, when asynchronous, after reception. */
  consultar: OperacaoSoapDps;
  /** Reception of the signed cancellation event (pedRegEvento). */
  cancelar: OperacaoSoapDps;
  /** `versao` of a `<cabecalho>` sent before the documents, where the provider asks for one; null: none. */
  cabecalho: string | null;
  /** Reception answers a protocol and the note comes from the query (polled `consultas` times, `intervaloMs` apart). */
  assincrono: { consultas: number; intervaloMs: number } | null;
  /** The code by which the query says it holds no DPS of that Id (then a resend is safe). */
  codigoDpsNaoEncontrada: string;
}

/** The REST side of a profile: Sefin's contract (JSON bodies and answers) at the provider's paths. */
export interface RestDps {
  caminhos: CaminhosSefin;
  /**
   * What the provider table's URL of a municipality is: `base` the service's base URL, the paths appended to it;
   * `emitir` the reception's full URL, the base being it less `caminhos.emitir` — a row whose URL does not end so
   * names another service, and the municipality is not served.
   */
  urlDaTabela: 'base' | 'emitir';
}

/** The REST side of a lot-taking profile: its paths under the table's URL. */
export interface LoteDps {
  /** POST `{loteXmlGZipB64: [...]}`: reception of a lot of signed DPS, or of signed events. */
  enviar: string;
  /** GET: the notes of a DPS; `{inscricao}` the provider's CNPJ/CPF, `{serie}` and `{numero}` the DPS's, unpadded. */
  consultarDps: string;
}

/** The `infDPS` identifier attribute as a provider's schema names it. */
export type AtributoIdDps = 'Id' | 'id';

/** Confidence of a profile's member: `terceiros` read in a library's code or notes, `desconhecida` our most likely value. */
export type ConfiancaPerfil = 'terceiros' | 'desconhecida';

/**
 * A provider that takes the national DPS on its own web service (the provider table's route
 * `provedor_layout_nacional`): what differs from the national system is the transport, so a profile is data, and a
 * provider with a known transport shape is one more profile. The service URL comes from the provider table's row
 * (LAYOUT_NACIONAL_URLS_LIVE says whether production notes go to it); a row without one is not served. `confianca` names the confidence of every
 * member that is not a stated fact (docs/provedores-nfse.md, section "Layout nacional no provedor").
 */
export interface PerfilLayoutNacional {
  /** The provider as the table spells it (`provedor` column). */
  nome: string;
  transporte: TransporteDps;
  soap: SoapDps | null;
  rest: RestDps | null;
  lote: LoteDps | null;
  /**
   * Name of the `infDPS` identifier attribute the provider's schema takes: the national `Id`, or `id` where the
   * provider's own copy of the schema spells it in lower case. The signature's Reference URI points at it.
   */
  atributoId: AtributoIdDps;
  /** Credentials beyond the company's A1 that the service asks for; [] when none is known. */
  credenciais: ReadonlyArray<'usuario_senha' | 'token'>;
  /** Where the profile's facts were read. */
  fonte: string;
  confianca: Readonly<Record<string, ConfiancaPerfil>>;
}
