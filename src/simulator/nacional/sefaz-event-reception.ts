import type { IncomingMessage, ServerResponse } from 'node:http';
import { manifestationByCode } from '../../engine/manifestacao/manifestation-types.js';
import { validateXsd } from '../../engine/xml/validate-xsd.js';
import { verifyXmlSignature } from '../../engine/xml/verify-xml-signature.js';
import { formatBrasilia, readBody } from './send-json.js';
import type { SefazDistribution } from './sefaz-distribution.js';

const SOAP = 'http://www.w3.org/2003/05/soap-envelope';
const WSDL = 'http://www.portalfiscal.inf.br/nfe/wsdl/NFeRecepcaoEvento4';
const NFE = 'http://www.portalfiscal.inf.br/nfe';
const VER_APLIC = 'SEFAZ_SIM_1.0';
const DAY = 86_400_000;
/** Deadline of the recipient's manifestation, counted from the emission. */
const DEADLINE_DAYS = 90;

/** A manifestation the simulated national environment registered. */
export interface RegisteredNfeEvent {
  cnpj: string;
  chNFe: string;
  tpEvento: string;
  nProt: string;
  xml: string;
}

interface Answer {
  cStat: string;
  xMotivo: string;
}

const tag = (xml: string, name: string) => new RegExp(`<${name}>([^<]*)</${name}>`).exec(xml)?.[1] ?? null;

/**
 * Simulator of the national NFeRecepcaoEvento4 for the recipient's manifestation (SOAP 1.2, envEvento of
 * envConfRecebto_v1.00.xsd). The batch is checked against the schema (215) and each event for the authority's
 * rules, with the official cStat codes: signature (297), Id (572), a key the distribution never delivered to
 * that CNPJ (494), a date in the future (578) or after the deadline (596), a repeated event or a final one after
 * another final (573), ciência after a final one (655); otherwise 135 with a protocol.
 */
export class SefazEventReception {
  private readonly registered: RegisteredNfeEvent[] = [];
  private protocol = 0;

  constructor(private readonly distribution: SefazDistribution) {}

  events(): RegisteredNfeEvent[] {
    return [...this.registered];
  }

  async handle(req: IncomingMessage, res: ServerResponse, now: Date): Promise<void> {
    const body = await readBody(req);
    const envEvento = /<envEvento[\s>][\s\S]*<\/envEvento>/.exec(body)?.[0] ?? '';
    const idLote = tag(envEvento, 'idLote') ?? '0';
    let inner: string;
    if (!envEvento || validateXsd(envEvento, 'envConfRecebto').length > 0) {
      inner = retEnvEvento(idLote, { cStat: '215', xMotivo: 'Rejeição: Falha no schema XML' });
    } else {
      const eventos = [...envEvento.matchAll(/<evento[\s>][\s\S]*?<\/evento>/g)].map((m) => m[0]);
      inner = retEnvEvento(
        idLote,
        { cStat: '128', xMotivo: 'Lote de Evento Processado' },
        eventos.map((e) => this.register(e, now)).join(''),
      );
    }
    const xml =
      `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="${SOAP}"><soap:Body>` +
      `<nfeResultMsg xmlns="${WSDL}">${inner}</nfeResultMsg></soap:Body></soap:Envelope>`;
    res.writeHead(200, {
      'content-type': 'application/soap+xml; charset=utf-8',
      'content-length': Buffer.byteLength(xml),
    });
    res.end(xml);
  }

  private register(evento: string, now: Date): string {
    const chNFe = tag(evento, 'chNFe') ?? '';
    const tpEvento = tag(evento, 'tpEvento') ?? '';
    const nSeq = tag(evento, 'nSeqEvento') ?? '1';
    const cnpj = tag(evento, 'CNPJ') ?? '';
    const answer = this.judge(evento, { chNFe, tpEvento, nSeq, cnpj }, now);
    let nProt: string | null = null;
    if (answer.cStat === '135') {
      nProt = `891${String(++this.protocol).padStart(12, '0')}`;
      this.registered.push({ cnpj, chNFe, tpEvento, nProt, xml: evento });
    }
    return (
      `<retEvento versao="1.00"><infEvento><tpAmb>${tag(evento, 'tpAmb') ?? '1'}</tpAmb><verAplic>${VER_APLIC}</verAplic><cOrgao>91</cOrgao>` +
      `<cStat>${answer.cStat}</cStat><xMotivo>${answer.xMotivo}</xMotivo><chNFe>${chNFe}</chNFe><tpEvento>${tpEvento}</tpEvento>` +
      `<xEvento>${tag(evento, 'descEvento') ?? ''}</xEvento><nSeqEvento>${nSeq}</nSeqEvento><dhRegEvento>${formatBrasilia(now)}</dhRegEvento>` +
      `${nProt ? `<nProt>${nProt}</nProt>` : ''}</infEvento></retEvento>`
    );
  }

  private judge(evento: string, e: { chNFe: string; tpEvento: string; nSeq: string; cnpj: string }, now: Date): Answer {
    // Checked inside a batch of its own, so the namespace context is the one the sender signed in.
    const signature = verifyXmlSignature(
      `<envEvento xmlns="${NFE}" versao="1.00"><idLote>0</idLote>${evento}</envEvento>`,
      'infEvento',
    );
    if (!signature.valid) return { cStat: '297', xMotivo: 'Rejeição: Assinatura difere do calculado' };
    const id = /<infEvento[^>]*\sId="([^"]+)"/.exec(evento)?.[1];
    if (id !== `ID${e.tpEvento}${e.chNFe}${e.nSeq.padStart(2, '0')}`) {
      return {
        cStat: '572',
        xMotivo:
          'Rejeição: Erro Atributo ID do evento não corresponde a concatenação dos campos (“ID” + tpEvento + chNFe + nSeqEvento)',
      };
    }
    const nfe = this.distribution.delivered(e.cnpj, e.chNFe);
    if (!nfe) return { cStat: '494', xMotivo: 'Rejeição: Chave de Acesso inexistente' };
    const dhEvento = new Date(tag(evento, 'dhEvento') ?? '');
    if (dhEvento.getTime() > now.getTime() + 5 * 60_000)
      return { cStat: '578', xMotivo: 'Rejeição: A data do evento não pode ser maior que a data do processamento' };
    if (nfe.dhEmi && dhEvento.getTime() - nfe.dhEmi.getTime() > DEADLINE_DAYS * DAY) {
      return { cStat: '596', xMotivo: `Rejeição: Evento apresentado fora do prazo: ${DEADLINE_DAYS} dias` };
    }
    const previous = this.registered.filter((r) => r.cnpj === e.cnpj && r.chNFe === e.chNFe);
    const finalDone = previous.some((r) => manifestationByCode(r.tpEvento)?.final);
    if (finalDone && !manifestationByCode(e.tpEvento)?.final) {
      return {
        cStat: '655',
        xMotivo: 'Rejeição: Evento de Ciência da Emissão informado após a manifestação final do destinatário',
      };
    }
    if (finalDone || previous.some((r) => r.tpEvento === e.tpEvento))
      return { cStat: '573', xMotivo: 'Rejeição: Duplicidade de Evento' };
    return { cStat: '135', xMotivo: 'Evento registrado e vinculado a NF-e' };
  }
}

function retEnvEvento(idLote: string, a: Answer, retEventos = ''): string {
  return (
    `<retEnvEvento xmlns="${NFE}" versao="1.00"><idLote>${idLote}</idLote><tpAmb>1</tpAmb><verAplic>${VER_APLIC}</verAplic><cOrgao>91</cOrgao>` +
    `<cStat>${a.cStat}</cStat><xMotivo>${a.xMotivo}</xMotivo>${retEventos}</retEnvEvento>`
  );
}
