/** The ABRASF 1.00 operations (asynchronous lot, query by RPS, cancellation) a family's service offers. */
export type OperacaoAbrasf1 =
  'RecepcionarLoteRps' | 'ConsultarSituacaoLoteRps' | 'ConsultarLoteRps' | 'ConsultarNfsePorRps' | 'CancelarNfse';

/** One message of the family's schema package: the file that declares it and its root element. */
export interface MensagemAbrasf1 {
  /** Schema file (in the family's folder) declaring the root; its target namespace is the message's. */
  arquivo: string;
  namespace: string;
  raiz: string;
  /** Whether the root's own children are namespace-qualified (the file's elementFormDefault). */
  filhosQualificados: boolean;
}

/**
 * One operation of a family that offers each as its own SOAP service (WCF): `<ns1:<elemento>>` in the profile's
 * namespace with the message, escaped, in `<argumento>`; the answer is the document in `<elemento>Result`.
 */
export interface ServicoAbrasf1 {
  elemento: string;
  soapAction: string;
  argumento: string;
  /**
   * The service's path (`ENVIOLOTERPS/EnvioLoteRPS.svc`): the municipality's URL names the lot reception's, and every
   * other operation's is that URL with this tail replaced.
   */
  caminho: string;
}

/**
 * The 1.00 lot situation (tsSituacaoLoteRps): 1 não recebido, 2 não processado, 3 processado com erro,
 * 4 processado com sucesso.
 */
export type SituacaoLote = '1' | '2' | '3' | '4';

/**
 * How one ABRASF 1.00 family's service is reached and what its messages are: the wire facts per family as data,
 * so adding a family with a known schema is a profile. `incertos` names every member holding the most likely value
 * instead of a stated fact (docs/provedores-nfse.md, section ABRASF 1.00).
 */
export interface PerfilAbrasf1 {
  /** The provider table's `familia` this profile serves. */
  familia: string;
  nome: string;
  versao: '1.00';
  /** Folder of the family's schema package under the provider data (`<provider>/<version>/<source>`). */
  pasta: string;
  /** Namespace of the shared types (tipos) and whether their elements are qualified. */
  tipos: { namespace: string; qualificados: boolean };
  /**
   * The messages of the family's package; `CancelarNfse` null where the service registers no cancellation (it is
   * refused before anything is sent), `cabecalho` null where the calls carry none.
   */
  mensagens: Record<Exclude<OperacaoAbrasf1, 'CancelarNfse'>, MensagemAbrasf1> & {
    CancelarNfse: MensagemAbrasf1 | null;
    cabecalho: { arquivo: string; namespace: string; versao: string; versaoDados: string } | null;
  };
  /**
   * The SOAP call: `<ns1:<Op><sufixo> xmlns:ns1="<namespace>">` holding the cabecalho and the message, both escaped
   * text, in the elements `argumentos` names (Ginfes: `arg0`, `arg1`; `mensagem` null: an element named after the
   * message's root, ISS Fortaleza's `<EnviarLoteRpsEnvio>`), with the given SOAPAction; the namespace per
   * environment. The answer is the escaped document in the `resposta` element (`return`), or, where it is null, the
   * body's `…Resposta` document, written in it or escaped. `cancelamento`: the cancellation's own element, with or
   * without the cabecalho, where it differs from the others'. A family with one service per operation (`servicos`)
   * is called as each one says instead, without a cabecalho.
   */
  soap: {
    sufixoOperacao: string;
    namespaceProducao: string;
    namespaceHomologacao: string;
    soapAction: string;
    argumentos: { cabecalho: string | null; mensagem: string | null };
    resposta: string | null;
    cancelamento?: { elemento: string; comCabecalho: boolean };
    /** The argument elements are in the operation's namespace (a WCF service's `<tem:loteXML>`), not unqualified. */
    argumentosQualificados?: true;
    servicos?: Record<Exclude<OperacaoAbrasf1, 'CancelarNfse'>, ServicoAbrasf1>;
  };
  /** The identifier attribute of LoteRps, InfRps and the lot queries' roots (`Id`, or `id` where the schema says so). */
  idAtributo: 'Id' | 'id';
  /**
   * tcDadosServico ends with the Reforma Tributária codes NBS, cClassTrib and INDOP, each required: the note must
   * bring its NBS and its IBS/CBS classification with the operation indicator.
   */
  servicoRtc: boolean;
  /** tcDadosTomador requires RazaoSocial (and tcInfRps the Tomador): a note without an identified taker is refused. */
  tomadorObrigatorio: boolean;
  /** tsCnpj is an integer: CNPJs with letters (provider or taker) cannot be written. */
  cnpjNumerico: boolean;
  /** The NFS-e's Competencia is an xsd:dateTime (an xsd:date otherwise). */
  competenciaDataHora: boolean;
  /**
   * Which XML-DSig signatures the family asks for (each is optional in its schema): `consultas` the lot queries,
   * `consultaRps` ConsultarNfsePorRps (a schema without a Signature there makes it false).
   */
  assinaturas: { rps: boolean; lote: boolean; consultas: boolean; consultaRps: boolean; cancelamento: boolean };
  /** tcValores lists DescontoCondicionado before DescontoIncondicionado (ABRASF 1.00 has them the other way). */
  descontoCondicionadoAntes: boolean;
  algoritmo: 'sha1' | 'sha256';
  /** The lot queries' roots carry an Id attribute (the signature then references it; URI "" otherwise). */
  idNasConsultas: boolean;
  /** The family's message codes the client acts on: RPS already informed, RPS without a note, note already cancelled. */
  codigos: { rpsJaInformado: string; rpsNaoEncontrado: string; nfseJaCancelada: string };
  /** Members holding the most likely value instead of a stated fact. */
  incertos: ReadonlyArray<keyof PerfilAbrasf1>;
}

/**
 * The ABRASF 1.0 message table's codes that the Ginfes-derived services kept: E10 RPS já informado, E92 RPS não
 * encontrado (ainda não convertido), E79 NFS-e já cancelada.
 */
export const CODIGOS_ABRASF_1_0 = { rpsJaInformado: 'E10', rpsNaoEncontrado: 'E92', nfseJaCancelada: 'E79' } as const;
