import type { GruposIbsCbs } from './check-ibs-cbs-groups.js';
import { MONO_MEMBROS, type SubgrupoMono } from './ibs-cbs-membros.js';
import type { NfeIbsCbs } from './nfe-request.js';
import { snakeName } from '../nucleo/validation-issues-of.js';

const SUBGRUPOS = Object.keys(MONO_MEMBROS).filter((k) => k !== 'totais') as SubgrupoMono[];

/**
 * Whether an item's IBS/CBS (the request's, or one read from the XML) carries gIBSCBSMono, and which of its
 * subgroups: a subgroup by any of its members, the group by any member at all (the item's totals included).
 */
export function gruposMonoDe(g: NfeIbsCbs): Pick<GruposIbsCbs, 'gIBSCBSMono' | 'gMono'> {
  const tem = (membros: ReadonlyArray<readonly [string, string]>) =>
    membros.some(([k]) => g[snakeName(k) as keyof NfeIbsCbs] !== undefined);
  const gMono = Object.fromEntries(SUBGRUPOS.map((s) => [s, tem(MONO_MEMBROS[s])])) as Record<SubgrupoMono, boolean>;
  return { gIBSCBSMono: Object.values(gMono).some(Boolean) || tem(MONO_MEMBROS.totais), gMono };
}
