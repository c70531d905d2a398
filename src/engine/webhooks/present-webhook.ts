import type { Webhook } from '../../generated/prisma/client.js';
import { ambienteOf } from '../chaves/principal.js';
import { readJsonColumn } from '../nucleo/json-column.js';

export interface StoredHeader {
  nome: string;
  valor_enc: string;
}

export interface WebhookView {
  id: string;
  url: string;
  eventos: string[];
  /** Only names: values are sealed at rest and never returned. */
  cabecalhos: Array<{ nome: string }>;
  ambiente: string;
  /** false while disabled (PATCH ativo false): nothing is delivered to it. */
  ativo: boolean;
  criado_em: string;
  atualizado_em: string;
}

export function presentWebhook(row: Webhook): WebhookView {
  return {
    id: row.id,
    url: row.url,
    eventos: row.eventos as string[],
    cabecalhos: readJsonColumn<StoredHeader[]>(row.cabecalhos).map((h) => ({ nome: h.nome })),
    ambiente: ambienteOf(row.environment),
    ativo: row.disabledAt === null,
    criado_em: row.createdAt.toISOString(),
    atualizado_em: row.updatedAt.toISOString(),
  };
}
