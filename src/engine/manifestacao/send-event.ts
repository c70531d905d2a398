import { type AuthorityClient } from '../autoridades/authority-client.js';
import { postSoap12 } from '../autoridades/post-soap12.js';

const WSDL = 'http://www.portalfiscal.inf.br/nfe/wsdl/NFeRecepcaoEvento4';

export type RecepcaoEventoResult =
  /** cStat of the event (135, 136, 573, 655, …) inside a processed batch (128). */
  | {
      kind: 'answered';
      cStat: string;
      xMotivo: string;
      nProt: string | null;
      dhRegEvento: string | null;
      retEvento: string;
    }
  /** The batch itself was refused (215 schema, 297 signature, …): the event was not examined. */
  | { kind: 'batch_rejected'; cStat: string; xMotivo: string }
  | { kind: 'unavailable'; cause: string };

const tag = (xml: string, name: string) => new RegExp(`<${name}>([^<]*)</${name}>`).exec(xml)?.[1] ?? null;

/** The SOAP 1.2 envelope of NFeRecepcaoEvento4. */
export function recepcaoEventoEnvelope(envEvento: string): string {
  return (
    '<?xml version="1.0" encoding="utf-8"?><soap12:Envelope xmlns:soap12="http://www.w3.org/2003/05/soap-envelope"><soap12:Body>' +
    `<nfeDadosMsg xmlns="${WSDL}">${envEvento}</nfeDadosMsg></soap12:Body></soap12:Envelope>`
  );
}

/**
 * One call of the national RecepcaoEvento (AN) with one event: 128 → the event's own cStat in retEvento; any
 * other batch status is a refusal of the whole message. Mutual TLS is the client's (built with the A1).
 */
export async function sendEvent(client: AuthorityClient, envEvento: string): Promise<RecepcaoEventoResult> {
  const answer = await postSoap12(client, `${WSDL}/nfeRecepcaoEvento`, recepcaoEventoEnvelope(envEvento));
  if (answer.kind === 'unavailable') return answer;
  const { status, text } = answer;
  const retEnvEvento =
    /<retEnvEvento[\s\S]*?(?=<retEvento[\s>])|<retEnvEvento[\s\S]*<\/retEnvEvento>/.exec(text)?.[0] ?? '';
  const cStat = tag(retEnvEvento, 'cStat');
  if (status >= 500 || !cStat) return { kind: 'unavailable', cause: `HTTP ${status}` };
  if (cStat !== '128') return { kind: 'batch_rejected', cStat, xMotivo: tag(retEnvEvento, 'xMotivo') ?? '' };
  const retEvento = /<retEvento[\s>][\s\S]*?<\/retEvento>/.exec(text)?.[0];
  const eventStat = retEvento && tag(retEvento, 'cStat');
  if (!retEvento || !eventStat) return { kind: 'unavailable', cause: 'lote processado sem retEvento' };
  return {
    kind: 'answered',
    cStat: eventStat,
    xMotivo: tag(retEvento, 'xMotivo') ?? '',
    nProt: tag(retEvento, 'nProt'),
    dhRegEvento: tag(retEvento, 'dhRegEvento'),
    retEvento,
  };
}
