import type { Transporte } from '../transporte.js';
import { segmento, type CorpoDe, type OpcoesChamada, type Schemas, type SucessoDe } from '../tipos.js';

export type Empresa = Schemas['Company'];
export type Prontidao = Schemas['Readiness'];

/** `/v1/companies`: the account's companies (creating and changing them needs a production key). */
export class EmpresasRecurso {
  constructor(private readonly http: Transporte) {}

  /** Every company (not paginated). */
  async listar(opcoes: OpcoesChamada = {}): Promise<Empresa[]> {
    return (await this.http.enviar<Empresa[]>({ metodo: 'GET', caminho: '/v1/companies', signal: opcoes.signal }))
      .corpo;
  }

  async criar(corpo: CorpoDe<'createCompany'>, opcoes: OpcoesChamada = {}): Promise<SucessoDe<'createCompany'>> {
    return (
      await this.http.enviar<SucessoDe<'createCompany'>>({ metodo: 'POST', caminho: '/v1/companies', corpo, ...opcoes })
    ).corpo;
  }

  async obter(id: string, opcoes: OpcoesChamada = {}): Promise<Empresa> {
    return (
      await this.http.enviar<Empresa>({
        metodo: 'GET',
        caminho: `/v1/companies/${segmento(id)}`,
        signal: opcoes.signal,
      })
    ).corpo;
  }

  async remover(id: string, opcoes: OpcoesChamada = {}): Promise<void> {
    await this.http.enviar({ metodo: 'DELETE', caminho: `/v1/companies/${segmento(id)}`, ...opcoes });
  }

  async pausar(id: string, opcoes: OpcoesChamada = {}): Promise<SucessoDe<'pauseCompany'>> {
    return (
      await this.http.enviar<SucessoDe<'pauseCompany'>>({
        metodo: 'POST',
        caminho: `/v1/companies/${segmento(id)}/pausa`,
        ...opcoes,
      })
    ).corpo;
  }

  async retomar(id: string, opcoes: OpcoesChamada = {}): Promise<SucessoDe<'resumeCompany'>> {
    return (
      await this.http.enviar<SucessoDe<'resumeCompany'>>({
        metodo: 'POST',
        caminho: `/v1/companies/${segmento(id)}/retomada`,
        ...opcoes,
      })
    ).corpo;
  }

  /** Sends the A1 certificate (base64 of the .pfx and its password). */
  async enviarCertificado(
    id: string,
    corpo: CorpoDe<'uploadCertificate'>,
    opcoes: OpcoesChamada = {},
  ): Promise<SucessoDe<'uploadCertificate'>> {
    return (
      await this.http.enviar<SucessoDe<'uploadCertificate'>>({
        metodo: 'POST',
        caminho: `/v1/companies/${segmento(id)}/certificate`,
        corpo,
        ...opcoes,
      })
    ).corpo;
  }

  /** Whether the company can issue now, item by item. */
  async prontidao(id: string, opcoes: OpcoesChamada = {}): Promise<Prontidao> {
    return (
      await this.http.enviar<Prontidao>({
        metodo: 'GET',
        caminho: `/v1/companies/${segmento(id)}/prontidao`,
        signal: opcoes.signal,
      })
    ).corpo;
  }
}
