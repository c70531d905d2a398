import type { Principal } from '../chaves/principal.js';
import { referenciaDuplicada } from './referencia-duplicada.js';
import type { TransmissionDeps } from '../transmission-deps.js';
import { signedNfe, validatedNfe } from './create-nfe.js';
import { peekNfeNumber } from './next-nfe-number.js';
import type { NfeAjuste } from './nfe-ajuste.js';
import { renderDanfe } from './render-danfe.js';
import { sumTotais } from './sum-totais.js';

export interface NfePreview {
  serie: string;
  /** The number the series would take now; a note issued meanwhile may take it. */
  numero: string;
  chaveAcesso: string;
  valorTotal: string;
  ajustes: NfeAjuste[];
  /** The signed NFe 4.00, schema-checked, with no authorisation protocol. */
  xml: string;
  /** The DANFE of that XML, stamped as a preview without fiscal value. */
  danfe: Buffer;
}

/**
 * `POST /v1/nfe/previa`: the NF-e an issuance request would produce, without sending it. The request is judged
 * exactly as `POST /v1/nfe` judges it (validatedNfe: the body, the company and the key's restriction, readiness;
 * then the referencia and the schema check of the signed XML), so a preview that passes is a note that would be
 * sent. Nothing is stored and no number is taken: the series is only read. `data_emissao` (2026–2033) moves the
 * taxable event to that day: the taxes are computed and checked with its year's rates and tables, and the XML's
 * dhEmi is that day at noon in Brasília.
 */
export async function previewNfe(
  deps: Pick<TransmissionDeps, 'db' | 'sql' | 'clock' | 'secrets' | 'national' | 'cadastros'>,
  principal: Principal,
  options: { body: unknown },
): Promise<NfePreview> {
  const { company, request, ajustes, autXml, emissao } = await validatedNfe(deps, principal, options.body, null, {
    previa: true,
  });
  if (request.referencia) {
    const duplicada = await referenciaDuplicada(deps, principal, company.id, request.referencia);
    if (duplicada) throw duplicada;
  }
  const serie = request.serie ?? company.serieNfe ?? '1';
  const numero = await peekNfeNumber(deps.db, company.id, principal.environment, serie);
  const { key, xml } = await signedNfe(deps, principal, company, { request, serie, numero, emissao, autXml });
  return {
    serie,
    numero: numero.toString(),
    chaveAcesso: key.chave,
    valorTotal: sumTotais(request.itens).vNF,
    ajustes,
    xml,
    danfe: await renderDanfe(xml, { previa: true }),
  };
}
