/**
 * The stored status of a batch whose lines are still being written (`POST /v1/lotes` has not answered yet). The
 * lines go in statements of their own, so that a 20 MB batch does not hold the embedded database's only
 * connection for seconds; until the last is stored the batch is not one: no read shows it, nothing validates it,
 * and a worker discards it once its lease expires (its process died while writing it).
 */
export const LOTE_RECEBENDO = 'recebendo';
