import { Paginas } from '../paginas.js';
import type { Transporte } from '../transporte.js';
import {
  cabecalhosSimulacao,
  segmento,
  type CorpoDe,
  type FiltroDe,
  type OpcoesChamada,
  type OpcoesEmissao,
  type OpcoesSimulacao,
  type Schemas,
  type SucessoDe,
} from '../tipos.js';

export type Nfe = Schemas['Nfe'];
export type NfeInutilizacao = Schemas['NfeInutilizacao'];

/** `/v1/nfe`: NF-e (model 55) issued through the state authority. */
export class NfeRecurso {
  constructor(private readonly http: Transporte) {}

  async emitir(corpo: CorpoDe<'createNfe'>, opcoes: OpcoesEmissao = {}): Promise<Nfe> {
    return (
      await this.http.enviar<Nfe>({
        metodo: 'POST',
        caminho: '/v1/nfe',
        corpo,
        cabecalhos: cabecalhosSimulacao(opcoes),
        ...opcoes,
      })
    ).corpo;
  }

  async obter(id: string, opcoes: OpcoesChamada = {}): Promise<Nfe> {
    return (await this.http.enviar<Nfe>({ metodo: 'GET', caminho: `/v1/nfe/${segmento(id)}`, signal: opcoes.signal }))
      .corpo;
  }

  /** Every filter of `GET /v1/nfe`. */
  listar(consulta: FiltroDe<'listNfe'> = {}, opcoes: OpcoesChamada = {}): Paginas<Nfe> {
    const { cursor: inicio, ...filtro } = consulta;
    return new Paginas(async (cursor) => {
      const res = await this.http.enviar<SucessoDe<'listNfe'>>({
        metodo: 'GET',
        caminho: '/v1/nfe',
        consulta: { ...filtro, cursor: cursor ?? undefined },
        signal: opcoes.signal,
      });
      return { itens: res.corpo.dados, proximo_cursor: res.corpo.proximo_cursor };
    }, inicio ?? null);
  }

  async cancelar(
    id: string,
    corpo: CorpoDe<'cancelNfe'>,
    opcoes: OpcoesSimulacao = {},
  ): Promise<SucessoDe<'cancelNfe'>> {
    return (
      await this.http.enviar<SucessoDe<'cancelNfe'>>({
        metodo: 'POST',
        caminho: `/v1/nfe/${segmento(id)}/cancelamento`,
        corpo,
        cabecalhos: cabecalhosSimulacao(opcoes),
        ...opcoes,
      })
    ).corpo;
  }

  /** Registers a carta de correção (up to 20 per note). */
  async cartaCorrecao(
    id: string,
    corpo: CorpoDe<'registerNfeCartaCorrecao'>,
    opcoes: OpcoesChamada = {},
  ): Promise<SucessoDe<'registerNfeCartaCorrecao'>> {
    return (
      await this.http.enviar<SucessoDe<'registerNfeCartaCorrecao'>>({
        metodo: 'POST',
        caminho: `/v1/nfe/${segmento(id)}/carta-correcao`,
        corpo,
        ...opcoes,
      })
    ).corpo;
  }

  /** Corrects a rejected NF-e and sends it again (the number stays). */
  async corrigir(
    id: string,
    corpo: CorpoDe<'correctNfe'>,
    opcoes: OpcoesEmissao = {},
  ): Promise<SucessoDe<'correctNfe'>> {
    return (
      await this.http.enviar<SucessoDe<'correctNfe'>>({
        metodo: 'POST',
        caminho: `/v1/nfe/${segmento(id)}/correcao`,
        corpo,
        cabecalhos: cabecalhosSimulacao(opcoes),
        ...opcoes,
      })
    ).corpo;
  }

  async descartar(id: string, opcoes: OpcoesChamada = {}): Promise<SucessoDe<'discardNfe'>> {
    return (
      await this.http.enviar<SucessoDe<'discardNfe'>>({
        metodo: 'POST',
        caminho: `/v1/nfe/${segmento(id)}/descarte`,
        ...opcoes,
      })
    ).corpo;
  }

  async xml(id: string, opcoes: OpcoesChamada = {}): Promise<string> {
    return (
      await this.http.enviar<string>({
        metodo: 'GET',
        caminho: `/v1/nfe/${segmento(id)}/xml`,
        leitura: 'texto',
        signal: opcoes.signal,
      })
    ).corpo;
  }

  /** The DANFE (PDF bytes). */
  async pdf(id: string, opcoes: OpcoesChamada = {}): Promise<Uint8Array> {
    return (
      await this.http.enviar<Uint8Array>({
        metodo: 'GET',
        caminho: `/v1/nfe/${segmento(id)}/pdf`,
        leitura: 'bytes',
        signal: opcoes.signal,
      })
    ).corpo;
  }

  /** Voids a range of numbers never used. */
  async inutilizar(corpo: CorpoDe<'inutilizeNfe'>, opcoes: OpcoesSimulacao = {}): Promise<SucessoDe<'inutilizeNfe'>> {
    return (
      await this.http.enviar<SucessoDe<'inutilizeNfe'>>({
        metodo: 'POST',
        caminho: '/v1/nfe/inutilizacoes',
        corpo,
        cabecalhos: cabecalhosSimulacao(opcoes),
        ...opcoes,
      })
    ).corpo;
  }

  inutilizacoes(consulta: FiltroDe<'listNfeInutilizacoes'> = {}, opcoes: OpcoesChamada = {}): Paginas<NfeInutilizacao> {
    const { cursor: inicio, ...filtro } = consulta;
    return new Paginas(async (cursor) => {
      const res = await this.http.enviar<SucessoDe<'listNfeInutilizacoes'>>({
        metodo: 'GET',
        caminho: '/v1/nfe/inutilizacoes',
        consulta: { ...filtro, cursor: cursor ?? undefined },
        signal: opcoes.signal,
      });
      return { itens: res.corpo.dados, proximo_cursor: res.corpo.proximo_cursor };
    }, inicio ?? null);
  }
}
