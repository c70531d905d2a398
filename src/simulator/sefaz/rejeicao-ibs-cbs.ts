import {
  checkIbsCbsGroups,
  type FalhaGrupoIbsCbs,
  type GruposIbsCbs,
  type ParteIbsCbs,
} from '../../engine/nfe/check-ibs-cbs-groups.js';

const dentro = (xml: string, tag: string) => new RegExp(`<${tag}>([\\s\\S]*?)</${tag}>`).exec(xml)?.[1] ?? null;
const valor = (xml: string, tag: string) => new RegExp(`<${tag}>([^<]*)</${tag}>`).exec(xml)?.[1] ?? '';

/**
 * The first NT 2025.002 group rule an NFe's items break (checkIbsCbsGroups, the rules the service applies before
 * sending), read from each det's IBSCBS as an authoriser reads the XML: the same cStat either way.
 */
export function rejeicaoIbsCbs(nfe: string): FalhaGrupoIbsCbs | null {
  for (const det of nfe.match(/<det nItem="\d+">[\s\S]*?<\/det>/g) ?? []) {
    const ibsCbs = dentro(det, 'IBSCBS');
    if (ibsCbs === null) continue;
    const falha = checkIbsCbsGroups(gruposDoXml(ibsCbs))[0];
    if (falha) return falha;
  }
  return null;
}

function gruposDoXml(ibsCbs: string): GruposIbsCbs {
  const g = dentro(ibsCbs, 'gIBSCBS');
  const partes: Record<ParteIbsCbs, string> = {
    ibs_uf: (g && dentro(g, 'gIBSUF')) ?? '',
    ibs_mun: (g && dentro(g, 'gIBSMun')) ?? '',
    cbs: (g && dentro(g, 'gCBS')) ?? '',
  };
  const com = (tag: string) =>
    Object.fromEntries(Object.entries(partes).map(([p, xml]) => [p, xml.includes(`<${tag}>`)])) as Record<
      ParteIbsCbs,
      boolean
    >;
  const regular = g && dentro(g, 'gTribRegular');
  return {
    cst: valor(ibsCbs, 'CST'),
    cClassTrib: valor(ibsCbs, 'cClassTrib'),
    gIBSCBS: g !== null,
    gIBSCBSMono: ibsCbs.includes('<gIBSCBSMono>'),
    gRed: com('gRed'),
    gDif: com('gDif'),
    gTribRegular: regular ? { cst: valor(regular, 'CSTReg'), cClassTrib: valor(regular, 'cClassTribReg') } : null,
  };
}
