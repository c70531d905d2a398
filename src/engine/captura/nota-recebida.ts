/** Event-log type of a document received by a company. */
export const NOTA_RECEBIDA = 'NOTA_RECEBIDA';
