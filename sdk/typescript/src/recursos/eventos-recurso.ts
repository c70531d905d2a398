import { Paginas } from '../paginas.js';
import type { Transporte } from '../transporte.js';
import type { OpcoesChamada, RespostaDe } from '../tipos.js';

export type Evento = RespostaDe<'listEvents', 200>['eventos'][number];

/** `/v1/eventos`: the account's event log, oldest first. */
export class EventosRecurso {
  constructor(private readonly http: Transporte) {}

  /**
   * Events after `apos` (the last stored cursor), every page followed until the log is caught up (an empty
   * page: the log always returns a next cursor). To continue later, read with `.paginas()` and store each
   * page's `proximo_cursor`. A cursor past the 90-day retention is FiscalApiError `cursor_vencido` with
   * `cursor_mais_antigo`.
   */
  listar(consulta: { apos?: string; limite?: number } = {}, opcoes: OpcoesChamada = {}): Paginas<Evento> {
    return new Paginas(
      async (apos) => {
        const res = await this.http.enviar<RespostaDe<'listEvents', 200>>({
          metodo: 'GET',
          caminho: '/v1/eventos',
          consulta: { limite: consulta.limite, apos: apos ?? undefined },
          signal: opcoes.signal,
        });
        return { itens: res.corpo.eventos, proximo_cursor: res.corpo.proximo_cursor };
      },
      consulta.apos ?? null,
      true,
    );
  }
}
