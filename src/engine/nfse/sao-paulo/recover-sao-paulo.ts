import type { SaoPauloGateway } from '../../autoridades/sao-paulo/sao-paulo-gateway.js';
import { signEnvelopedDocument } from '../../xml/enveloped-document.js';
import type { ProviderCall, ProviderRecovery } from '../provedores/nfse-provider.js';
import { ccmIn, chaveRpsOf, dadosSaoPaulo } from './dados-sao-paulo.js';
import { authorizedOf } from './emit-sao-paulo.js';
import { pedidoConsultaNfe } from './pedido-xml.js';
import { readRetorno } from './read-retorno.js';
import { saoPauloFailure } from './sao-paulo-failure.js';

/** ConsultaNFe of the note's RPS: what the city made of it, asked before any resend. */
export async function recoverSaoPaulo(gateway: SaoPauloGateway, call: ProviderCall): Promise<ProviderRecovery> {
  const { leiaute: layout, cnpjRemetente } = dadosSaoPaulo(call.note);
  const rps = chaveRpsOf(call.note.dpsId);
  const pedido = signEnvelopedDocument(
    pedidoConsultaNfe(layout, cnpjRemetente, [
      { rps: { ...rps, inscricaoPrestador: ccmIn(layout, rps.inscricaoPrestador) } },
    ]),
    call.signer,
  );
  const answer = await gateway.call('ConsultaNFe', layout, pedido, call.credentials, call.scenario);
  const failure = saoPauloFailure(answer);
  if (failure)
    return failure.kind === 'transmission_failed'
      ? { kind: 'unknown', cause: failure.cause }
      : { kind: 'pending', resultado: 'indisponivel' };
  const retorno = readRetorno((answer as { retornoXml: string }).retornoXml);
  if (!retorno) return { kind: 'pending', resultado: 'resposta_ilegivel' };
  if (!retorno.sucesso)
    return {
      kind: 'unknown',
      cause: retorno.erros.map((e) => `${e.codigo} ${e.descricao}`).join('; ') || 'consulta recusada',
    };
  const nfe = retorno.nfes[0];
  return nfe ? { kind: 'found', nfse: authorizedOf(nfe) } : { kind: 'not_found' };
}
