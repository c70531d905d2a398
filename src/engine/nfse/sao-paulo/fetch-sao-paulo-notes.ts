import type { SaoPauloGateway } from '../../autoridades/sao-paulo/sao-paulo-gateway.js';
import { signEnvelopedDocument } from '../../xml/enveloped-document.js';
import type { ProviderCall } from '../provedores/nfse-provider.js';
import { dadosSaoPaulo } from './dados-sao-paulo.js';
import { pedidoConsultaNfe, type ChaveNfe } from './pedido-xml.js';
import { readRetorno, type NfeSaoPaulo } from './read-retorno.js';
import type { LayoutSaoPaulo } from './signature-string.js';

/** ConsultaNFe of the notes an answer named, by number; null when the city did not answer it. */
export async function fetchSaoPauloNotes(
  gateway: SaoPauloGateway,
  call: ProviderCall,
  layout: LayoutSaoPaulo,
  chaves: ChaveNfe[],
): Promise<Map<string, NfeSaoPaulo> | null> {
  const pedido = signEnvelopedDocument(
    pedidoConsultaNfe(
      layout,
      dadosSaoPaulo(call.note).cnpjRemetente,
      chaves.map((nfe) => ({ nfe })),
    ),
    call.signer,
  );
  const answer = await gateway.call('ConsultaNFe', layout, pedido, call.credentials, call.scenario);
  const retorno = answer.kind === 'answer' ? readRetorno(answer.retornoXml) : null;
  if (!retorno?.sucesso) return null;
  return new Map(retorno.nfes.map((n) => [n.chaveNfe.numero, n]));
}
