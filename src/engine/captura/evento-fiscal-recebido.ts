/** Event-log types (spec 6.2). */
export const EVENTO_FISCAL_RECEBIDO = 'EVENTO_FISCAL_RECEBIDO';
