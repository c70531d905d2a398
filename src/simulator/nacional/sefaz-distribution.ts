import type { IncomingMessage, ServerResponse } from 'node:http';
import type { SefazService } from '../../engine/captura/sefaz-service.js';
import { gzipBase64 } from '../../engine/xml/gzip-base64.js';
import { formatBrasilia, readBody } from './send-json.js';

/** A document the SEFAZ national distribution holds for a CNPJ (fixtures: resNFe, procNFe, resEvento, procCTe…). */
export interface SefazDocument {
  /** e.g. resNFe_v1.01.xsd, procNFe_v4.00.xsd, resEvento_v1.01.xsd */
  schema: string;
  xml: string;
}

/** Faults a test can set per CNPJ: 656 Consumo Indevido. */
export type SefazFault = '656';

/** The status of one distDFeInt answer and, with cStat 138, its lot of documents. */
interface DistAnswer {
  cStat: string;
  xMotivo: string;
  ult: number;
  max: number;
  lote?: string;
}

const NSU = (n: number) => String(n).padStart(15, '0');
const SOAP = 'http://www.w3.org/2003/05/soap-envelope';

/**
 * Simulator of the national NFeDistribuicaoDFe or CTeDistribuicaoDFe (SOAP 1.2, `nfeDistDFeInteresse` /
 * `cteDistDFeInteresse`, distDFeInt/retDistDFeInt): per CNPJ, an NSU
 * sequence of fixtures served from `distNSU/ultNSU` in lots of up to 50 (cStat 138), 137 when nothing is after
 * it, 656 when told to.
 */
export class SefazDistribution {
  private readonly byCnpj = new Map<string, SefazDocument[]>();
  private readonly faults = new Map<string, SefazFault>();

  constructor(private readonly service: SefazService) {}

  add(cnpj: string, doc: SefazDocument): number {
    let list = this.byCnpj.get(cnpj);
    if (!list) this.byCnpj.set(cnpj, (list = []));
    list.push(doc);
    return list.length;
  }

  /** The document (summary or full) with this key that was put in this CNPJ's distribution, with its emission date. */
  delivered(cnpj: string, chave: string): { dhEmi: Date | null } | undefined {
    const { documentSchema, keyTag, idPrefix } = this.service;
    const doc = (this.byCnpj.get(cnpj) ?? []).find(
      (d) =>
        documentSchema.test(d.schema) &&
        (d.xml.includes(`<${keyTag}>${chave}</${keyTag}>`) || d.xml.includes(`Id="${idPrefix}${chave}"`)),
    );
    if (!doc) return undefined;
    const dhEmi = /<dhEmi>([^<]+)<\/dhEmi>/.exec(doc.xml)?.[1];
    return { dhEmi: dhEmi ? new Date(dhEmi) : null };
  }

  setFault(cnpj: string, fault: SefazFault | null): void {
    if (fault) this.faults.set(cnpj, fault);
    else this.faults.delete(cnpj);
  }

  /** What the distribution answers this CNPJ from `ult` on: a rejection, nothing after it, or the next lot. */
  private answer(cnpj: string, ult: number): DistAnswer {
    const list = this.byCnpj.get(cnpj) ?? [];
    const max = list.length;
    if (!cnpj || !Number.isInteger(ult)) return { cStat: '215', xMotivo: 'Rejeição: Falha no schema XML', ult: 0, max };
    if (this.faults.get(cnpj) === '656') return { cStat: '656', xMotivo: 'Rejeição: Consumo Indevido', ult, max };
    const lot = list.slice(ult, ult + 50);
    if (lot.length === 0) {
      const xMotivo = 'Nenhum documento localizado para o Destinatário';
      return { cStat: '137', xMotivo, ult: Math.min(ult, max), max };
    }
    const docs = lot
      .map((d, i) => `<docZip NSU="${NSU(ult + i + 1)}" schema="${d.schema}">${gzipBase64(d.xml)}</docZip>`)
      .join('');
    return {
      cStat: '138',
      xMotivo: 'Documento localizado para o Destinatário',
      ult: ult + lot.length,
      max,
      lote: `<loteDistDFeInt>${docs}</loteDistDFeInt>`,
    };
  }

  async handle(req: IncomingMessage, res: ServerResponse, now: Date): Promise<void> {
    const body = await readBody(req);
    const cnpj = /<CNPJ>([0-9A-Z]{12}[0-9]{2})<\/CNPJ>/.exec(body)?.[1] ?? '';
    const ult = Number(/<ultNSU>(\d{1,15})<\/ultNSU>/.exec(body)?.[1] ?? 'NaN');
    const tpAmb = /<tpAmb>([12])<\/tpAmb>/.exec(body)?.[1] ?? '1';
    const inner = retDistDFeInt(this.service, tpAmb, now, this.answer(cnpj, ult));
    const { method, wsdl } = this.service;
    const xml =
      `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="${SOAP}"><soap:Body>` +
      `<${method}Response xmlns="${wsdl}"><${method}Result>${inner}</${method}Result></${method}Response>` +
      '</soap:Body></soap:Envelope>';
    res.writeHead(200, {
      'content-type': 'application/soap+xml; charset=utf-8',
      'content-length': Buffer.byteLength(xml),
    });
    res.end(xml);
  }
}

function retDistDFeInt(service: SefazService, tpAmb: string, now: Date, answer: DistAnswer): string {
  const { cStat, xMotivo, ult, max, lote = '' } = answer;
  return (
    `<retDistDFeInt xmlns="${service.namespace}" versao="${service.versao}"><tpAmb>${tpAmb}</tpAmb><verAplic>SEFAZ_SIM_1.0</verAplic>` +
    `<cStat>${cStat}</cStat><xMotivo>${xMotivo}</xMotivo><dhResp>${formatBrasilia(now)}</dhResp>` +
    `<ultNSU>${NSU(ult)}</ultNSU><maxNSU>${NSU(max)}</maxNSU>${lote}</retDistDFeInt>`
  );
}
