import { Paginas } from '../paginas.js';
import type { Transporte } from '../transporte.js';
import { segmento, type CorpoDe, type FiltroDe, type OpcoesChamada, type Schemas, type SucessoDe } from '../tipos.js';

export type Documento = Schemas['ReceivedDocument'];

/** `/v1/documents`: NFS-e, NF-e and CT-e captured for the account's companies (production key only). */
export class DocumentosRecurso {
  constructor(private readonly http: Transporte) {}

  /** Every page followed; this route names its fields in camelCase (`itens`, `proximoCursor`). */
  listar(consulta: FiltroDe<'listDocuments'> = {}, opcoes: OpcoesChamada = {}): Paginas<Documento> {
    const { cursor: inicio, ...filtro } = consulta;
    return new Paginas(async (cursor) => {
      const res = await this.http.enviar<SucessoDe<'listDocuments'>>({
        metodo: 'GET',
        caminho: '/v1/documents',
        consulta: { ...filtro, cursor: cursor ?? undefined },
        signal: opcoes.signal,
      });
      return { itens: res.corpo.itens, proximo_cursor: res.corpo.proximoCursor };
    }, inicio ?? null);
  }

  /** A document with its events; `id` is the `notaId` of the capture events. */
  async obter(id: string, opcoes: OpcoesChamada = {}): Promise<SucessoDe<'getDocument'>> {
    return (
      await this.http.enviar<SucessoDe<'getDocument'>>({
        metodo: 'GET',
        caminho: `/v1/documents/${segmento(id)}`,
        signal: opcoes.signal,
      })
    ).corpo;
  }

  /** The recipient's manifestation on a received NF-e. */
  async manifestar(
    id: string,
    corpo: CorpoDe<'manifestDocument'>,
    opcoes: OpcoesChamada = {},
  ): Promise<SucessoDe<'manifestDocument'>> {
    return (
      await this.http.enviar<SucessoDe<'manifestDocument'>>({
        metodo: 'POST',
        caminho: `/v1/documents/${segmento(id)}/manifestacao`,
        corpo,
        ...opcoes,
      })
    ).corpo;
  }

  async xml(id: string, opcoes: OpcoesChamada = {}): Promise<string> {
    return (
      await this.http.enviar<string>({
        metodo: 'GET',
        caminho: `/v1/documents/${segmento(id)}/xml`,
        leitura: 'texto',
        signal: opcoes.signal,
      })
    ).corpo;
  }
}
