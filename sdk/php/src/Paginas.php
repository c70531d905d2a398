<?php

declare(strict_types=1);

namespace FiscalApi;

/**
 * A cursor-paginated list: foreach ($cliente->nfse->listar() as $nota) reads page after page. The cursor is
 * opaque and sent back exactly as received; only a null next cursor ends the list (a short or empty page does
 * not). paginas() gives the pages themselves, to store a cursor and continue later.
 *
 * @template T of Modelo
 * @implements \IteratorAggregate<int, T>
 */
final class Paginas implements \IteratorAggregate
{
    /**
     * @param \Closure(?string): array{itens: list<T>, proximo_cursor: ?string} $ler
     * @param bool $pararNaPaginaVazia the event log always returns a next cursor: there an empty page means caught up
     */
    public function __construct(
        private readonly \Closure $ler,
        private readonly ?string $inicio = null,
        private readonly bool $pararNaPaginaVazia = false,
    ) {
    }

    /** @return \Generator<int, array{itens: list<T>, proximo_cursor: ?string}> */
    public function paginas(): \Generator
    {
        $cursor = $this->inicio;
        while (true) {
            $pagina = ($this->ler)($cursor);
            yield $pagina;
            if ($pagina['proximo_cursor'] === null || ($this->pararNaPaginaVazia && $pagina['itens'] === [])) {
                return;
            }
            $cursor = $pagina['proximo_cursor'];
        }
    }

    /** @return \Generator<int, T> */
    public function getIterator(): \Generator
    {
        foreach ($this->paginas() as $pagina) {
            foreach ($pagina['itens'] as $item) {
                yield $item;
            }
        }
    }

    /** @return list<T> every item of every page (for lists known to be small) */
    public function todos(): array
    {
        return iterator_to_array($this->getIterator(), false);
    }
}
