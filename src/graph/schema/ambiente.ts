import { builder } from '../builder.js';

/** The environment a record belongs to, by its wire name (a test key's records are sandbox). */
export const AmbienteRef = builder.enumType('Ambiente', { values: ['sandbox', 'producao'] as const });

export type Ambiente = 'sandbox' | 'producao';
