import { readXml } from '../../engine/nfse/nacional/read-xml.js';

/** The fields of a received DPS the simulator's rules and the NFS-e need. */
export interface DpsSummary {
  id: string;
  tpAmb: '1' | '2';
  dhEmi: string;
  /** AAAA-MM-DD */
  dCompet: string;
  cLocEmi: string;
  serie: string;
  nDPS: string;
  prestCnpj?: string;
  prestCpf?: string;
  prestIm?: string;
  /** Whether the provider's name (xNome) and address (end) are in the DPS. */
  prestNome: boolean;
  prestEndereco: boolean;
  opSimpNac: string;
  regApTribSN?: string;
  prestFone?: string;
  prestEmail?: string;
  tomaCnpj?: string;
  tomaCpf?: string;
  cLocPrestacao?: string;
  cTribNac: string;
  cNBS?: string;
  vServ: string;
  pAliq?: string;
  tribISSQN: string;
  tpRetISSQN: string;
  vDescIncond?: string;
  vDescCond?: string;
  subst?: { chSubstda: string; cMotivo: string; xMotivo?: string };
  /** The IBS/CBS classification of the DPS group IBSCBS, when the DPS has one. */
  ibsCbs?: { cst: string; cClassTrib: string };
}

const INF = '/n:DPS/n:infDPS';

/** Reads a schema-valid DPS (call after XSD validation: required fields are then present). */
export function readDps(xml: string): DpsSummary {
  return readXml(xml, (r) => {
    const t = (p: string) => r.text(`${INF}/${p}`);
    const chSubstda = t('n:subst/n:chSubstda');
    const cClassTrib = t('n:IBSCBS/n:valores/n:trib/n:gIBSCBS/n:cClassTrib');
    return {
      id: t('@Id') ?? '',
      tpAmb: (t('n:tpAmb') ?? '2') as '1' | '2',
      dhEmi: t('n:dhEmi') ?? '',
      dCompet: t('n:dCompet') ?? '',
      cLocEmi: t('n:cLocEmi') ?? '',
      serie: t('n:serie') ?? '',
      nDPS: t('n:nDPS') ?? '',
      prestCnpj: t('n:prest/n:CNPJ'),
      prestCpf: t('n:prest/n:CPF'),
      prestIm: t('n:prest/n:IM'),
      prestNome: r.has(`${INF}/n:prest/n:xNome`),
      prestEndereco: r.has(`${INF}/n:prest/n:end`),
      opSimpNac: t('n:prest/n:regTrib/n:opSimpNac') ?? '',
      regApTribSN: t('n:prest/n:regTrib/n:regApTribSN'),
      prestFone: t('n:prest/n:fone'),
      prestEmail: t('n:prest/n:email'),
      tomaCnpj: t('n:toma/n:CNPJ'),
      tomaCpf: t('n:toma/n:CPF'),
      cLocPrestacao: t('n:serv/n:locPrest/n:cLocPrestacao'),
      cTribNac: t('n:serv/n:cServ/n:cTribNac') ?? '',
      cNBS: t('n:serv/n:cServ/n:cNBS'),
      vServ: t('n:valores/n:vServPrest/n:vServ') ?? '0',
      pAliq: t('n:valores/n:trib/n:tribMun/n:pAliq'),
      tribISSQN: t('n:valores/n:trib/n:tribMun/n:tribISSQN') ?? '1',
      tpRetISSQN: t('n:valores/n:trib/n:tribMun/n:tpRetISSQN') ?? '1',
      vDescIncond: t('n:valores/n:vDescCondIncond/n:vDescIncond'),
      vDescCond: t('n:valores/n:vDescCondIncond/n:vDescCond'),
      subst: chSubstda
        ? { chSubstda, cMotivo: t('n:subst/n:cMotivo') ?? '', xMotivo: t('n:subst/n:xMotivo') }
        : undefined,
      ibsCbs: cClassTrib ? { cst: t('n:IBSCBS/n:valores/n:trib/n:gIBSCBS/n:CST') ?? '', cClassTrib } : undefined,
    };
  });
}
