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
  destinatario: DanfeParty | null;
  itens: DanfeItem[];
  totais: Record<string, string | null>;
  ibsCbs: { vBCIBSCBS: string | null; vIBS: string | null; vCBS: string | null } | null;
  transporte: { modFrete: string; nome: string | null; documento: string | null; uf: string | null };
  duplicatas: Array<{ nDup: string; dVenc: string; vDup: string }>;
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
}

const NS = { n: 'http://www.portalfiscal.inf.br/nfe' };

export function readDanfeView(xml: string): DanfeView {
  const doc = libxml2().XmlDocument.fromBuffer(Buffer.from(xml, 'utf8'));
  try {
    const inf = doc.get('//n:NFe/n:infNFe', NS);
    if (!inf) throw new Error('XML sem NFe/infNFe: não é uma NF-e nem um nfeProc');
    const t = (node: XmlNode | null, path: string) => node?.get(path, NS)?.content ?? null;
    const must = (path: string) => t(inf, path) ?? '';
    const party = (node: XmlNode | null, ender: string): DanfeParty | null => {
      if (!node) return null;
      const e = node.get(`n:${ender}`, NS);
      const linha = [t(e, 'n:xLgr'), t(e, 'n:nro'), t(e, 'n:xCpl')].filter(Boolean).join(', ');
      return {
        documento: t(node, 'n:CNPJ') ?? t(node, 'n:CPF') ?? t(node, 'n:idEstrangeiro'),
        nome: t(node, 'n:xNome') ?? '',
        ie: t(node, 'n:IE'),
        endereco: linha,
        bairro: t(e, 'n:xBairro'),
        municipio: t(e, 'n:xMun'),
        uf: t(e, 'n:UF'),
        cep: t(e, 'n:CEP'),
        fone: t(e, 'n:fone'),
      };
    };
    const emit = inf.get('n:emit', NS)!;
    const icmsTot = inf.get('n:total/n:ICMSTot', NS);
    const ibsTot = inf.get('n:total/n:IBSCBSTot', NS);
    const prot = doc.get('//n:protNFe/n:infProt', NS);
    const transporta = inf.get('n:transp/n:transporta', NS);
    return {
      chave: (inf.get('@Id', NS)?.content ?? '').replace(/^NFe/, ''),
      tpAmb: must('n:ide/n:tpAmb'),
      tpEmis: must('n:ide/n:tpEmis'),
      tpNF: must('n:ide/n:tpNF'),
      natOp: must('n:ide/n:natOp'),
      serie: must('n:ide/n:serie'),
      nNF: must('n:ide/n:nNF'),
      dhEmi: must('n:ide/n:dhEmi'),
      dhSaiEnt: t(inf, 'n:ide/n:dhSaiEnt'),
      emitente: { ...party(emit, 'enderEmit')!, crt: t(emit, 'n:CRT'), iest: t(emit, 'n:IEST') },
      destinatario: party(inf.get('n:dest', NS), 'enderDest'),
      itens: inf.find('n:det', NS).map((det) => ({
        codigo: t(det, 'n:prod/n:cProd') ?? '',
        descricao: t(det, 'n:prod/n:xProd') ?? '',
        ncm: t(det, 'n:prod/n:NCM') ?? '',
        cst:
          (t(det, 'n:imposto/n:ICMS/*/n:orig') ?? '') +
          (t(det, 'n:imposto/n:ICMS/*/n:CST') ?? t(det, 'n:imposto/n:ICMS/*/n:CSOSN') ?? ''),
        cfop: t(det, 'n:prod/n:CFOP') ?? '',
        unidade: t(det, 'n:prod/n:uCom') ?? '',
        quantidade: t(det, 'n:prod/n:qCom') ?? '',
        valorUnitario: t(det, 'n:prod/n:vUnCom') ?? '',
        valorTotal: t(det, 'n:prod/n:vProd') ?? '',
        vBC: t(det, 'n:imposto/n:ICMS/*/n:vBC'),
        vICMS: t(det, 'n:imposto/n:ICMS/*/n:vICMS'),
        pICMS: t(det, 'n:imposto/n:ICMS/*/n:pICMS'),
        vIPI: t(det, 'n:imposto/n:IPI/n:IPITrib/n:vIPI'),
        pIPI: t(det, 'n:imposto/n:IPI/n:IPITrib/n:pIPI'),
      })),
      totais: Object.fromEntries(
        [
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
        ].map((k) => [k, t(icmsTot, `n:${k}`)]),
      ),
      ibsCbs: ibsTot
        ? { vBCIBSCBS: t(ibsTot, 'n:vBCIBSCBS'), vIBS: t(ibsTot, 'n:gIBS/n:vIBS'), vCBS: t(ibsTot, 'n:gCBS/n:vCBS') }
        : null,
      transporte: {
        modFrete: must('n:transp/n:modFrete'),
        nome: t(transporta, 'n:xNome'),
        documento: t(transporta, 'n:CNPJ') ?? t(transporta, 'n:CPF'),
        uf: t(transporta, 'n:UF'),
      },
      duplicatas: inf
        .find('n:cobr/n:dup', NS)
        .map((d) => ({ nDup: t(d, 'n:nDup') ?? '', dVenc: t(d, 'n:dVenc') ?? '', vDup: t(d, 'n:vDup') ?? '' })),
      infAdFisco: t(inf, 'n:infAdic/n:infAdFisco'),
      infCpl: t(inf, 'n:infAdic/n:infCpl'),
      protocolo: prot
        ? { nProt: t(prot, 'n:nProt') ?? '', dhRecbto: t(prot, 'n:dhRecbto') ?? '', cStat: t(prot, 'n:cStat') ?? '' }
        : null,
    };
  } finally {
    doc.dispose();
  }
}
