import { readXml } from './read-xml.js';

export interface NfseParty {
  documento?: string;
  im?: string;
  nome?: string;
  endereco?: string;
  email?: string;
  fone?: string;
}

/** What the DANFSe prints, read from an authorized NFS-e (NFSe_v1.01.xsd with the DPS embedded). */
export interface NfseView {
  chave: string;
  nNFSe: string;
  dhProc: string;
  tpAmb: string;
  dhEmi: string;
  dCompet: string;
  serie: string;
  nDPS: string;
  xLocEmi: string;
  emitente: NfseParty;
  tomador?: NfseParty;
  servico: {
    cTribNac: string;
    xTribNac: string;
    xDescServ: string;
    cNBS?: string;
    xLocPrestacao: string;
    xLocIncid?: string;
  };
  valores: {
    vServ: string;
    vDescIncond?: string;
    vDescCond?: string;
    vBC?: string;
    pAliq?: string;
    vISSQN?: string;
    vTotalRet?: string;
    vLiq: string;
    tribISSQN: string;
    tpRetISSQN: string;
  };
  /** The IBS/CBS the national system computed (group IBSCBS of infNFSe), when the DPS declared a classification. */
  ibsCbs?: NfseIbsCbsCalculado;
  chSubstda?: string;
  informacoes?: string;
  /** The municipality whose own system issued the note (São Paulo, an ABRASF city); absent for a national NFS-e. */
  sistemaProprio?: string;
}

/** One of the three taxes in the NFS-e's IBSCBS group: rate, its reduction (percent), effective rate, amount. */
export interface NfseIbsCbsParte {
  aliquota?: string;
  reducao?: string;
  aliquotaEfetiva?: string;
  valor?: string;
}

export interface NfseIbsCbsCalculado {
  cLocalidadeIncid?: string;
  xLocalidadeIncid?: string;
  /** Reduction of a government purchase (pRedutor), percent. */
  pRedutor?: string;
  vBC?: string;
  ibsUf: NfseIbsCbsParte;
  ibsMun: NfseIbsCbsParte;
  cbs: NfseIbsCbsParte;
  vIBSTot?: string;
  vTotNF?: string;
}

const INF = '/n:NFSe/n:infNFSe';
const DPS = `${INF}/n:DPS/n:infDPS`;

export function readNfseXml(xml: string): NfseView {
  return readXml(xml, (r) => {
    const t = (p: string) => r.text(p);
    const doc = (base: string) => t(`${base}/n:CNPJ`) ?? t(`${base}/n:CPF`) ?? t(`${base}/n:NIF`);
    const addr = (base: string) => {
      const parts = [t(`${base}/n:xLgr`), t(`${base}/n:nro`), t(`${base}/n:xCpl`), t(`${base}/n:xBairro`)].filter(
        Boolean,
      );
      return parts.length ? parts.join(', ') : undefined;
    };
    const toma = r.has(`${DPS}/n:toma`)
      ? {
          documento: doc(`${DPS}/n:toma`),
          im: t(`${DPS}/n:toma/n:IM`),
          nome: t(`${DPS}/n:toma/n:xNome`),
          endereco: addr(`${DPS}/n:toma/n:end`),
          email: t(`${DPS}/n:toma/n:email`),
          fone: t(`${DPS}/n:toma/n:fone`),
        }
      : undefined;
    const emitAddr = addr(`${INF}/n:emit/n:enderNac`);
    const uf = t(`${INF}/n:emit/n:enderNac/n:UF`);
    return {
      chave: (t(`${INF}/@Id`) ?? '').replace(/^NFS/, ''),
      nNFSe: t(`${INF}/n:nNFSe`) ?? '',
      dhProc: t(`${INF}/n:dhProc`) ?? '',
      tpAmb: t(`${DPS}/n:tpAmb`) ?? '',
      dhEmi: t(`${DPS}/n:dhEmi`) ?? '',
      dCompet: t(`${DPS}/n:dCompet`) ?? '',
      serie: t(`${DPS}/n:serie`) ?? '',
      nDPS: t(`${DPS}/n:nDPS`) ?? '',
      xLocEmi: t(`${INF}/n:xLocEmi`) ?? '',
      emitente: {
        documento: doc(`${INF}/n:emit`),
        im: t(`${INF}/n:emit/n:IM`),
        nome: t(`${INF}/n:emit/n:xNome`),
        endereco: emitAddr ? `${emitAddr}${uf ? ` - ${uf}` : ''}` : undefined,
        email: t(`${INF}/n:emit/n:email`),
        fone: t(`${INF}/n:emit/n:fone`),
      },
      tomador: toma,
      servico: {
        cTribNac: t(`${DPS}/n:serv/n:cServ/n:cTribNac`) ?? '',
        xTribNac: t(`${INF}/n:xTribNac`) ?? '',
        xDescServ: t(`${DPS}/n:serv/n:cServ/n:xDescServ`) ?? '',
        cNBS: t(`${DPS}/n:serv/n:cServ/n:cNBS`),
        xLocPrestacao: t(`${INF}/n:xLocPrestacao`) ?? '',
        xLocIncid: t(`${INF}/n:xLocIncid`),
      },
      valores: {
        vServ: t(`${DPS}/n:valores/n:vServPrest/n:vServ`) ?? '0',
        vDescIncond: t(`${DPS}/n:valores/n:vDescCondIncond/n:vDescIncond`),
        vDescCond: t(`${DPS}/n:valores/n:vDescCondIncond/n:vDescCond`),
        vBC: t(`${INF}/n:valores/n:vBC`),
        pAliq: t(`${INF}/n:valores/n:pAliqAplic`) ?? t(`${DPS}/n:valores/n:trib/n:tribMun/n:pAliq`),
        vISSQN: t(`${INF}/n:valores/n:vISSQN`),
        vTotalRet: t(`${INF}/n:valores/n:vTotalRet`),
        vLiq: t(`${INF}/n:valores/n:vLiq`) ?? '0',
        tribISSQN: t(`${DPS}/n:valores/n:trib/n:tribMun/n:tribISSQN`) ?? '',
        tpRetISSQN: t(`${DPS}/n:valores/n:trib/n:tribMun/n:tpRetISSQN`) ?? '',
      },
      ibsCbs: r.has(`${INF}/n:IBSCBS`) ? ibsCbsOf(t) : undefined,
      chSubstda: t(`${DPS}/n:subst/n:chSubstda`),
      informacoes:
        [t(`${INF}/n:xOutInf`), t(`${DPS}/n:serv/n:infoCompl/n:xInfComp`)].filter(Boolean).join('\n') || undefined,
    };
  });
}

function ibsCbsOf(t: (p: string) => string | undefined): NfseIbsCbsCalculado {
  const g = `${INF}/n:IBSCBS`;
  const parte = (grupo: string, sufixo: string, aliquota: string, valor: string): NfseIbsCbsParte => ({
    aliquota: t(`${g}/n:valores/n:${grupo}/n:${aliquota}`),
    reducao: t(`${g}/n:valores/n:${grupo}/n:pRedAliq${sufixo}`),
    aliquotaEfetiva: t(`${g}/n:valores/n:${grupo}/n:pAliqEfet${sufixo}`),
    valor: t(`${g}/n:totCIBS/${valor}`),
  });
  return {
    cLocalidadeIncid: t(`${g}/n:cLocalidadeIncid`),
    xLocalidadeIncid: t(`${g}/n:xLocalidadeIncid`),
    pRedutor: t(`${g}/n:pRedutor`),
    vBC: t(`${g}/n:valores/n:vBC`),
    ibsUf: parte('uf', 'UF', 'pIBSUF', 'n:gIBS/n:gIBSUFTot/n:vIBSUF'),
    ibsMun: parte('mun', 'Mun', 'pIBSMun', 'n:gIBS/n:gIBSMunTot/n:vIBSMun'),
    cbs: parte('fed', 'CBS', 'pCBS', 'n:gCBS/n:vCBS'),
    vIBSTot: t(`${g}/n:totCIBS/n:gIBS/n:vIBSTot`),
    vTotNF: t(`${g}/n:totCIBS/n:vTotNF`),
  };
}
