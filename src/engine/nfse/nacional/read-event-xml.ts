import { readXml } from './read-xml.js';

/** What a registered event (evento_v1.01.xsd) proves: its protocol and the request it registered. */
export interface RegisteredEventView {
  /** "EVT" + chave(50) + tipo(6) + nSeqEvento(3). */
  id: string;
  nSeqEvento: string;
  /** Processing time at the national side (TSDateTimeUTC, e.g. 2026-11-02T09:00:00-03:00). */
  dhProc: string;
  nDFSe: string;
  chNFSe: string;
  dhEvento: string;
  tipoEvento: string;
  cMotivo?: string;
  xMotivo?: string;
}

const INF = '/n:evento/n:infEvento';
const PED = `${INF}/n:pedRegEvento/n:infPedReg`;

/** Reads a registered cancellation-like event (101101, 105102: both carry cMotivo/xMotivo). */
export function readEventXml(xml: string): RegisteredEventView {
  return readXml(xml, (r) => {
    const id = r.text(`${INF}/@Id`) ?? '';
    const tipoEvento = id.slice(53, 59);
    return {
      id,
      nSeqEvento: r.text(`${INF}/n:nSeqEvento`) ?? '',
      dhProc: r.text(`${INF}/n:dhProc`) ?? '',
      nDFSe: r.text(`${INF}/n:nDFSe`) ?? '',
      chNFSe: r.text(`${PED}/n:chNFSe`) ?? '',
      dhEvento: r.text(`${PED}/n:dhEvento`) ?? '',
      tipoEvento,
      cMotivo: r.text(`${PED}/n:e${tipoEvento}/n:cMotivo`),
      xMotivo: r.text(`${PED}/n:e${tipoEvento}/n:xMotivo`),
    };
  });
}
