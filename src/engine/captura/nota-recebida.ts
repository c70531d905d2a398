/** Event-log types (spec 6.2). */
export const NOTA_RECEBIDA = 'NOTA_RECEBIDA';
