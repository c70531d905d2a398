import type { AuthorityClient } from '../authority-client.js';
import type { DeliveryFailure, EmissionResult, Rejected } from '../emission-result.js';
import { postJson, queryJson } from '../nfse-nacional/emit-dps.js';
import { readErrors, readNfseKey, readNfseNumber, readString, field } from '../nfse-nacional/read-errors.js';
import { gunzipBase64, gzipBase64 } from '../../xml/gzip-base64.js';

/**
 * A provider's REST service that takes the national documents in lots: one POST receives a lot of signed DPS or
 * events (`{loteXmlGZipB64: [...]}`) and answers one `lote` item per document (`chaveAcesso`, the NFS-e or event as
 * `xmlGZipB64`, its errors); a GET lists the notes of a DPS by the provider's CNPJ/CPF, series and number
 * (`{notas: [{chave, xmlGZipB64}]}`). Every call here sends a lot of one document.
 */
export type LoteDpsAnswer = { kind: 'registered'; chave: string | undefined; xml: string } | Rejected | DeliveryFailure;

/** The lot of one signed document (DPS or pedRegEvento), and the answer's one item. */
export async function sendDpsLot(
  client: AuthorityClient,
  caminho: string,
  documentoXml: string,
): Promise<LoteDpsAnswer> {
  return postJson(client, caminho, { loteXmlGZipB64: [gzipBase64(documentoXml)] }, (body) => {
    const item = firstOf(field(body, 'lote'));
    if (!item) return null;
    const erros = readErrors(item);
    if (erros.length > 0) return { kind: 'rejected' as const, status: 200, erros };
    const b64 = readString(item, 'xmlGZipB64');
    return b64 ? { kind: 'registered' as const, chave: readString(item, 'chaveAcesso'), xml: gunzipBase64(b64) } : null;
  });
}

/** A DPS lot's answer as an emission's. */
export function emissionOfLot(answer: LoteDpsAnswer): EmissionResult {
  if (answer.kind !== 'registered') return answer;
  return {
    kind: 'authorized',
    chave: readNfseKey(answer.xml) ?? answer.chave ?? '',
    nfseXml: answer.xml,
    numero: readNfseNumber(answer.xml) ?? '',
    alertas: [],
  };
}

export type DpsLotQuery =
  | { kind: 'found'; nfseXml: string; chave: string; numero: string }
  | { kind: 'not_found' }
  | { kind: 'unknown'; status?: number; cause: string };

/** The NFS-e of a DPS (the query's path filled); an empty list, or 404, is no note. */
export async function queryDpsLot(client: AuthorityClient, caminho: string): Promise<DpsLotQuery> {
  const got = await queryJson(client, caminho);
  if (got.kind === 'unknown') return got;
  const nota = firstOf(field(got.body, 'notas'));
  const b64 = nota ? readString(nota, 'xmlGZipB64') : undefined;
  if (got.kind === 'not_found' || !b64) return { kind: 'not_found' };
  const nfseXml = gunzipBase64(b64);
  return {
    kind: 'found',
    nfseXml,
    chave: readNfseKey(nfseXml) ?? readString(nota, 'chave') ?? '',
    numero: readNfseNumber(nfseXml) ?? '',
  };
}

const firstOf = (list: unknown): unknown => (Array.isArray(list) ? list[0] : undefined);
