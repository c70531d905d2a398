/**
 * motDesICMS each ICMS group of leiauteNFe_v4.00.xsd (PL_010 v1.30) accepts: its enumeration, by the group's tag.
 * 1 táxi, 3 produtor agropecuário / uso na agropecuária, 4 frotista/locadora, 5 diplomático/consular, 6 utilitários e
 * motocicletas da Amazônia Ocidental e ALC, 7 SUFRAMA, 8 venda a órgão público, 9 outros, 10 deficiente condutor,
 * 11 deficiente não condutor, 12 fomento agropecuário, 16 Olimpíadas Rio 2016, 90 solicitado pelo Fisco.
 */
export const MOTIVOS_DESONERACAO = {
  ICMS20: ['3', '9', '10', '11', '12'],
  ICMS30: ['6', '7', '9'],
  ICMS40: ['1', '3', '4', '5', '6', '7', '8', '9', '10', '11', '16', '90'],
  ICMS70: ['3', '9', '12'],
  ICMS90: ['3', '9', '12'],
  ICMSPart: ['9', '10', '11'],
} as const satisfies Record<string, readonly string[]>;

/** Every reason of some group, in code order. */
export const TODOS_MOTIVOS_DESONERACAO = [...new Set(Object.values(MOTIVOS_DESONERACAO).flat())].sort(
  (a, b) => Number(a) - Number(b),
);

/** The group of each CST whose group has the relief (vICMSDeson, motDesICMS, indDeduzDeson). */
export const GRUPO_DESONERACAO: Readonly<Record<string, keyof typeof MOTIVOS_DESONERACAO>> = {
  '20': 'ICMS20',
  '30': 'ICMS30',
  '40': 'ICMS40',
  '41': 'ICMS40',
  '50': 'ICMS40',
  '70': 'ICMS70',
  '90': 'ICMS90',
};
