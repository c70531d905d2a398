import type { ComponentChild } from 'preact';
import { Chaves } from './pages/chaves.js';
import { Empresa } from './pages/empresa.js';
import { Empresas } from './pages/empresas.js';
import { Eventos } from './pages/eventos.js';
import { Integracao } from './pages/integracao.js';
import { Lote } from './pages/lote.js';
import { Lotes } from './pages/lotes.js';
import { Nfe } from './pages/nfe.js';
import { Nfes } from './pages/nfes.js';
import { Nota } from './pages/nota.js';
import { Notas } from './pages/notas.js';
import { RegrasTributarias } from './pages/regras-tributarias.js';
import { Transmissoes } from './pages/transmissoes.js';
import { Uso } from './pages/uso.js';
import { Webhook } from './pages/webhook.js';
import { Webhooks } from './pages/webhooks.js';

/** Every page of the panel by its path below /painel. */
export const ROTAS: Array<[string, (params: Record<string, string>) => ComponentChild]> = [
  ['/notas', () => <Notas />],
  ['/notas/:id', (p) => <Nota id={p.id} />],
  ['/nfe', () => <Nfes />],
  ['/nfe/:id', (p) => <Nfe id={p.id} />],
  ['/lotes', () => <Lotes />],
  ['/lotes/:id', (p) => <Lote id={p.id} />],
  ['/empresas', () => <Empresas />],
  ['/empresas/:id', (p) => <Empresa id={p.id} />],
  ['/empresas/:id/regras-tributarias', (p) => <RegrasTributarias id={p.id} />],
  ['/chaves', () => <Chaves />],
  ['/webhooks', () => <Webhooks />],
  ['/webhooks/:id', (p) => <Webhook id={p.id} />],
  ['/eventos', () => <Eventos />],
  ['/integracao', () => <Integracao />],
  ['/transmissoes', () => <Transmissoes />],
  ['/uso', () => <Uso />],
];
