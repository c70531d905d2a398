import * as v from 'valibot';
import { issueMessage } from '../nucleo/issue-message.js';
import { declareBody, type BodyOf } from '../nucleo/read-body.js';
import { invalidWebhook, refineWebhookFields, webhookFields } from './webhook-fields.js';

/**
 * The body of `PATCH /v1/webhooks/{id}` (GraphQL `WebhookInput`): any of url, eventos, cabecalhos, ativo, at least
 * one.
 */
export const updateWebhookBody = declareBody(
  v.strictObject({
    url: v.optional(webhookFields.url),
    eventos: v.optional(webhookFields.eventos),
    cabecalhos: v.optional(webhookFields.cabecalhos),
    ativo: v.optional(v.boolean(issueMessage('ativo deve ser true ou false.', 'Envie ativo: false para desativar.'))),
  }),
  (body, report) => {
    refineWebhookFields(body, report);
    if (Object.keys(body).length === 0 && report.valid('')) {
      report.add({
        codigo: 'campo_obrigatorio',
        campo: '',
        mensagem: 'Nada a alterar.',
        correcao: 'Envie ao menos um de url, eventos, cabecalhos, ativo.',
      });
    }
  },
  invalidWebhook,
);

export type UpdateWebhookBody = BodyOf<typeof updateWebhookBody>;
