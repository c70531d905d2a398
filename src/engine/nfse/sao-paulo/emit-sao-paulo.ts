import type { EmissionResult } from '../../autoridades/emission-result.js';
import type { SaoPauloAnswer, SaoPauloGateway } from '../../autoridades/sao-paulo/sao-paulo-gateway.js';
import type { AuthorizedNfse } from '../transmissao/authorize-held-notes.js';
import type { ProviderCall } from '../provedores/nfse-provider.js';
import { chaveRpsOf, dadosSaoPaulo } from './dados-sao-paulo.js';
import { fetchSaoPauloNotes } from './fetch-sao-paulo-notes.js';
import type { ChaveNfe, ChaveRps } from './pedido-xml.js';
import { chaveSaoPaulo, readRetorno, type NfeSaoPaulo, type RetornoSaoPaulo } from './read-retorno.js';
import { saoPauloFailure, saoPauloMessages } from './sao-paulo-failure.js';
import type { LayoutSaoPaulo } from './signature-string.js';

/** The authorised note of a query answer: the national key when the city shares it, else CCM, number and check code. */
export function authorizedOf(nfe: NfeSaoPaulo): AuthorizedNfse {
  return { chave: chaveSaoPaulo(nfe), numero: nfe.chaveNfe.numero, xml: nfe.xml };
}

const unknownOutcome = (cause: string): EmissionResult => ({
  kind: 'transmission_failed',
  received: 'unknown',
  cause,
  erros: [],
});

/** One RPS's outcome in an answer that may cover several (a lot), with the notes the answer named. */
function emissionOf(
  call: ProviderCall,
  answer: { retorno: RetornoSaoPaulo; notes: Map<string, NfeSaoPaulo> | null; single: boolean },
): EmissionResult {
  const { retorno, notes } = answer;
  const rps = chaveRpsOf(call.note.dpsId);
  const mine = (k: ChaveRps | null | undefined) => k && k.numero === rps.numero && k.serie === rps.serie;
  const chave = retorno.chaves.find((c) => mine(c.rps)) ?? (answer.single ? retorno.chaves[0] : undefined);
  const alertas = saoPauloMessages(retorno.alertas.filter((a) => !a.chaveRps || mine(a.chaveRps)));
  if (chave) {
    const nfe = notes?.get(chave.nfe.numero);
    // The note exists; its document could not be read now: recovery reads it (never a resend).
    if (!nfe) return unknownOutcome('NFS-e gerada, documento não obtido');
    const authorized = authorizedOf(nfe);
    return { kind: 'authorized', chave: authorized.chave, numero: authorized.numero, nfseXml: authorized.xml, alertas };
  }
  const erros = retorno.erros.filter((e) => !e.chaveRps || mine(e.chaveRps));
  if (erros.length) return { kind: 'rejected', status: 200, erros: saoPauloMessages(erros) };
  return unknownOutcome('a prefeitura não informou o resultado deste RPS');
}

/** The outcome of each RPS an EnvioRPS or EnvioLoteRPS sent, the notes it gave read with ConsultaNFe. */
export async function saoPauloEmissions(
  gateway: SaoPauloGateway,
  calls: ProviderCall[],
  layout: LayoutSaoPaulo,
  answer: SaoPauloAnswer,
): Promise<EmissionResult[]> {
  const failure = saoPauloFailure(answer);
  if (failure) return calls.map(() => failure);
  const retorno = readRetorno((answer as { retornoXml: string }).retornoXml);
  if (!retorno) return calls.map(() => unknownOutcome('resposta ilegível da prefeitura'));
  const chaves: ChaveNfe[] = retorno.chaves.map((c) => c.nfe);
  const notes = chaves.length
    ? await fetchSaoPauloNotes(gateway, calls[0]!, layout, chaves)
    : new Map<string, NfeSaoPaulo>();
  return calls.map((call) => emissionOf(call, { retorno, notes, single: calls.length === 1 }));
}

/** EnvioRPS of one note's stored request. */
export async function emitSaoPaulo(gateway: SaoPauloGateway, call: ProviderCall): Promise<EmissionResult> {
  const layout = dadosSaoPaulo(call.note).leiaute;
  const answer = await gateway.call('EnvioRPS', layout, call.note.dpsXml!, call.credentials, call.scenario);
  return (await saoPauloEmissions(gateway, [call], layout, answer))[0]!;
}
