import type { LayoutNacionalGateway } from '../../autoridades/layout-nacional/layout-nacional-gateway.js';
import { emissionOfLot, queryDpsLot, sendDpsLot } from '../../autoridades/layout-nacional/dps-lot.js';
import { caminhoSefin } from '../../autoridades/nfse-nacional/caminhos-sefin.js';
import type { TransmissionDeps } from '../../transmission-deps.js';
import type { NfseProvider, ProviderCall } from '../provedores/nfse-provider.js';
import { eventRecord, signedCancellationEvent } from '../provedores/sefin-operations.js';
import { clientOfNote, idDpsOfNote, perfilOfNote } from './layout-nacional-note.js';
import type { LoteDps } from './perfil-layout-nacional.js';

function loteOf(call: Pick<ProviderCall, 'note'>): LoteDps {
  const perfil = perfilOfNote(call.note);
  if (!perfil.lote) throw new Error(`Perfil ${perfil.nome} sem transporte em lotes`);
  return perfil.lote;
}

/**
 * The query path of a note's DPS, from its Id (`DPS` + cLocEmi 7 + tpInsc 1 + inscrição 14 + série 5 + nDPS 15):
 * the provider's CNPJ, or its CPF (tpInsc 1), and the series and number without the Id's padding.
 */
function caminhoDaDps(lote: LoteDps, idDps: string): string {
  const cpf = idDps.slice(10, 11) === '1';
  const inscricao = idDps.slice(11, 25);
  return caminhoSefin(lote.consultarDps, {
    inscricao: cpf ? inscricao.slice(3) : inscricao,
    serie: String(Number(idDps.slice(25, 30))),
    numero: String(Number(idDps.slice(30, 45))),
  });
}

/**
 * Emission, recovery and cancellation on a provider's service that takes the national documents in lots (a lot of
 * one DPS, or of one event, per call). A lost emission answer is followed by the query of the DPS before any resend;
 * no query of events is known, so a cancellation whose answer is lost is reported unanswered (the user repeats it).
 */
export function loteDpsOperations(
  deps: TransmissionDeps,
  gateway: LayoutNacionalGateway,
): Pick<NfseProvider, 'emit' | 'recover' | 'cancel'> {
  return {
    async emit(call) {
      return emissionOfLot(await sendDpsLot(clientOfNote(gateway, call), loteOf(call).enviar, call.note.dpsXml!));
    },
    async recover(call) {
      const found = await queryDpsLot(clientOfNote(gateway, call), caminhoDaDps(loteOf(call), idDpsOfNote(call.note)));
      if (found.kind === 'found')
        return { kind: 'found', nfse: { chave: found.chave, numero: found.numero, xml: found.nfseXml } };
      if (found.kind === 'not_found') return { kind: 'not_found' };
      // 503/timeouts are an outage: try again later. Any other answer means the DPS cannot be queried.
      if (found.status === undefined || found.status === 502 || found.status === 503 || found.status === 504)
        return { kind: 'pending', resultado: 'indisponivel' };
      return { kind: 'unknown', cause: found.cause };
    },
    async cancel(call) {
      const eventXml = await signedCancellationEvent(deps, call);
      const r = await sendDpsLot(clientOfNote(gateway, call), loteOf(call).enviar, eventXml);
      if (r.kind === 'registered') return { kind: 'cancelled', recovered: false, record: await eventRecord(r.xml) };
      if (r.kind === 'rejected') return { kind: 'refused', erros: r.erros };
      if (r.kind === 'transmission_failed' && r.received === 'no' && r.status)
        return { kind: 'refused', erros: r.erros, status: r.status };
      return { kind: 'unanswered', semConsultaDeEvento: true };
    },
  };
}
