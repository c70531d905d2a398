import { Decimal } from 'decimal.js';
import { LAYOUT_VERSION, NFSE_NAMESPACE } from '../../engine/nfse/nacional/dps-input.js';
import { signXml, type XmlSigner } from '../../engine/xml/sign-xml.js';
import { el, group, XML_DECLARATION } from '../../engine/xml/el.js';
import { SIMULATOR_VERSION } from './send-json.js';
import type { DpsSummary } from './read-dps.js';
import { municipio, tribNacDescricao } from './official-message.js';
import { buildIbsCbsXml } from './build-ibs-cbs-xml.js';

export interface BuildNfseXmlOptions {
  chave: string;
  nNFSe: number;
  nDFSe: number;
  dhProc: string;
  dps: DpsSummary;
  /** The DPS exactly as received (signed); embedded without its XML declaration. */
  signedDpsXml: string;
  emitterName: string;
  signer: XmlSigner;
}

/** NFS-e as Sefin returns it (NFSe_v1.01.xsd), signed over infNFSe by the simulator's own key. */
export function buildNfseXml(o: BuildNfseXmlOptions): string {
  const { dps } = o;
  const cLocIncid = dps.cLocPrestacao ?? dps.cLocEmi;
  const inf =
    el('xLocEmi', municipio(dps.cLocEmi)?.nome ?? dps.cLocEmi) +
    el('xLocPrestacao', municipio(cLocIncid)?.nome ?? cLocIncid) +
    el('nNFSe', String(o.nNFSe)) +
    el('cLocIncid', cLocIncid) +
    el('xLocIncid', municipio(cLocIncid)?.nome ?? cLocIncid) +
    el('xTribNac', tribNacDescricao(dps.cTribNac) ?? `Serviço ${dps.cTribNac}`) +
    el('verAplic', SIMULATOR_VERSION) +
    el('ambGer', '2') +
    el('tpEmis', '1') +
    el('procEmi', '1') +
    el('cStat', '100') +
    el('dhProc', o.dhProc) +
    el('nDFSe', String(o.nDFSe)) +
    emitXml(o) +
    valoresXml(dps) +
    ibsCbsXml(dps, cLocIncid) +
    o.signedDpsXml.replace(/^<\?xml[^>]*\?>/, '');
  const unsigned = `${XML_DECLARATION}<NFSe xmlns="${NFSE_NAMESPACE}" versao="${LAYOUT_VERSION}"><infNFSe Id="NFS${o.chave}">${inf}</infNFSe></NFSe>`;
  return signXml(unsigned, o.signer, { element: 'infNFSe' });
}

function emitXml({ dps, emitterName }: BuildNfseXmlOptions): string {
  // The emitter's name and address come from the CNC register on the real system; the simulator has none.
  return group(
    'emit',
    dps.prestCnpj ? el('CNPJ', dps.prestCnpj) : el('CPF', dps.prestCpf),
    el('IM', dps.prestIm),
    el('xNome', emitterName),
    group(
      'enderNac',
      el('xLgr', 'Endereço do cadastro não simulado'),
      el('nro', 'S/N'),
      el('xBairro', 'Centro'),
      el('cMun', dps.cLocEmi),
      el('UF', municipio(dps.cLocEmi)?.uf ?? 'SP'),
      el('CEP', '01001000'),
    ),
    el('fone', dps.prestFone),
    el('email', dps.prestEmail),
  );
}

/** TCValoresNFSe formulas (XSD docs): vBC = vServ − vDescIncond; vISSQN = vBC × pAliq; vLiq = vServ − descontos − retenções. */
function valoresDaNota(dps: DpsSummary) {
  const vServ = new Decimal(dps.vServ);
  const descIncond = new Decimal(dps.vDescIncond ?? 0);
  const descCond = new Decimal(dps.vDescCond ?? 0);
  const vBC = vServ.minus(descIncond);
  const vISSQN =
    dps.pAliq && dps.tribISSQN === '1'
      ? vBC.times(dps.pAliq).dividedBy(100).toDecimalPlaces(2, Decimal.ROUND_HALF_UP)
      : undefined;
  const retido = dps.tpRetISSQN !== '1' && vISSQN !== undefined ? vISSQN : undefined;
  const vLiq = vServ
    .minus(descCond)
    .minus(descIncond)
    .minus(retido ?? 0);
  return { vServ, descIncond, vBC, vISSQN, retido, vLiq };
}

function valoresXml(dps: DpsSummary): string {
  const { vBC, vISSQN, retido, vLiq } = valoresDaNota(dps);
  return group(
    'valores',
    el('vBC', vBC.toFixed(2)),
    el('pAliqAplic', vISSQN !== undefined ? dps.pAliq : undefined),
    el('vISSQN', vISSQN?.toFixed(2)),
    el('vTotalRet', retido?.toFixed(2)),
    el('vLiq', vLiq.toFixed(2)),
  );
}

/** The IBS/CBS the national system computes for a DPS with the group IBSCBS, at the incidence municipality. */
function ibsCbsXml(dps: DpsSummary, cLocIncid: string): string {
  if (!dps.ibsCbs) return '';
  const v = valoresDaNota(dps);
  return buildIbsCbsXml({
    dCompet: dps.dCompet,
    cClassTrib: dps.ibsCbs.cClassTrib,
    cLocalidadeIncid: cLocIncid,
    xLocalidadeIncid: municipio(cLocIncid)?.nome ?? cLocIncid,
    vServ: v.vServ,
    vDescIncond: v.descIncond,
    vISSQN: v.vISSQN ?? new Decimal(0),
    vLiq: v.vLiq,
  });
}
