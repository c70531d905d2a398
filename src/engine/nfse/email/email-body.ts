import * as v from 'valibot';
import { declareBody, type BodyOf } from '../../nucleo/read-body.js';
import { booleanMember, objectMember } from '../validacao/member-schemas.js';
import { destinatariosMember } from './destinatarios-member.js';

/**
 * `email` of `POST /v1/nfse` (GraphQL `NfseEmailInput`): whether this note is e-mailed on authorisation and on
 * cancellation (absent: the company's `email_tomador.automatico`), and to whom (absent: `tomador.email`).
 */
export const nfseEmailMember = () =>
  objectMember({
    enviar: v.nullish(booleanMember()),
    destinatarios: v.nullish(destinatariosMember()),
  });

/** The body of `POST /v1/nfse/{id}/email` (GraphQL `NfseEmailRequestInput`): the addresses this send goes to. */
export const requestNfseEmailBody = declareBody(objectMember({ destinatarios: destinatariosMember() }));

export type RequestNfseEmailBody = BodyOf<typeof requestNfseEmailBody>;
