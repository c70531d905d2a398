import type { SaoPauloGateway } from '../../autoridades/sao-paulo/sao-paulo-gateway.js';
import { signEnvelopedDocument } from '../../xml/enveloped-document.js';
import type { NfseProvider, ProviderCancellation } from '../provedores/nfse-provider.js';
import { signAscii } from './build-rps-xml.js';
import { ccmIn, chaveRpsOf, dadosSaoPaulo } from './dados-sao-paulo.js';
import { fetchSaoPauloNotes } from './fetch-sao-paulo-notes.js';
import { pedidoCancelamento, type ChaveNfe } from './pedido-xml.js';
import { readRetorno } from './read-retorno.js';
import { saoPauloFailure, saoPauloMessages } from './sao-paulo-failure.js';
import { cancellationSignatureString } from './signature-string.js';

type CancelCall = Parameters<NfseProvider['cancel']>[0];

/** CancelamentoNFe of an authorised note; a lost answer is looked up (the note's status at the city) first. */
export async function cancelSaoPaulo(gateway: SaoPauloGateway, call: CancelCall): Promise<ProviderCancellation> {
  const { leiaute: layout, cnpjRemetente } = dadosSaoPaulo(call.note);
  const ccm = ccmIn(layout, chaveRpsOf(call.note.dpsId).inscricaoPrestador);
  const nfe: ChaveNfe = { inscricaoPrestador: ccm, numero: call.note.numero! };
  const assinatura = signAscii(
    cancellationSignatureString(
      ccm.replace(/^0+(?=\d)/, ''),
      nfe.numero,
      layout === 2 ? gateway.settings.larguraCcmCancelamento : 8,
    ),
    call.signer,
  );
  const pedido = signEnvelopedDocument(pedidoCancelamento(layout, cnpjRemetente, nfe, assinatura), call.signer);
  const answer = await gateway.call('CancelamentoNFe', layout, pedido, call.credentials, call.scenario);
  const retorno = answer.kind === 'answer' ? readRetorno(answer.retornoXml) : null;
  const cancelled = (xml: string, recovered: boolean): ProviderCancellation => ({
    kind: 'cancelled',
    recovered,
    record: { em: call.now.toISOString(), protocolo: { inscricao_prestador: ccm, numero_nfse: nfe.numero }, xml },
  });
  if (retorno?.sucesso) return cancelled((answer as { retornoXml: string }).retornoXml, false);
  if (retorno) return { kind: 'refused', erros: saoPauloMessages(retorno.erros) };
  // No readable answer: did the cancellation arrive? The note's status at the city says.
  const notes = await fetchSaoPauloNotes(gateway, call, layout, [nfe]);
  const current = notes?.get(nfe.numero);
  if (current?.status === 'C') return cancelled(current.xml, true);
  const failure = saoPauloFailure(answer);
  if (failure?.kind === 'transmission_failed') return { kind: 'refused', erros: [], status: failure.status };
  return { kind: 'unanswered' };
}
