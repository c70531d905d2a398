/**
 * Manifestação do destinatário (e2102x0 schemas): the API names, the event codes and the
 * descEvento the schema fixes for each. Confirmação, desconhecimento and operação não realizada are final: after
 * one of them no other manifestation is accepted (a ciência after a final one is 655 at the authority).
 */
export const MANIFESTATIONS = {
  confirmacao: { tpEvento: '210200', descEvento: 'Confirmacao da Operacao', final: true },
  ciencia: { tpEvento: '210210', descEvento: 'Ciencia da Operacao', final: false },
  desconhecimento: { tpEvento: '210220', descEvento: 'Desconhecimento da Operacao', final: true },
  operacao_nao_realizada: { tpEvento: '210240', descEvento: 'Operacao nao Realizada', final: true },
} as const;

export type ManifestationName = keyof typeof MANIFESTATIONS;

export const isManifestationName = (tipo: string): tipo is ManifestationName => Object.hasOwn(MANIFESTATIONS, tipo);

const BY_CODE = new Map(
  Object.entries(MANIFESTATIONS).map(([name, m]) => [m.tpEvento as string, { name: name as ManifestationName, ...m }]),
);

export const manifestationByCode = (tpEvento: string) => BY_CODE.get(tpEvento);
