/** Pub/sub topics announcing a note's change (published after commit; carries ids only). */
export const nfseTopic = (noteId: string) => `nfse:${noteId}`;
export const nfseAccountTopic = (accountId: string, environment: string) => `nfse-conta:${accountId}:${environment}`;
