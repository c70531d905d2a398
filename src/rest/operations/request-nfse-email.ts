import { requestNfseEmailBody } from '../../engine/nfse/email/email-body.js';
import type { RestOperation } from '../rest-operation.js';

/** `POST /v1/nfse/{id}/email` → the e-mail, queued (202). */
export const requestNfseEmail: RestOperation = {
  document: `mutation($id: String!, $input: NfseEmailRequestInput!) {
    requestNfseEmail(id: $id, input: $input) {
      __typename
      ... on NfseEmail { id nfseId motivo destinatarios status tentativas proximaTentativaEm enviadoEm erro criadoEm }
      ...DomainErrorFields } }`,
  toVariables: (req) => ({ id: req.params.id, input: req.body ?? {} }),
  body: requestNfseEmailBody,
  successStatus: 202,
  idempotent: true,
};
