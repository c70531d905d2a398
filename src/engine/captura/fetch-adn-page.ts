import { type AuthorityClient } from '../autoridades/authority-client.js';
import { type AuthorityMessage } from '../autoridades/authority-message.js';
import { request } from 'undici';
import { gunzipBase64 } from '../xml/gzip-base64.js';
import { field, readErrors } from '../autoridades/nfse-nacional/read-errors.js';

/** One document of an ADN lot, unzipped. */
export interface AdnDocument {
  nsu: bigint;
  chaveAcesso: string;
  tipoDocumento: string;
  tipoEvento: string | null;
  xml: string;
}

export type AdnPage =
  | { kind: 'documents'; documents: AdnDocument[] }
  | { kind: 'none' }
  | { kind: 'rejected'; status: number; erros: AuthorityMessage[] }
  | { kind: 'unavailable'; cause: string };

/**
 * ADN Contribuinte `GET /DFe/{NSU}?cnpjConsulta=…&lote=true` (adn-contribuinte.json): the documents after the
 * last NSU the caller holds, ascending. Over mutual TLS with the company's A1 when the client was built with it
 * (the real ADN); "nothing found" may come as 200 or 404 with NENHUM_DOCUMENTO_LOCALIZADO.
 */
export async function fetchAdnPage(client: AuthorityClient, cnpj: string, ultimoNsu: bigint): Promise<AdnPage> {
  let status: number;
  let body: unknown;
  try {
    const res = await request(`${client.baseUrl}/DFe/${ultimoNsu}?cnpjConsulta=${cnpj}&lote=true`, {
      method: 'GET',
      dispatcher: client.dispatcher,
      headersTimeout: client.timeoutMs,
      bodyTimeout: client.timeoutMs,
      headers: { accept: 'application/json' },
    });
    status = res.statusCode;
    const text = await res.body.text();
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = text;
    }
  } catch (err) {
    return { kind: 'unavailable', cause: err instanceof Error ? err.message : String(err) };
  }
  const situacao = field(body, 'statusProcessamento');
  if (situacao === 'NENHUM_DOCUMENTO_LOCALIZADO') return { kind: 'none' };
  if (status === 200 && situacao === 'DOCUMENTOS_LOCALIZADOS') {
    const lote = field(body, 'loteDFe');
    const documents = (Array.isArray(lote) ? lote : []).map((d): AdnDocument => ({
      nsu: BigInt(String(field(d, 'NSU') ?? field(d, 'nsu'))),
      chaveAcesso: String(field(d, 'chaveAcesso') ?? ''),
      tipoDocumento: String(field(d, 'tipoDocumento') ?? ''),
      tipoEvento: (field(d, 'tipoEvento') as string | null) ?? null,
      xml: gunzipBase64(String(field(d, 'arquivoXml') ?? '')),
    }));
    return documents.length ? { kind: 'documents', documents } : { kind: 'none' };
  }
  if (status >= 500 || status === 429 || typeof body !== 'object')
    return { kind: 'unavailable', cause: `HTTP ${status}` };
  return { kind: 'rejected', status, erros: readErrors(body) };
}
