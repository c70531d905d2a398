import { type AuthorityClient } from '../autoridades/authority-client.js';
import { postSoap12 } from '../autoridades/post-soap12.js';
import { gunzipBase64 } from '../xml/gzip-base64.js';
import type { SefazService } from './sefaz-service.js';

export interface SefazDocument {
  nsu: bigint;
  /** resNFe_v1.01.xsd, procNFe_v4.00.xsd, resEvento_v1.01.xsd, procEventoNFe_v1.00.xsd, procCTe_v4.00.xsd, … */
  schema: string;
  xml: string;
}

export type SefazPage =
  | { kind: 'documents'; documents: SefazDocument[]; ultNSU: bigint; maxNSU: bigint }
  | { kind: 'none'; ultNSU: bigint; maxNSU: bigint }
  | { kind: 'blocked' }
  | { kind: 'rejected'; cStat: string; xMotivo: string }
  | { kind: 'unavailable'; cause: string };

/** distDFeInt by `distNSU/ultNSU` inside the SOAP 1.2 envelope sped-nfe sends. */
export function distDFeIntEnvelope(service: SefazService, cnpj: string, ultNSU: bigint): string {
  const { wsdl, method, dadosMsg } = service;
  return (
    '<?xml version="1.0" encoding="utf-8"?><soap12:Envelope xmlns:soap12="http://www.w3.org/2003/05/soap-envelope"><soap12:Body>' +
    `<${method} xmlns="${wsdl}"><${dadosMsg} xmlns="${wsdl}">` +
    `<distDFeInt xmlns="${service.namespace}" versao="${service.versao}"><tpAmb>1</tpAmb><cUFAutor>91</cUFAutor>` +
    `<CNPJ>${cnpj}</CNPJ><distNSU><ultNSU>${String(ultNSU).padStart(15, '0')}</ultNSU></distNSU></distDFeInt>` +
    `</${dadosMsg}></${method}></soap12:Body></soap12:Envelope>`
  );
}

/**
 * One call of NFeDistribuicaoDFe or CTeDistribuicaoDFe: 138 → documents (docZip = base64 of gzip), 137 →
 * nothing new, 656 → blocked for an hour (Consumo Indevido). `ultNSU`/`maxNSU` come back so the caller stops
 * when they meet.
 */
export async function fetchSefazPage(
  service: SefazService,
  client: AuthorityClient,
  cnpj: string,
  ultNSU: bigint,
): Promise<SefazPage> {
  const answer = await postSoap12(
    client,
    `${service.wsdl}/${service.method}`,
    distDFeIntEnvelope(service, cnpj, ultNSU),
  );
  if (answer.kind === 'unavailable') return answer;
  const { status, text } = answer;
  const cStat = /<cStat>(\d+)<\/cStat>/.exec(text)?.[1];
  if (status >= 500 || !cStat) return { kind: 'unavailable', cause: `HTTP ${status}` };
  const ult = BigInt(/<ultNSU>(\d+)<\/ultNSU>/.exec(text)?.[1] ?? '0');
  const max = BigInt(/<maxNSU>(\d+)<\/maxNSU>/.exec(text)?.[1] ?? '0');
  if (cStat === '656') return { kind: 'blocked' };
  if (cStat === '137') return { kind: 'none', ultNSU: ult, maxNSU: max };
  if (cStat !== '138') return { kind: 'rejected', cStat, xMotivo: /<xMotivo>([^<]*)<\/xMotivo>/.exec(text)?.[1] ?? '' };
  const documents = [...text.matchAll(/<docZip NSU="(\d+)" schema="([^"]+)">([^<]+)<\/docZip>/g)].map((m) => ({
    nsu: BigInt(m[1]!),
    schema: m[2]!,
    xml: gunzipBase64(m[3]!),
  }));
  return { kind: 'documents', documents, ultNSU: ult, maxNSU: max };
}
