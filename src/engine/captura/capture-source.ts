/** Event-log types. */
export const NOTA_RECEBIDA = 'NOTA_RECEBIDA';
export const EVENTO_FISCAL_RECEBIDO = 'EVENTO_FISCAL_RECEBIDO';
