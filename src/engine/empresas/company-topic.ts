/** Pub/sub topic announcing that a company (status, certificate, readiness inputs) changed. */
export const companyTopic = (companyId: string) => `empresa:${companyId}`;
