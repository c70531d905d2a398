import { ufDoCodigo } from '../../engine/tabelas/index.js';
import { checkCbenef } from '../../engine/tributos/check-cbenef.js';
import { tag } from './sefaz-state.js';

const DIFERIMENTO = ['modBC', 'pRedBC', 'vBC', 'pICMS', 'vICMSOp', 'pDif', 'vICMSDif', 'vICMS'];
const semReducao = (det: string) => ['pRedBC', 'pRedBCST'].every((t) => Number(tag(det, t) ?? '0') === 0);

/**
 * The cStat a UF's authoriser gives a note whose item's cBenef breaks the NT 2019.001 rules it applies (930, 928,
 * 946, 931; checkCbenef, the same rules the service checks before sending), or null. Devoluções, adjustments and
 * entries are the NT's exceptions (E1–E4).
 */
export function rejeicaoCbenef(nfe: string, chave: string): string | null {
  const uf = ufDoCodigo(chave.slice(0, 2));
  const dhEmi = tag(nfe, 'dhEmi');
  if (!uf || !dhEmi || tag(nfe, 'tpNF') === '0' || ['3', '4'].includes(tag(nfe, 'finNFe') ?? '')) return null;
  const enderDest = /<enderDest>[\s\S]*?<\/enderDest>/.exec(nfe)?.[0];
  const ufDestino = enderDest ? tag(enderDest, 'UF') : uf;
  for (const det of nfe.split('<det ').slice(1)) {
    const icms = /<ICMS><ICMS\w+><orig>\d<\/orig><(CST|CSOSN)>(\d+)</.exec(det);
    if (!icms) continue;
    const rejeicao = checkCbenef({
      uf,
      dia: dhEmi.slice(0, 10),
      codigo: icms[2]!,
      csosn: icms[1] === 'CSOSN',
      cBenef: tag(det, 'cBenef') ?? undefined,
      interna: ufDestino === uf,
      semReducao: semReducao(det),
      diferimentoCompleto: DIFERIMENTO.every((t) => tag(det, t) !== null),
      desonerado: tag(det, 'vICMSDeson') !== null && tag(det, 'motDesICMS') !== null,
    });
    if (rejeicao) return rejeicao.cStat;
  }
  return null;
}
