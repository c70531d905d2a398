/**
 * Compatibility between the national service code (cTribNac, LC 116 list) and the NBS 2.0 code.
 *
 * No official correlation table is among the annexes we have (Anexo B has the two lists side by side, without
 * links). Our rule is deliberately coarse so that it never refuses a plausible pair: each LC 116 item (first two
 * digits of cTribNac) may use NBS codes of the chapters (first three digits of cNBS, e.g. "115" = 1.15, IT
 * services) that describe the same kind of service. It catches the clear mistakes (an IT service with a
 * construction NBS, a medical service with a financial NBS). Item 99 (no ISSQN/ICMS) and the residual NBS
 * 9.9999.99.99 are compatible with everything. Items missing here are not checked.
 *
 * Chapters of NBS 2.0 (cNBS prefix): 101 construction; 102 distribution of goods and brokerage of trade;
 * 103 food and lodging; 104 passenger transport; 105 cargo transport; 106 transport support, storage,
 * handling; 107 postal and courier; 108 electricity/water/gas distribution; 109 financial and insurance;
 * 110 real estate; 111 leasing, licensing and assignment of rights; 112 research and development;
 * 113 legal and accounting; 114 other professional and technical (management, architecture, engineering,
 * advertising, design, veterinary); 115 information technology; 117 telecom, online content, libraries;
 * 118 business support (staffing, security, cleaning, travel agencies); 119 support to agriculture and
 * mining; 120 maintenance, repair and installation; 121 publishing and printing; 122 education; 123 health
 * and social care; 124 sanitation and waste; 125 culture, sport and entertainment; 126 other personal services.
 */
export const CAPITULOS_NBS_POR_ITEM: Readonly<Record<string, readonly string[]>> = {
  '01': ['115', '117', '111', '112', '114'],
  '02': ['112', '114'],
  '03': ['110', '111', '125', '118', '106'],
  '04': ['123', '109', '126'],
  '05': ['114', '119', '126'],
  '06': ['126', '125', '123'],
  '07': ['101', '114', '119', '120', '124', '118'],
  '08': ['122'],
  '09': ['103', '118'],
  '10': ['102', '109', '110', '111', '114', '118'],
  '11': ['106', '118'],
  '12': ['125', '117'],
  '13': ['125', '114', '121'],
  '14': ['120', '106', '126', '101', '118'],
  '15': ['109'],
  '16': ['104', '105', '106'],
  '17': ['113', '114', '118', '102', '111', '121', '109', '103', '122', '125', '117', '115', '112'],
  '18': ['109', '114'],
  '19': ['109', '125'],
  '20': ['106', '105', '104'],
  '21': ['113'],
  '22': ['106', '110'],
  '23': ['114'],
  '24': ['120', '121', '114', '126'],
  '25': ['126'],
  '26': ['107', '105'],
  '27': ['123'],
  '28': ['110', '114'],
  '29': ['117'],
  '30': ['112', '114'],
  '31': ['114', '120', '101'],
  '32': ['114'],
  '33': ['102', '106', '118'],
  '34': ['118'],
  '35': ['117', '114', '121'],
  '36': ['114'],
  '37': ['125'],
  '38': ['125'],
  '39': ['120', '126'],
  '40': ['125'],
};

const NBS_RESIDUAL = '999999999';

/** Whether an NBS (nine digits) may describe a service of that cTribNac (six digits); see the rule above. */
export function nbsCompativel(cTribNac: string, cNBS: string): boolean {
  const item = cTribNac.slice(0, 2);
  if (item === '99' || cNBS === NBS_RESIDUAL) return true;
  const capitulos = CAPITULOS_NBS_POR_ITEM[item];
  if (!capitulos) return true;
  return capitulos.includes(cNBS.slice(0, 3));
}

/** The chapters accepted for a service code, formatted for messages ("1.15, 1.17"). */
export function capitulosNbsAceitos(cTribNac: string): string[] {
  return (CAPITULOS_NBS_POR_ITEM[cTribNac.slice(0, 2)] ?? []).map((c) => `${c[0]}.${c.slice(1)}`);
}
