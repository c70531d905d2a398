import { Decimal } from 'decimal.js';
import type { Company, Nfse } from '../../generated/prisma/client.js';
import { municipio } from '../tabelas/municipio.js';
import { servicoNacional } from '../tabelas/servico-nacional.js';
import type { DpsInput, EnderecoNacional } from './nacional/dps-input.js';
import type { NfseView } from './nacional/read-nfse-xml.js';
import { readJsonColumn } from '../nucleo/json-column.js';

/** The city's local time (UTC−03:00) as the DANFSe prints dates. */
const brasilia = (at: Date) => new Date(at.getTime() - 3 * 3_600_000).toISOString().slice(0, 19);
const cidade = (ibge: string) => {
  const m = municipio(ibge);
  return m ? `${m.nome}/${m.uf}` : ibge;
};
const endereco = (end: EnderecoNacional | undefined) =>
  end
    ? [end.xLgr, end.nro, end.xCpl, end.xBairro].filter(Boolean).join(', ') + ` - ${cidade(end.endNac.cMun)}`
    : undefined;

/**
 * What the DANFSe prints for a note of a municipality's own system (São Paulo, an ABRASF city), whose document is
 * the city's and not the national layout: the values the service declared for it (the resolved DPS), the number
 * and identification the city gave, and the provider's name from its register. Base, ISS and net value follow from
 * the declared values as both systems compute them (base = service − unconditional discount; ISS = base × rate;
 * a retained ISS leaves the net value).
 */
export function viewOfOwnSystemNote(
  note: Pick<Nfse, 'dps' | 'numero' | 'chaveAcesso' | 'authorizedAt' | 'createdAt'>,
  company: Pick<Company, 'razaoSocial' | 'municipio'>,
): NfseView {
  const dps = readJsonColumn<DpsInput>(note.dps);
  const { tribMun } = dps.valores.trib;
  const servico = new Decimal(dps.valores.vServPrest.vServ);
  const incond = new Decimal(dps.valores.vDescCondIncond?.vDescIncond ?? 0);
  const cond = new Decimal(dps.valores.vDescCondIncond?.vDescCond ?? 0);
  const base = servico.minus(incond);
  const iss = tribMun.pAliq ? base.times(tribMun.pAliq).div(100).toDecimalPlaces(2) : null;
  const retido = tribMun.tpRetISSQN !== '1' && iss ? iss : new Decimal(0);
  const toma = dps.toma;
  return {
    chave: note.chaveAcesso ?? '',
    nNFSe: note.numero ?? '',
    dhProc: brasilia(note.authorizedAt ?? note.createdAt),
    tpAmb: dps.tpAmb,
    dhEmi: dps.dhEmi,
    dCompet: dps.dCompet,
    serie: dps.serie,
    nDPS: dps.nDPS,
    xLocEmi: cidade(company.municipio),
    emitente: {
      documento: dps.prest.CNPJ ?? dps.prest.CPF,
      im: dps.prest.IM,
      nome: company.razaoSocial,
      email: dps.prest.email,
      fone: dps.prest.fone,
    },
    tomador: toma
      ? {
          documento: toma.CNPJ ?? toma.CPF,
          im: toma.IM,
          nome: toma.xNome,
          endereco: endereco(toma.end),
          email: toma.email,
          fone: toma.fone,
        }
      : undefined,
    servico: {
      cTribNac: dps.serv.cServ.cTribNac,
      xTribNac: servicoNacional(dps.serv.cServ.cTribNac)?.descricao ?? '',
      xDescServ: dps.serv.cServ.xDescServ,
      cNBS: dps.serv.cServ.cNBS,
      xLocPrestacao: cidade(dps.serv.locPrest.cLocPrestacao),
    },
    valores: {
      vServ: servico.toFixed(2),
      vDescIncond: dps.valores.vDescCondIncond?.vDescIncond,
      vDescCond: dps.valores.vDescCondIncond?.vDescCond,
      vBC: base.toFixed(2),
      pAliq: tribMun.pAliq,
      vISSQN: iss?.toFixed(2),
      vTotalRet: retido.toFixed(2),
      vLiq: servico.minus(incond).minus(cond).minus(retido).toFixed(2),
      tribISSQN: tribMun.tribISSQN,
      tpRetISSQN: tribMun.tpRetISSQN,
    },
    chSubstda: dps.subst?.chSubstda,
    informacoes: dps.serv.infoCompl?.xInfComp,
    sistemaProprio: cidade(company.municipio),
  };
}
