/** X-Service-Simular scenarios of the NF-e authorities: what a test key may ask the simulated SEFAZ to do. */
export type SefazScenario =
  | 'autorizar'
  | 'rejeitar'
  | `rejeitar:${string}`
  | 'denegar'
  | 'timeout'
  | 'duplicidade'
  | 'lento'
  | 'uf_fora'
  | `uf_fora:${string}`;
export const SEFAZ_SCENARIOS = /^(autorizar|rejeitar(:\d{3})?|denegar|timeout|duplicidade|lento|uf_fora(:\d{1,2})?)$/;
