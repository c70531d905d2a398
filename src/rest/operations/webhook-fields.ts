/** The selection every webhook route returns (header names only, never values). */
export const WEBHOOK_FIELDS = `id url eventos cabecalhos { nome } ambiente ativo criadoEm atualizadoEm`;

export const WEBHOOK_RESULT = `__typename ... on Webhook { ${WEBHOOK_FIELDS} } ...DomainErrorFields`;
export const WEBHOOK_WITH_SECRET_RESULT = `__typename ... on WebhookWithSecret { ${WEBHOOK_FIELDS} segredo } ...DomainErrorFields`;
