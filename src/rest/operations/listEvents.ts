import type { RestOperation } from '../operation.js';

export const listEvents: RestOperation = {
  document: `query($apos: String, $limite: String) { eventos(apos: $apos, limite: $limite) {
    __typename ... on EventLogPage { proximoCursor eventos { id tipo ambiente criadoEm dados } } ...DomainErrorFields } }`,
  toVariables: (req) => ({
    apos: (req.query.apos as string | undefined) ?? null,
    limite: (req.query.limite as string | undefined) ?? null,
  }),
  successStatus: 200,
};
