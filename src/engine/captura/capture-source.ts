/** A capture source of a company: one NSU sequence each (capture_states.fonte). */
export type CaptureFonte = 'ADN';

/** `origem` of the documents a source stores. */
export const ORIGEM_DE: Record<CaptureFonte, string> = { ADN: 'ADN' };

/** Event-log types (spec 6.2). */
export const NOTA_RECEBIDA = 'NOTA_RECEBIDA';
export const EVENTO_FISCAL_RECEBIDO = 'EVENTO_FISCAL_RECEBIDO';
