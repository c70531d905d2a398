export interface Pagina<T> {
  itens: T[];
  /** The cursor of the next page; null when the list ended. */
  proximo_cursor: string | null;
}

/** Reads the page after `cursor` (null: the first page). */
export type LerPagina<T> = (cursor: string | null) => Promise<Pagina<T>>;

/**
 * A cursor-paginated list: `for await (const nota of cliente.nfse.listar())` reads page after page. The cursor
 * is opaque and sent back exactly as received; only a null next cursor ends the list (a short or empty page does
 * not). `paginas()` gives the pages themselves, to store a cursor and continue later.
 */
export class Paginas<T> implements AsyncIterable<T> {
  constructor(
    private readonly ler: LerPagina<T>,
    private readonly inicio: string | null = null,
    /** The event log always returns a next cursor: there an empty page means "caught up". */
    private readonly pararNaPaginaVazia = false,
  ) {}

  async *paginas(): AsyncGenerator<Pagina<T>> {
    let cursor = this.inicio;
    for (;;) {
      const pagina = await this.ler(cursor);
      yield pagina;
      if (pagina.proximo_cursor === null || (this.pararNaPaginaVazia && pagina.itens.length === 0)) return;
      cursor = pagina.proximo_cursor;
    }
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<T> {
    for await (const pagina of this.paginas()) yield* pagina.itens;
  }

  /** Every item of every page, in order (for lists known to be small). */
  async todos(): Promise<T[]> {
    const out: T[] = [];
    for await (const item of this) out.push(item);
    return out;
  }
}
