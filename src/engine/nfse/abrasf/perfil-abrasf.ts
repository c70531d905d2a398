import { escapeAttr } from '../../xml/el.js';
/** The ABRASF 2.0x web service operations (WSDL names) a profile may offer. */
export type OperacaoAbrasf =
  | 'GerarNfse'
  | 'RecepcionarLoteRpsSincrono'
  | 'ConsultarNfsePorRps'
  | 'CancelarNfse'
  | 'SubstituirNfse'
  | 'ConsultarNfseServicoTomado'
  // EL 1.00's own service (RpsService): the asynchronous lot, its two queries and the session around the lot.
  | 'EnviarLoteRps'
  | 'ConsultarSituacaoLoteRps'
  | 'ConsultarLoteRps'
  | 'autenticarContribuinte'
  | 'finalizarSessao';

/** A credential some providers ask beyond the A1 (the company's `credenciais_provedor`). */
export type CredencialProvedor = 'usuario' | 'senha' | 'token';

/**
 * The credentials a family asks beyond the A1 and where they go on the wire. Each map names, per credential, the
 * element (`elementos`: after the message, inside the operation's wrapper) or the URL query parameter (`parametrosUrl`)
 * carrying it; never inside the signed message, so the stored document holds no secret.
 */
export interface CredenciaisFamiliaAbrasf {
  exigidas: readonly CredencialProvedor[];
  elementos?: Partial<Record<CredencialProvedor, string>>;
  parametrosUrl?: Partial<Record<CredencialProvedor, string>>;
  /** `basic`: usuario and senha as the request's HTTP Basic authorization (`Authorization: Basic …`). */
  autorizacaoHttp?: 'basic';
  /** The password goes in the requester's identification the family's schema puts in every message. */
  requerente?: RequerenteAbrasf;
  /**
   * `sessao`: the password opens a session (autenticarContribuinte, with the provider's CNPJ) whose hash the lot
   * carries (hashIdentificador) and finalizarSessao closes; it goes in no other message (EL 1.00).
   */
  login?: 'sessao';
}

/**
 * The requester's identification a family's schema requires in every message (tcIdentificacaoRequerente: CpfCnpj,
 * InscricaoMunicipal, Senha, Homologa). It is written into the message when it is sent, never into the stored
 * document, so the document holds no secret; `depoisDe` names, per operation, the message child it follows where it
 * is not the message's first child.
 */
export interface RequerenteAbrasf {
  elemento: string;
  depoisDe?: Partial<Record<OperacaoAbrasf, string>>;
}

/** The RPS builders (build-rps.ts): the ABRASF template's, and the families' that write the RPS otherwise. */
export type ModeloRpsAbrasf = 'abrasf' | 'itens' | 'megasoft' | 'el';

/** The ABRASF 2.0x layout versions a family profile may speak. */
export type VersaoAbrasf2 = '2.00' | '2.01' | '2.02' | '2.03' | '2.04';

/** The versions a family profile may speak: ABRASF 2.0x, and an own layout the engine speaks as a profile (EL 1.00). */
export type VersaoPerfilAbrasf = VersaoAbrasf2 | '1.00';

/**
 * What one provider family's ABRASF 2.0x service is, in every municipality that runs it (the provider table's
 * `familia` + `versao`). A profile is our configuration, written from the family's own schema (`esquema`) and the
 * wire facts the data folder's provider README gathers; `incertos` names every member that is the most likely value
 * rather than a stated fact (docs/provedores-nfse.md, section ABRASF).
 */
export interface PerfilFamiliaAbrasf {
  /** The provider table's `familia`. */
  familia: string;
  versao: VersaoPerfilAbrasf;
  /** The providers (the table's `provedor`) of the family this profile describes; absent: every one of them. */
  provedores?: readonly string[];
  /**
   * The family's schema, under the provider folder of the data directory (`issnet/2.04/uninfe/nfse_v2-04.xsd`); with
   * `{mensagem}` where the family has one schema file per message (esquemaDaMensagem).
   */
  esquema: string;
  /** SOAP 1.1 (text/xml + SOAPAction header) as the ABRASF WSDL binds it, or 1.2. */
  soap: '1.1' | '1.2';
  /**
   * SOAPAction of an operation: `{operacao}` stands for its name (`http://nfse.abrasf.org.br/{operacao}`, or ``),
   * `{operacaoMinuscula}` for it with a lower-case first letter (`gerarNfse`).
   */
  soapAction: string;
  /** An operation's name as the SOAPAction writes it, where the family's service names it otherwise (`{operacao}`). */
  operacaoNaAcao?: Partial<Record<OperacaoAbrasf, string>>;
  /**
   * The SOAP body's wrapper element of an operation, with the tokens of soapAction and `{mensagem}` for the root of
   * its message (`GerarNfseEnvio`): `{operacao}Request`; a path (`{operacao}/{operacao}Request`) where the family
   * nests one wrapper in another, outermost first.
   */
  envoltorio: string;
  /** Namespace of the wrapper (the WSDL's target namespace). */
  namespaceWsdl: string;
  /** Namespace of the messages (the XSD's target namespace); null where the schema has none (unqualified elements). */
  namespaceDados: string | null;
  /**
   * Where the message goes in the wrapper: `texto`, as the strings nfseCabecMsg and nfseDadosMsg of the ABRASF WSDL
   * (the answer in outputXML); `elementos`, the message element itself as the wrapper's child (the answer's
   * `…Resposta` element in the body); `conteudo`, the wrapper in the message's place, holding the message's children,
   * each declaring the message's namespace; `corpo`, the message element straight in the SOAP body with no wrapper
   * (the answer's `…Resposta` likewise; `envoltorio` is then `{mensagem}`, the message root naming the operation).
   */
  mensagem: 'texto' | 'elementos' | 'conteudo' | 'corpo';
  /** A `texto` message carried as escaped text or inside CDATA (both are a string to the WSDL). */
  dados: 'escapado' | 'cdata';
  /**
   * The element of a `texto` message where the family names it otherwise than nfseDadosMsg; written in the wrapper's
   * namespace. Absent: nfseDadosMsg.
   */
  campoDados?: string;
  /** The element of the answer's string where the family names it otherwise than outputXML. Absent: outputXML. */
  campoResposta?: string;
  /**
   * A family that puts each message in a namespace of its own (the root and the elements its schema declares with
   * it, `{mensagem}` standing for the root in kebab case: `gerar-nfse-envio`) and the types in another; absent: the
   * whole message in namespaceDados.
   */
  namespacePorMensagem?: { mensagem: string; tipos: string };
  /**
   * InfPedidoCancelamento also carries the national cancellation reason (ADNCodMotivo 1/2/9 and ADNMotivo, the
   * request's text), as the family's schema requires. Absent: only CodigoCancelamento.
   */
  motivoCancelamentoNacional?: boolean;
  /**
   * The shape of the RPS (tcDeclaracaoPrestacaoServico) and of its identification, which picks its builder
   * (build-rps.ts): the ABRASF template's (absent); `itens`, a Servico listing its items (build-abrasf-rps-itens.ts,
   * EloTech: ListaItensServico/ItemServico, each with the company's CNAE, after the template's children in the
   * schema's order, the taker's address required, no OptanteSimplesNacional nor InformacoesComplementares); or
   * MegaSoft's (`megasoft`: the RPS identification, numbered only, inside InfDeclaracaoPrestacaoServico before
   * Servico, Prestador and Tomador, nothing else); or EL's own 1.00 layout (`el`, build-el-rps.ts: tcRps of
   * el-nfse.xsd, sent in an asynchronous LoteRps).
   */
  modeloRps?: ModeloRpsAbrasf;
  /** The nfseCabecMsg header of a `texto` message, its `versao` attribute and `versaoDados`; null where none is sent. */
  cabecalho: { versao: string; versaoDados: string } | null;
  /** The elements whose name or place changed between the 2.0x versions. */
  elementos: {
    /** The taker's group: TomadorServico (2.04) or Tomador (2.00–2.03). */
    tomador: 'TomadorServico' | 'Tomador';
    /** The lot's provider: a Prestador group (2.04) or CpfCnpj and InscricaoMunicipal straight in LoteRps (2.00–2.03). */
    prestadorDoLote: 'Prestador' | 'CpfCnpj';
    /** Servico/CodigoNbs exists in the schema. */
    codigoNbs: boolean;
    /**
     * The children of Servico in the family's schema order, where the family orders or names them otherwise than the
     * ABRASF template (absent: ABRASF_SERVICO). An element left out is not written; where ItemListaServico is left
     * out nothing asks the note for an LC 116 subitem, and where cNBS is listed the note must bring its NBS.
     */
    servico?: readonly ElementoServicoAbrasf[];
    /** The schema requires regApTribSN (the Simples Nacional assessment) of every RPS. Absent: not written. */
    regApTribSN?: boolean;
    /** InformacoesComplementares exists in the schema. Absent: it does (the ABRASF template). */
    informacoesComplementares?: boolean;
    /** The RPS identification (`Rps`, tcInfRps) carries the identifier attribute, required by the schema; absent: not sent. */
    identificadorRps?: boolean;
    /** The answers' CompNfse holds the note in a CompNfse of the same name (tcCompNfse), as the schema nests it. */
    compNfseAninhado?: boolean;
    /**
     * InfPedidoCancelamento carries the note's ChaveAcesso (the key the city wrote in InfNfse) after
     * IdentificacaoNfse, in a cancellation and in a substitution's Pedido; the note's stored key carries it
     * (chaveAbrasf). Absent: not written.
     */
    chaveAcessoNoCancelamento?: boolean;
    /**
     * The queries name the company only through the requester's identification: ConsultarNfseRps without Prestador,
     * ConsultarNfseServicoTomado with the company as Tomador after the period instead of a Consulente. Absent: the
     * ABRASF template.
     */
    consultaPeloRequerente?: boolean;
  };
  /**
   * Single notes go by GerarNfse (one RPS), by a one-RPS RecepcionarLoteRpsSincrono, or by a one-RPS asynchronous
   * lot (`EnviarLoteRps`, EL 1.00: the protocol, then the lot's situation and notes, emit-el.ts).
   */
  emissao: 'GerarNfse' | 'RecepcionarLoteRpsSincrono' | 'EnviarLoteRps';
  operacoes: readonly OperacaoAbrasf[];
  /** Most RPS per synchronous lot. */
  loteMaximo: number;
  /**
   * How the family's service URL ends, where another version of the provider serves from another path: a table row
   * whose production URL lacks it names the other version's service, so its version or its URL is out of date and
   * the municipality is refused rather than sent the wrong layout.
   */
  caminhoServico?: string;
  /** Which XML-DSig signatures the family requires (each is optional in the XSD). */
  assinaturas: { rps: boolean; lote: boolean; cancelamento: boolean; substituicao: boolean };
  /** RSA-SHA1/SHA-1 as the ABRASF manual fixes it, or SHA-256 where the provider moved on. */
  algoritmo: 'sha1' | 'sha256';
  /**
   * CodigoTributacaoMunicipio: `omitir` (optional in the XSD, the city derives it), `codigo_nacional` (the city
   * adopted the national list: the six-digit national code), `exigido` (a city code no published correlation gives:
   * issuance is refused naming the field).
   */
  codigoTributacaoMunicipio: 'omitir' | 'codigo_nacional' | 'exigido';
  /**
   * The message codes the client acts on (each provider publishes its own table): an RPS already converted into a
   * note (recover it instead of failing), an RPS without a note (safe to send), a note already cancelled.
   */
  codigos: { rpsJaConvertido: string; rpsNaoEncontrado: string; nfseJaCancelada: string };
  /** The provider's InscricaoMunicipal must be sent (optional in the XSD). */
  inscricaoMunicipalObrigatoria: boolean;
  /** Members holding the most likely value instead of a stated fact. */
  incertos: ReadonlyArray<keyof PerfilAbrasf>;
  /**
   * The identifier attribute of the signed elements (InfDeclaracaoPrestacaoServico, LoteRps, InfPedidoCancelamento,
   * SubstituicaoNfse, InfNfse): the ABRASF schema's `Id` when absent, a provider's lower-case `id`; null where the
   * family writes none (optional in its schema), so nothing can be signed and `assinaturas` asks for nothing.
   */
  atributoId?: 'Id' | 'id' | null;
  /** The credentials the family asks beyond the A1; absent: none. */
  credenciais?: CredenciaisFamiliaAbrasf;
}

/**
 * The profile of one municipality: its family's, with the addresses the provider table gives it and whatever the
 * municipality deviates in (src/engine/nfse/abrasf/perfis/ajustes-municipio-abrasf.ts).
 */
export interface PerfilAbrasf extends PerfilFamiliaAbrasf {
  /** IBGE code of the municipality, seven digits. */
  ibge: string;
  /** The municipality as messages name it (`Brasília/DF`). */
  nome: string;
  /** The provider as the table spells it (ISSNet, WebISS, …). */
  provedor: string;
  /** Production and homologation URLs of the service; null when not known (then it must be configured). */
  endpoints: { producao: string | null; homologacao: string | null };
  /** Where the endpoints were read. */
  fonteEndpoints: string;
  /** Where what the municipality deviates in from its family was read; null when it deviates in nothing. */
  fonteAjuste: string | null;
}

/**
 * The children of Servico the RPS builder writes: the ABRASF template's, `cTribNac`/`cNBS` (the national service
 * code and NBS) that some families added beside them, and `Exigibilidade`/`NumeroNbs`, the names another family gives
 * ExigibilidadeISS and the NBS.
 */
export type ElementoServicoAbrasf =
  | 'Valores'
  | 'IssRetido'
  | 'ResponsavelRetencao'
  | 'ItemListaServico'
  | 'CodigoTributacaoMunicipio'
  | 'CodigoNbs'
  | 'Discriminacao'
  | 'CodigoMunicipio'
  | 'ExigibilidadeISS'
  | 'MunicipioIncidencia'
  | 'cTribNac'
  | 'cNBS'
  | 'Exigibilidade'
  | 'NumeroNbs';

/** Servico in the ABRASF 2.0x template's order (CodigoNbs written only where the schema has it). */
export const ABRASF_SERVICO: readonly ElementoServicoAbrasf[] = [
  'Valores',
  'IssRetido',
  'ResponsavelRetencao',
  'ItemListaServico',
  'CodigoTributacaoMunicipio',
  'CodigoNbs',
  'Discriminacao',
  'CodigoMunicipio',
  'ExigibilidadeISS',
  'MunicipioIncidencia',
];

/** Servico's children as the layout writes them: its own order, or the template's. */
export const servicoAbrasf = (leiaute: Pick<LeiauteAbrasf, 'elementos'>): readonly ElementoServicoAbrasf[] =>
  leiaute.elementos.servico ?? ABRASF_SERVICO;

/** What shapes the messages themselves (abrasf-message.ts, build-abrasf-rps.ts): namespace, version, elements. */
export type LeiauteAbrasf = Pick<
  PerfilFamiliaAbrasf,
  | 'versao'
  | 'namespaceDados'
  | 'elementos'
  | 'esquema'
  | 'namespacePorMensagem'
  | 'motivoCancelamentoNacional'
  | 'atributoId'
  | 'modeloRps'
>;

/** The identifier attribute of a layout's signed elements (`Id` unless the family writes `id`), null where it has none. */
export const atributoIdAbrasf = (leiaute: Pick<LeiauteAbrasf, 'atributoId'>): 'Id' | 'id' | null =>
  leiaute.atributoId === undefined ? 'Id' : leiaute.atributoId;

/** ` Id="…"` (the layout's identifier attribute with its value) for an element's start tag; nothing where it has none. */
export const idAbrasf = (leiaute: Pick<LeiauteAbrasf, 'atributoId'>, valor: string): string => {
  const atributo = atributoIdAbrasf(leiaute);
  return atributo ? ` ${atributo}="${escapeAttr(valor)}"` : '';
};

/** ` xmlns="…"` of a message root in the layout's namespace; nothing where the schema has none. */
export const xmlnsAbrasf = (leiaute: Pick<LeiauteAbrasf, 'namespaceDados'>): string =>
  leiaute.namespaceDados ? ` xmlns="${leiaute.namespaceDados}"` : '';

/** The ABRASF 2.04 template's wire names (WSDL and XSD), shared by every profile that does not deviate. */
export const ABRASF_WSDL_NS = 'http://nfse.abrasf.org.br';
export const ABRASF_NS = 'http://www.abrasf.org.br/nfse.xsd';

/**
 * Message codes of the ABRASF 1.0 table that ABRASF 2.x providers commonly kept: E10 RPS já informado, E92 RPS não
 * encontrado, E79 NFS-e já cancelada. The 2.04 table was not obtained: each profile says whether its family confirms them.
 */
export const ABRASF_CODIGOS_1_0 = { rpsJaConvertido: 'E10', rpsNaoEncontrado: 'E92', nfseJaCancelada: 'E79' } as const;

/**
 * What ABRASF 2.0x providers commonly do where their family states nothing else: the template's six operations, lots
 * of 50, all four signatures in RSA-SHA1, CodigoTributacaoMunicipio left out, the 1.0 message codes and the provider's
 * InscricaoMunicipal required. A profile spreads it where its family keeps these values, and lists the ones that are
 * not stated facts in `incertos`.
 */
export const PRATICA_ABRASF_2: Pick<
  PerfilFamiliaAbrasf,
  | 'operacoes'
  | 'loteMaximo'
  | 'assinaturas'
  | 'algoritmo'
  | 'codigoTributacaoMunicipio'
  | 'codigos'
  | 'inscricaoMunicipalObrigatoria'
> = {
  operacoes: [
    'GerarNfse',
    'RecepcionarLoteRpsSincrono',
    'ConsultarNfsePorRps',
    'CancelarNfse',
    'SubstituirNfse',
    'ConsultarNfseServicoTomado',
  ],
  loteMaximo: 50,
  assinaturas: { rps: true, lote: true, cancelamento: true, substituicao: true },
  algoritmo: 'sha1',
  codigoTributacaoMunicipio: 'omitir',
  codigos: ABRASF_CODIGOS_1_0,
  inscricaoMunicipalObrigatoria: true,
};

/**
 * The wire of the ABRASF 2.04 template (its WSDL and XSD): SOAP 1.1, `<Op>Request` in the WSDL namespace with the
 * nfseCabecMsg/nfseDadosMsg strings, SOAPAction = WSDL namespace + `/` + operation, the 2.04 elements. A family
 * profile starts from it (or from ABRASF_2_0X_ELEMENTOS for the older versions) and states what it changes.
 */
export const ABRASF_2_04 = {
  versao: '2.04',
  soap: '1.1',
  soapAction: `${ABRASF_WSDL_NS}/{operacao}`,
  envoltorio: '{operacao}Request',
  namespaceWsdl: ABRASF_WSDL_NS,
  namespaceDados: ABRASF_NS,
  mensagem: 'texto',
  cabecalho: { versao: '2.04', versaoDados: '2.04' },
  elementos: { tomador: 'TomadorServico', prestadorDoLote: 'Prestador', codigoNbs: true },
} as const satisfies Partial<PerfilFamiliaAbrasf>;

/** The elements of the ABRASF 2.00–2.03 schemas where 2.04 renamed or moved them (Tomador, the lot's CpfCnpj). */
export const ABRASF_2_0X_ELEMENTOS: PerfilFamiliaAbrasf['elementos'] = {
  tomador: 'Tomador',
  prestadorDoLote: 'CpfCnpj',
  codigoNbs: true,
};
