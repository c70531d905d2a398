import { Paginas } from '../paginas.js';
import type { Transporte } from '../transporte.js';
import {
  cabecalhosSimulacao,
  segmento,
  type ConsultaDe,
  type CorpoDe,
  type FiltroDe,
  type OpcoesChamada,
  type OpcoesEmissao,
  type OpcoesSimulacao,
  type RespostaDe,
  type Schemas,
} from '../tipos.js';

export type Nfse = Schemas['Nfse'];
export type NfseRequest = Schemas['NfseRequest'];

export type { OpcoesEmissao };

/** `/v1/nfse`: issue, read, list, validate, cancel, confirm and e-mail NFS-e. */
export class NfseRecurso {
  constructor(private readonly http: Transporte) {}

  /**
   * Issues a note. Returns it authorised (201) or still `transmitindo` (202: do not issue again; read it later or
   * follow it with `acompanhar`). A rejection is a FiscalApiError `nfse_rejeitada` / `falha_transmissao` whose
   * `nfse` is the note.
   */
  async emitir(corpo: CorpoDe<'issueNfse'>, opcoes: OpcoesEmissao = {}): Promise<Nfse> {
    const res = await this.http.enviar<RespostaDe<'issueNfse', 201>>({
      metodo: 'POST',
      caminho: '/v1/nfse',
      corpo,
      cabecalhos: cabecalhosSimulacao(opcoes),
      esperaSegundos: opcoes.esperaSegundos,
      chaveIdempotencia: opcoes.chaveIdempotencia,
      signal: opcoes.signal,
    });
    return res.corpo;
  }

  /** Validates an issuance body without creating anything (always 200). */
  async validar(corpo: CorpoDe<'validateNfse'>, opcoes: OpcoesChamada = {}): Promise<RespostaDe<'validateNfse', 200>> {
    return (
      await this.http.enviar<RespostaDe<'validateNfse', 200>>({
        metodo: 'POST',
        caminho: '/v1/nfse/validacoes',
        corpo,
        ...opcoes,
      })
    ).corpo;
  }

  /** One note by id, `referencia` or `chave_acesso` (`empresa_id` when the referencia exists in several companies). */
  async obter(id: string, consulta: ConsultaDe<'getNfse'> = {}, opcoes: OpcoesChamada = {}): Promise<Nfse> {
    return (
      await this.http.enviar<Nfse>({
        metodo: 'GET',
        caminho: `/v1/nfse/${segmento(id)}`,
        consulta,
        signal: opcoes.signal,
      })
    ).corpo;
  }

  /**
   * Notes issued by the service, newest first, every page followed: `for await (const nota of nfse.listar())`.
   * Takes every filter of `GET /v1/nfse`.
   */
  listar(consulta: FiltroDe<'listNfse'> = {}, opcoes: OpcoesChamada = {}): Paginas<Nfse> {
    const { cursor, ...filtro } = consulta;
    return new Paginas(async (proximo) => {
      const res = await this.http.enviar<RespostaDe<'listNfse', 200>>({
        metodo: 'GET',
        caminho: '/v1/nfse',
        consulta: { ...filtro, cursor: proximo ?? undefined },
        signal: opcoes.signal,
      });
      return { itens: res.corpo.dados, proximo_cursor: res.corpo.proximo_cursor };
    }, cursor ?? null);
  }

  /** Cancels an authorised note at the national system (`codigo_motivo` 1, 2 or 9; `motivo` 15 to 255 characters). */
  async cancelar(id: string, corpo: CorpoDe<'cancelNfse'>, opcoes: OpcoesSimulacao = {}): Promise<Nfse> {
    return (
      await this.http.enviar<Nfse>({
        metodo: 'POST',
        caminho: `/v1/nfse/${segmento(id)}/cancelamento`,
        corpo,
        cabecalhos: cabecalhosSimulacao(opcoes),
        ...opcoes,
      })
    ).corpo;
  }

  /**
   * E-mails the note's DANFSe and XML to `destinatarios` (1 to 10): answers the queued e-mail (202); the service
   * sends it and records each attempt on the note's `eventos` (NFSE_EMAIL_ENVIADO / NFSE_EMAIL_FALHOU).
   */
  async enviarEmail(
    id: string,
    corpo: CorpoDe<'requestNfseEmail'>,
    opcoes: OpcoesChamada = {},
  ): Promise<RespostaDe<'requestNfseEmail', 202>> {
    return (
      await this.http.enviar<RespostaDe<'requestNfseEmail', 202>>({
        metodo: 'POST',
        caminho: `/v1/nfse/${segmento(id)}/email`,
        corpo,
        ...opcoes,
      })
    ).corpo;
  }

  /** Resumes a note `aguardando_confirmacao`, keeping or changing its competence. */
  async confirmar(id: string, corpo: CorpoDe<'confirmNfse'> = {}, opcoes: OpcoesChamada = {}): Promise<Nfse> {
    return (
      await this.http.enviar<Nfse>({
        metodo: 'POST',
        caminho: `/v1/nfse/${segmento(id)}/confirmacao`,
        corpo,
        ...opcoes,
      })
    ).corpo;
  }

  /** The authorised XML, as the national system returned it. */
  async xml(id: string, opcoes: OpcoesChamada = {}): Promise<string> {
    return (
      await this.http.enviar<string>({
        metodo: 'GET',
        caminho: `/v1/nfse/${segmento(id)}/xml`,
        leitura: 'texto',
        signal: opcoes.signal,
      })
    ).corpo;
  }

  /** The DANFSe (PDF bytes). */
  async pdf(id: string, opcoes: OpcoesChamada = {}): Promise<Uint8Array> {
    return (
      await this.http.enviar<Uint8Array>({
        metodo: 'GET',
        caminho: `/v1/nfse/${segmento(id)}/pdf`,
        leitura: 'bytes',
        signal: opcoes.signal,
      })
    ).corpo;
  }
}
