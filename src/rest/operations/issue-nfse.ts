import { nfseBody } from '../../engine/nfse/nfse-body.js';
import type { RestOperation, RestRequest } from '../rest-operation.js';
import { NFSE_RESULT } from './nfse-fields.js';

/** `Prefer: wait=N` (RFC 7240); absent or malformed → the default wait of 10 s. */
export function preferWait(header: string | string[] | undefined): number | undefined {
  const value = Array.isArray(header) ? header.join(',') : header;
  const match = value ? /(?:^|[,;\s])wait\s*=\s*(\d+(?:\.\d+)?)/i.exec(value) : null;
  return match ? Number(match[1]) : undefined;
}

/** The body as the typed input, `X-Service-Simular` and `Prefer: wait`: what every issuance mutation takes. */
export const issuanceVariables = (req: RestRequest) => ({
  input: req.body ?? null,
  simular: (req.headers['x-service-simular'] as string | undefined) ?? null,
  wait: preferWait(req.headers.prefer) ?? null,
});

export const issueNfse: RestOperation = {
  document: `mutation($input: NfseInput!, $simular: String, $wait: Float) {
    issueNfse(input: $input, simular: $simular, waitSeconds: $wait) { ${NFSE_RESULT} } }`,
  toVariables: issuanceVariables,
  body: nfseBody,
  successStatus: (data) => (data.status === 'autorizada' ? 201 : 202),
  idempotent: true,
};
