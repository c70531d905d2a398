import { parametrosMunicipio, type ParametrosMunicipio } from '../../tabelas/index.js';
import type { DpsInput } from '../nacional/dps-input.js';
import { ajuste, regraCorrecao, type Ajuste, type Regra } from './catalogo-regras.js';
import { municipioIncidencia } from './municipio-incidencia.js';

const IM = '/prestador/inscricao_municipal';
const ALIQ = '/servico/aliquota_iss';

export interface CorrectDpsOptions {
  /** The DPS the national system rejected. */
  dps: DpsInput;
  /** Official codes of the rejection (`erros[].codigo`). */
  codigos: string[];
  /** The company's registered municipal registration (the source of `correcao.E0116`). */
  inscricaoMunicipal: string | null;
  /** The recipient's municipality from the request, for the municipality where ISSQN is due. */
  municipioTomador?: string | null;
  /** Municipality parameters (official rates); defaults to the shipped table. */
  parametros?: (ibge: string) => ParametrosMunicipio;
}

export interface CorrectedDps {
  dps: DpsInput;
  /** One `correcao.<code>` adjustment per code corrected. */
  ajustes: Ajuste[];
}

/**
 * Applies the automatic corrections (catalogue `correcoes`) for a rejection to its DPS. Only the field a code's
 * rule names changes: the DPS keeps its identity (série, número, cLocEmi, CNPJ, hence its Id) and its dhEmi.
 * Returns null when the rejection cannot be corrected: a code outside the catalogue, a field its rule would
 * change that does not carry the defect (resending it unchanged would be rejected again), no source for a value
 * to fill, or two codes wanting opposite changes of one field.
 */
export function correctDps(o: CorrectDpsOptions): CorrectedDps | null {
  const codigos = [...new Set(o.codigos.map((c) => c.toUpperCase()))];
  if (codigos.length === 0) return null;
  const dps = structuredClone(o.dps);
  const ajustes: Ajuste[] = [];
  const changed = new Map<string, Regra['acao']>();
  for (const codigo of codigos) {
    const regra = regraCorrecao(codigo);
    if (!regra) return null;
    const previous = changed.get(regra.campo);
    if (previous !== undefined && previous !== regra.acao) return null;
    // Two codes of one rejection may ask for the same change (E0617 and E0625 both refuse the rate).
    const motivo = previous === undefined ? apply(regra, dps, o) : regra.descricao;
    if (motivo === null) return null;
    changed.set(regra.campo, regra.acao);
    ajustes.push(ajuste(regra.id, motivo));
  }
  return { dps, ajustes };
}

/** Changes the DPS per one rule; returns the adjustment's explanation, or null when the rule cannot apply. */
function apply(regra: Regra, dps: DpsInput, o: CorrectDpsOptions): string | null {
  const codigo = regra.id.slice('correcao.'.length);
  const tribMun = dps.valores.trib.tribMun;
  if (regra.campo === IM && regra.acao === 'omitido') {
    if (!dps.prest.IM) return null;
    delete dps.prest.IM;
    return `Rejeição ${codigo}: o município emissor não tem a inscrição municipal do prestador no cadastro nacional; a DPS foi reenviada sem ela.`;
  }
  if (regra.campo === IM && regra.acao === 'preenchido') {
    if (dps.prest.IM || !o.inscricaoMunicipal) return null;
    dps.prest.IM = o.inscricaoMunicipal;
    return `Rejeição ${codigo}: o município emissor exige a inscrição municipal do prestador; a DPS foi reenviada com a do cadastro da empresa (${o.inscricaoMunicipal}).`;
  }
  if (regra.campo === ALIQ && regra.acao === 'omitido') {
    if (tribMun.pAliq === undefined) return null;
    const informada = tribMun.pAliq;
    delete tribMun.pAliq;
    return `Rejeição ${codigo}: o sistema nacional não aceita a alíquota do ISS para este prestador e município de incidência; a DPS foi reenviada sem a alíquota informada (${informada}%).`;
  }
  if (regra.campo === ALIQ && regra.acao === 'preenchido') {
    if (tribMun.pAliq !== undefined) return null;
    const oficial = aliquotaOficial(dps, o);
    if (!oficial) return null;
    tribMun.pAliq = oficial.aliquota;
    return `Rejeição ${codigo}: a alíquota do ISS é obrigatória; a DPS foi reenviada com a alíquota oficial de ${oficial.municipio} para o serviço ${dps.serv.cServ.cTribNac} na competência ${oficial.competencia} (${oficial.aliquota}%).`;
  }
  // E0121/E0128: the DPS never carries the provider's name or address when the provider is the emitter
  // (build-dps-xml.ts), so there is nothing to omit and a resend would be the same DPS.
  return null;
}

/** The single official rate of the municipality where ISSQN is due, for the DPS's service and competence. */
function aliquotaOficial(
  dps: DpsInput,
  o: CorrectDpsOptions,
): { aliquota: string; municipio: string; competencia: string } | null {
  const ibge = municipioIncidencia({
    codigo: dps.serv.cServ.cTribNac || null,
    localPrestacao: dps.serv.locPrest.cLocPrestacao,
    municipioTomador: o.municipioTomador,
    municipioPrestador: dps.cLocEmi,
  });
  if (!ibge) return null;
  const params = (o.parametros ?? parametrosMunicipio)(ibge);
  const competencia = dps.dCompet.slice(0, 7);
  const aliquota = params.aliquotaOficial(dps.serv.cServ.cTribNac, competencia);
  return aliquota
    ? { aliquota, municipio: params.nome ? `${params.nome}/${params.uf ?? ''}` : ibge, competencia }
    : null;
}
