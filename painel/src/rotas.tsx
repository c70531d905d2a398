import type { ComponentChild } from 'preact';
import { Chaves } from './pages/chaves.js';
import { Integracao } from './pages/integracao.js';
import { Nota } from './pages/nota.js';
import { Notas } from './pages/notas.js';

/** Every page of the panel by its path below /painel. */
export const ROTAS: Array<[string, (params: Record<string, string>) => ComponentChild]> = [
  ['/notas', () => <Notas />],
  ['/notas/:id', (p) => <Nota id={p.id} />],
  ['/chaves', () => <Chaves />],
  ['/integracao', () => <Integracao />],
];
