import type { Environment } from '../nucleo/environment.js';
import { el } from '../xml/el.js';
import { brasilia } from './build-nfe-xml.js';
import { NFE_NS } from '../xml/nfe-ns.js';

export interface InutNFeInput {
  environment: Environment;
  cUF: string;
  cnpj: string;
  serie: string;
  numeroInicial: bigint;
  numeroFinal: bigint;
  justificativa: string;
  at: Date;
}

/**
 * Id of infInut (leiauteInutNFe_v4.00.xsd, `ID[0-9]{4}[0-9A-Z]{12}[0-9]{25}`): "ID" + cUF + ano(2) + CNPJ(14) +
 * mod(55) + serie(3) + nNFIni(9) + nNFFin(9). `ano` is the year of the request, in Brasília time.
 */
export function inutId(
  input: Pick<InutNFeInput, 'cUF' | 'cnpj' | 'serie' | 'numeroInicial' | 'numeroFinal' | 'at'>,
): string {
  return (
    `ID${input.cUF}${anoOf(input.at)}${input.cnpj.padStart(14, '0')}55${input.serie.padStart(3, '0')}` +
    `${input.numeroInicial.toString().padStart(9, '0')}${input.numeroFinal.toString().padStart(9, '0')}`
  );
}

/** The unsigned inutNFe 4.00 (xServ INUTILIZAR); signNfeXml(…, 'infInut') makes it sendable. */
export function buildInutNFe(input: InutNFeInput): string {
  const inf =
    el('tpAmb', input.environment === 'live' ? '1' : '2') +
    el('xServ', 'INUTILIZAR') +
    el('cUF', input.cUF) +
    el('ano', anoOf(input.at)) +
    el('CNPJ', input.cnpj) +
    el('mod', '55') +
    el('serie', input.serie) +
    el('nNFIni', input.numeroInicial.toString()) +
    el('nNFFin', input.numeroFinal.toString()) +
    el('xJust', input.justificativa);
  return `<inutNFe xmlns="${NFE_NS}" versao="4.00"><infInut Id="${inutId(input)}">${inf}</infInut></inutNFe>`;
}

/** procInutNFe = the signed request + the authority's retInutNFe (procInutNFe_v4.00.xsd). */
export function buildProcInutNFe(signedInut: string, retInutNFe: string): string {
  return `<ProcInutNFe xmlns="${NFE_NS}" versao="4.00">${signedInut}${retInutNFe.replace(/ xmlns="[^"]*"/, '')}</ProcInutNFe>`;
}

const anoOf = (at: Date) => brasilia(at).slice(2, 4);
