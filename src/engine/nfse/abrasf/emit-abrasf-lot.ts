import type { AbrasfGateway } from '../../autoridades/abrasf/abrasf-gateway.js';
import type { EmissionResult } from '../../autoridades/emission-result.js';
import type { ProviderCall } from '../provedores/nfse-provider.js';
import { enviarLoteRpsSincronoMessage } from './abrasf-message.js';
import {
  clientOfNote,
  dadosOfNote,
  perfilOfNote,
  prestadorOfNote,
  requerenteOfNote,
  rpsOfNote,
} from './abrasf-note.js';
import type { IdentificacaoRps } from './build-abrasf-rps.js';
import { callAbrasf } from './call-abrasf.js';
import { authorizedAbrasf, emitAbrasf } from './emit-abrasf.js';
import type { PerfilAbrasf } from './perfil-abrasf.js';
import { PERFIS_ABRASF } from './perfis-abrasf.js';
import { readAbrasfAnswer, type AbrasfAnswerRead } from './read-abrasf-answer.js';
import { signAbrasfXml } from './sign-abrasf-xml.js';
import { xmlElements } from './xml-text.js';

/** The most RPS every family of our profiles that offers lots takes in one lot. */
export const ABRASF_LOT_LIMIT = Math.min(
  ...PERFIS_ABRASF.filter((p) => p.operacoes.includes('RecepcionarLoteRpsSincrono')).map((p) => p.loteMaximo),
);

/** One RPS's outcome in the city's answer to a lot. */
function lotOutcome(call: ProviderCall, read: AbrasfAnswerRead, perfil: PerfilAbrasf): EmissionResult {
  const rps = rpsOfNote(call.note);
  const same = (other: IdentificacaoRps | null) =>
    other !== null && other.numero === rps.numero && other.serie === rps.serie;
  const nfse = read.notas.find((n) => same(n.rps));
  if (nfse) return authorizedAbrasf(nfse, perfil, read.alertas);
  const erros = read.rpsComErro.filter((e) => same(e.rps)).map((e) => e.erro);
  if (erros.length > 0 || read.rpsComErro.length === 0)
    return { kind: 'rejected', status: 200, erros: erros.length > 0 ? erros : read.erros };
  return { kind: 'unavailable', received: 'no', cause: 'lote recusado por outro RPS' };
}

/** One RecepcionarLoteRpsSincrono of the calls' signed RPS, the lot signed anew; each call's outcome. */
async function sendLot(gateway: AbrasfGateway, calls: ProviderCall[]): Promise<EmissionResult[]> {
  const first = calls[0]!;
  const perfil = perfilOfNote(first.note);
  const xml = signAbrasfXml(
    enviarLoteRpsSincronoMessage(perfil, {
      // The lot number is the taxpayer's: the first RPS number of the lot, which was never sent alone.
      numeroLote: first.note.numeroDps.toString(),
      prestador: prestadorOfNote(first.note),
      // A lot carries each RPS exactly as it was signed.
      rpsAssinados: calls.map((c) => xmlElements(c.note.dpsXml!, 'Rps')[0]!),
    }),
    first.signer,
    'LoteRps',
    perfil,
  );
  const answer = await callAbrasf(clientOfNote(gateway, first, perfil), perfil, 'RecepcionarLoteRpsSincrono', xml, {
    ...first.credenciaisProvedor,
    requerente: requerenteOfNote(first.note),
  });
  if (answer.kind !== 'answer') return calls.map(() => answer);
  const read = readAbrasfAnswer(answer.xml);
  return calls.map((c) => lotOutcome(c, read, perfil));
}

/**
 * Batch lines of one company in one RecepcionarLoteRpsSincrono (NfseProvider.emitLot). The city refuses a lot whole
 * for one bad RPS: that RPS is rejected, the others were not processed and go again alone (their job retries as
 * after an outage). A substitution is not a lot's, nor a note of a city whose service has no lot: they go alone.
 */
export async function emitAbrasfLot(gateway: AbrasfGateway, calls: ProviderCall[]): Promise<EmissionResult[]> {
  const loteaveis = calls.filter((c) => {
    if (!perfilOfNote(c.note).operacoes.includes('RecepcionarLoteRpsSincrono')) return false;
    const operacao = dadosOfNote(c.note).operacao;
    return operacao === 'RecepcionarLoteRpsSincrono' || operacao === 'GerarNfse';
  });
  if (loteaveis.length < 2) return Promise.all(calls.map((c) => emitAbrasf(gateway, c)));
  const results = new Map<ProviderCall, EmissionResult>();
  const outcomes = await sendLot(gateway, loteaveis);
  loteaveis.forEach((c, i) => results.set(c, outcomes[i]!));
  for (const c of calls.filter((c) => !results.has(c))) results.set(c, await emitAbrasf(gateway, c));
  return calls.map((c) => results.get(c)!);
}
