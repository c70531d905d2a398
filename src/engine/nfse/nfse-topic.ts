/** Pub/sub topics announcing a note's change (published after commit; carries ids only). */
export const nfseTopic = (noteId: string) => `nfse:${noteId}`;
export const nfseAccountTopic = (accountId: string, environment: string) => `nfse-conta:${accountId}:${environment}`;

/** The message on both topics: enough to route and filter (by company) without reading the row. */
export interface NfseChange {
  id: string;
  status: string;
  empresaId: string;
}
