import type { XmlNode } from 'libxml2-wasm';
import { libxml2 } from '../xml/libxml2.js';

/** What the DANFE prints, read from an `nfeProc` (NFe + protNFe) or, in EPEC contingency, from a bare `NFe`. */
export interface DanfeView {
  chave: string;
  tpAmb: string;
  tpEmis: string;
  tpNF: string;
  natOp: string;
  serie: string;
  nNF: string;
  dhEmi: string;
  dhSaiEnt: string | null;
  emitente: DanfeParty & { crt: string | null; iest: string | null };
  destinatario: (DanfeParty & { indIEDest: string | null }) | null;
  itens: DanfeItem[];
  totais: Record<string, string | null>;
  ibsCbs: { vBCIBSCBS: string | null; vIBS: string | null; vCBS: string | null } | null;
  transporte: { modFrete: string; nome: string | null; documento: string | null; uf: string | null };
  duplicatas: Array<{ nDup: string; dVenc: string; vDup: string }>;
  pagamentos: Array<{ tPag: string; xPag: string | null; vPag: string }>;
  vTroco: string | null;
  infAdFisco: string | null;
  infCpl: string | null;
  protocolo: { nProt: string; dhRecbto: string; cStat: string } | null;
}

export interface DanfeParty {
  documento: string | null;
  nome: string;
  ie: string | null;
  endereco: string;
  bairro: string | null;
  municipio: string | null;
  uf: string | null;
  cep: string | null;
  fone: string | null;
}

export interface DanfeItem {
  codigo: string;
  descricao: string;
  ncm: string;
  cst: string;
  cfop: string;
  unidade: string;
  quantidade: string;
  valorUnitario: string;
  valorTotal: string;
  vBC: string | null;
  vICMS: string | null;
  pICMS: string | null;
  vIPI: string | null;
  pIPI: string | null;
  vDesc: string | null;
  vICMSST: string | null;
  vPIS: string | null;
  vCOFINS: string | null;
  vIBS: string | null;
  vCBS: string | null;
}

const NS = { n: 'http://www.portalfiscal.inf.br/nfe' };

const TOTAIS = [
  'vBC',
  'vICMS',
  'vBCST',
  'vST',
  'vProd',
  'vFrete',
  'vSeg',
  'vDesc',
  'vOutro',
  'vIPI',
  'vPIS',
  'vCOFINS',
  'vTotTrib',
  'vNF',
] as const;

export function readDanfeView(xml: string): DanfeView {
  const doc = libxml2().XmlDocument.fromBuffer(Buffer.from(xml, 'utf8'));
  try {
    const inf = doc.get('//n:NFe/n:infNFe', NS);
    if (!inf) throw new Error('XML sem NFe/infNFe: não é uma NF-e nem um nfeProc');
    const must = (path: string) => textAt(inf, path) ?? '';
    const emit = inf.get('n:emit', NS)!;
    const icmsTot = inf.get('n:total/n:ICMSTot', NS);
    const prot = doc.get('//n:protNFe/n:infProt', NS);
    return {
      chave: (inf.get('@Id', NS)?.content ?? '').replace(/^NFe/, ''),
      tpAmb: must('n:ide/n:tpAmb'),
      tpEmis: must('n:ide/n:tpEmis'),
      tpNF: must('n:ide/n:tpNF'),
      natOp: must('n:ide/n:natOp'),
      serie: must('n:ide/n:serie'),
      nNF: must('n:ide/n:nNF'),
      dhEmi: must('n:ide/n:dhEmi'),
      dhSaiEnt: textAt(inf, 'n:ide/n:dhSaiEnt'),
      emitente: { ...partyOf(emit, 'enderEmit')!, crt: textAt(emit, 'n:CRT'), iest: textAt(emit, 'n:IEST') },
      destinatario: destinatarioOf(inf.get('n:dest', NS)),
      itens: inf.find('n:det', NS).map(itemOf),
      totais: Object.fromEntries(TOTAIS.map((k) => [k, textAt(icmsTot, `n:${k}`)])),
      ibsCbs: ibsCbsOf(inf.get('n:total/n:IBSCBSTot', NS)),
      transporte: transporteOf(inf),
      duplicatas: inf.find('n:cobr/n:dup', NS).map((d) => ({
        nDup: textAt(d, 'n:nDup') ?? '',
        dVenc: textAt(d, 'n:dVenc') ?? '',
        vDup: textAt(d, 'n:vDup') ?? '',
      })),
      pagamentos: inf.find('n:pag/n:detPag', NS).map((p) => ({
        tPag: textAt(p, 'n:tPag') ?? '',
        xPag: textAt(p, 'n:xPag'),
        vPag: textAt(p, 'n:vPag') ?? '',
      })),
      vTroco: textAt(inf, 'n:pag/n:vTroco'),
      infAdFisco: textAt(inf, 'n:infAdic/n:infAdFisco'),
      infCpl: textAt(inf, 'n:infAdic/n:infCpl'),
      protocolo: prot
        ? {
            nProt: textAt(prot, 'n:nProt') ?? '',
            dhRecbto: textAt(prot, 'n:dhRecbto') ?? '',
            cStat: textAt(prot, 'n:cStat') ?? '',
          }
        : null,
    };
  } finally {
    doc.dispose();
  }
}

const textAt = (node: XmlNode | null, path: string) => node?.get(path, NS)?.content ?? null;

/** The issuer or the recipient, with the address of its `ender` element on one line. */
function partyOf(node: XmlNode | null, ender: string): DanfeParty | null {
  if (!node) return null;
  const e = node.get(`n:${ender}`, NS);
  const linha = [textAt(e, 'n:xLgr'), textAt(e, 'n:nro'), textAt(e, 'n:xCpl')].filter(Boolean).join(', ');
  return {
    documento: textAt(node, 'n:CNPJ') ?? textAt(node, 'n:CPF') ?? textAt(node, 'n:idEstrangeiro'),
    nome: textAt(node, 'n:xNome') ?? '',
    ie: textAt(node, 'n:IE'),
    endereco: linha,
    bairro: textAt(e, 'n:xBairro'),
    municipio: textAt(e, 'n:xMun'),
    uf: textAt(e, 'n:UF'),
    cep: textAt(e, 'n:CEP'),
    fone: textAt(e, 'n:fone'),
  };
}

function destinatarioOf(dest: XmlNode | null): DanfeView['destinatario'] {
  const party = partyOf(dest, 'enderDest');
  return party && { ...party, indIEDest: textAt(dest, 'n:indIEDest') };
}

/** A det item; its CST column is the origin followed by the CST or CSOSN of its ICMS group. */
function itemOf(det: XmlNode): DanfeItem {
  const t = (path: string) => textAt(det, path);
  return {
    codigo: t('n:prod/n:cProd') ?? '',
    descricao: t('n:prod/n:xProd') ?? '',
    ncm: t('n:prod/n:NCM') ?? '',
    cst:
      (t('n:imposto/n:ICMS/*/n:orig') ?? '') + (t('n:imposto/n:ICMS/*/n:CST') ?? t('n:imposto/n:ICMS/*/n:CSOSN') ?? ''),
    cfop: t('n:prod/n:CFOP') ?? '',
    unidade: t('n:prod/n:uCom') ?? '',
    quantidade: t('n:prod/n:qCom') ?? '',
    valorUnitario: t('n:prod/n:vUnCom') ?? '',
    valorTotal: t('n:prod/n:vProd') ?? '',
    vBC: t('n:imposto/n:ICMS/*/n:vBC'),
    vICMS: t('n:imposto/n:ICMS/*/n:vICMS'),
    pICMS: t('n:imposto/n:ICMS/*/n:pICMS'),
    vIPI: t('n:imposto/n:IPI/n:IPITrib/n:vIPI'),
    pIPI: t('n:imposto/n:IPI/n:IPITrib/n:pIPI'),
    vDesc: t('n:prod/n:vDesc'),
    vICMSST: t('n:imposto/n:ICMS/*/n:vICMSST'),
    vPIS: t('n:imposto/n:PIS/*/n:vPIS'),
    vCOFINS: t('n:imposto/n:COFINS/*/n:vCOFINS'),
    vIBS: t('n:imposto/n:IBSCBS/n:gIBSCBS/n:vIBS'),
    vCBS: t('n:imposto/n:IBSCBS/n:gIBSCBS/n:gCBS/n:vCBS'),
  };
}

function ibsCbsOf(ibsTot: XmlNode | null): DanfeView['ibsCbs'] {
  if (!ibsTot) return null;
  return {
    vBCIBSCBS: textAt(ibsTot, 'n:vBCIBSCBS'),
    vIBS: textAt(ibsTot, 'n:gIBS/n:vIBS'),
    vCBS: textAt(ibsTot, 'n:gCBS/n:vCBS'),
  };
}

function transporteOf(inf: XmlNode): DanfeView['transporte'] {
  const transporta = inf.get('n:transp/n:transporta', NS);
  return {
    modFrete: textAt(inf, 'n:transp/n:modFrete') ?? '',
    nome: textAt(transporta, 'n:xNome'),
    documento: textAt(transporta, 'n:CNPJ') ?? textAt(transporta, 'n:CPF'),
    uf: textAt(transporta, 'n:UF'),
  };
}
