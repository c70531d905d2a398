import { Paginas } from '../paginas.js';
import type { Transporte } from '../transporte.js';
import type { ConsultaDe, OpcoesChamada, RespostaDe, TipoEvento } from '../tipos.js';

export type Evento = Omit<RespostaDe<'listEvents', 200>['eventos'][number], 'tipo'> & { tipo: TipoEvento };

/** Every filter of `GET /v1/eventos`, with `apos` as the cursor to start after. */
export type FiltroEventos = Omit<ConsultaDe<'listEvents'>, 'apos' | 'limite'> & { apos?: string; limite?: number };

/** `/v1/eventos`: the account's event log, oldest first. */
export class EventosRecurso {
  constructor(private readonly http: Transporte) {}

  /**
   * Events after `apos` (the last stored cursor), every page followed until the log is caught up (an empty
   * page: the log always returns a next cursor). To continue later, read with `.paginas()` and store each
   * page's `proximo_cursor`. A cursor past the 90-day retention is FiscalApiError `cursor_vencido` with
   * `cursor_mais_antigo`.
   */
  listar(consulta: FiltroEventos = {}, opcoes: OpcoesChamada = {}): Paginas<Evento> {
    const { apos: inicio, ...filtro } = consulta;
    return new Paginas(
      async (apos) => {
        const res = await this.http.enviar<RespostaDe<'listEvents', 200>>({
          metodo: 'GET',
          caminho: '/v1/eventos',
          consulta: { ...filtro, apos: apos ?? undefined },
          signal: opcoes.signal,
        });
        return { itens: res.corpo.eventos as Evento[], proximo_cursor: res.corpo.proximo_cursor };
      },
      inicio ?? null,
      true,
    );
  }
}
