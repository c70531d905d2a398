import { Paginas } from '../paginas.js';
import type { Transporte } from '../transporte.js';
import {
  cabecalhosSimulacao,
  segmento,
  type CorpoDe,
  type FiltroDe,
  type OpcoesChamada,
  type OpcoesSimulacao,
  type RespostaDe,
  type Schemas,
} from '../tipos.js';

export type Lote = Schemas['Lote'];
export type LoteItem = Schemas['LoteItem'];

type Comum = { empresa_id?: string; ao_validar?: 'emitir_validas' | 'aguardar' };
/** One line of a JSON batch: an issuance body without `empresa_id` (the batch's), with its `referencia`. */
export type LinhaLote = Omit<Schemas['NfseRequest'], 'empresa_id' | 'referencia'> & { referencia: string };
/** A batch from JSON lines. */
export type LoteJson = Comum & { itens: LinhaLote[] };
/** A batch from an .xlsx: row 1 names the columns with the request's JSON paths, each later row is one line. */
export type LotePlanilha = Comum & { planilha: Blob | Uint8Array | ArrayBuffer; nome_arquivo?: string };

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** `/v1/lotes`: batches of NFS-e from JSON or a spreadsheet. */
export class LotesRecurso {
  constructor(private readonly http: Transporte) {}

  /** Always answers 202 with the batch `validando`; its lines are validated and issued in the background. */
  async criar(entrada: LoteJson | LotePlanilha, opcoes: OpcoesSimulacao = {}): Promise<Lote> {
    let corpo: unknown;
    if ('planilha' in entrada) {
      const form = new FormData();
      const arquivo =
        entrada.planilha instanceof Blob ? entrada.planilha : new Blob([entrada.planilha as BlobPart], { type: XLSX });
      form.set('planilha', arquivo, entrada.nome_arquivo ?? 'lote.xlsx');
      if (entrada.empresa_id) form.set('empresa_id', entrada.empresa_id);
      if (entrada.ao_validar) form.set('ao_validar', entrada.ao_validar);
      corpo = form;
    } else {
      corpo = entrada;
    }
    return (
      await this.http.enviar<Lote>({
        metodo: 'POST',
        caminho: '/v1/lotes',
        corpo,
        cabecalhos: cabecalhosSimulacao(opcoes),
        ...opcoes,
      })
    ).corpo;
  }

  async obter(id: string, opcoes: OpcoesChamada = {}): Promise<Lote> {
    return (
      await this.http.enviar<Lote>({ metodo: 'GET', caminho: `/v1/lotes/${segmento(id)}`, signal: opcoes.signal })
    ).corpo;
  }

  /** Batches, newest first, every page followed; every filter of `GET /v1/lotes`. */
  listar(consulta: FiltroDe<'listLotes'> = {}, opcoes: OpcoesChamada = {}): Paginas<Lote> {
    const { cursor: inicio, ...filtro } = consulta;
    return new Paginas(async (cursor) => {
      const res = await this.http.enviar<RespostaDe<'listLotes', 200>>({
        metodo: 'GET',
        caminho: '/v1/lotes',
        consulta: { ...filtro, cursor: cursor ?? undefined },
        signal: opcoes.signal,
      });
      return { itens: res.corpo.dados, proximo_cursor: res.corpo.proximo_cursor };
    }, inicio ?? null);
  }

  /** One entry per line of the batch, every page followed; every filter of its route (`status`, …). */
  itens(id: string, consulta: FiltroDe<'listLoteItens'> = {}, opcoes: OpcoesChamada = {}): Paginas<LoteItem> {
    const { cursor: inicio, ...filtro } = consulta;
    return new Paginas(async (cursor) => {
      const res = await this.http.enviar<RespostaDe<'listLoteItens', 200>>({
        metodo: 'GET',
        caminho: `/v1/lotes/${segmento(id)}/itens`,
        consulta: { ...filtro, cursor: cursor ?? undefined },
        signal: opcoes.signal,
      });
      return { itens: res.corpo.dados, proximo_cursor: res.corpo.proximo_cursor };
    }, inicio ?? null);
  }

  /** Issues a batch created with `ao_validar: 'aguardar'` (once). */
  async emitir(id: string, corpo: CorpoDe<'emitLote'>, opcoes: OpcoesChamada = {}): Promise<Lote> {
    return (
      await this.http.enviar<Lote>({ metodo: 'POST', caminho: `/v1/lotes/${segmento(id)}/emissao`, corpo, ...opcoes })
    ).corpo;
  }

  /** Sends corrected lines again. */
  async reprocessar(id: string, corpo: CorpoDe<'reprocessLote'>, opcoes: OpcoesChamada = {}): Promise<Lote> {
    return (
      await this.http.enviar<Lote>({
        metodo: 'POST',
        caminho: `/v1/lotes/${segmento(id)}/reprocessamento`,
        corpo,
        ...opcoes,
      })
    ).corpo;
  }

  /** The spreadsheet with each line's result (.xlsx bytes). */
  async relatorio(id: string, opcoes: OpcoesChamada = {}): Promise<Uint8Array> {
    return (
      await this.http.enviar<Uint8Array>({
        metodo: 'GET',
        caminho: `/v1/lotes/${segmento(id)}/relatorio`,
        leitura: 'bytes',
        signal: opcoes.signal,
      })
    ).corpo;
  }
}
