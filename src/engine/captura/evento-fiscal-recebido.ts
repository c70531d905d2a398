/** Event-log type of a fiscal event received for a company's document. */
export const EVENTO_FISCAL_RECEBIDO = 'EVENTO_FISCAL_RECEBIDO';
