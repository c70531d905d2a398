import type { Abrasf1Gateway } from '../../../autoridades/abrasf-1/abrasf-1-gateway.js';
import type { ProviderCall, ProviderRecovery } from '../../provedores/nfse-provider.js';
import { chaveAbrasf, readAbrasfAnswer, type AbrasfNfse } from '../read-abrasf-answer.js';
import { rpsQueryMessage } from './abrasf-1-message.js';
import { abrasf1Note, type NotaAbrasf1 } from './abrasf-1-note.js';
import { callAbrasf1 } from './call-abrasf-1.js';
import { destinoDoLote } from './emit-abrasf-1.js';
import { signAbrasf1Xml } from './sign-abrasf-1-xml.js';

/** ConsultarNfsePorRps: the note the RPS became, or whether the service holds none. */
export async function queryAbrasf1Rps(
  nota: NotaAbrasf1,
  call: Pick<ProviderCall, 'signer'>,
): Promise<{ recovery: ProviderRecovery; nfse?: AbrasfNfse }> {
  const xml = signAbrasf1Xml(
    rpsQueryMessage(nota.perfil, { rps: nota.rps, prestador: nota.prestador }),
    call.signer,
    { elemento: 'raiz', tipo: 'consultaRps' },
    nota.perfil,
  );
  const answer = await callAbrasf1(nota.client, nota.perfil, 'ConsultarNfsePorRps', xml);
  if (answer.kind !== 'answer') {
    // Refused before reaching the service (certificate, wrong URL): it cannot be asked; anything else is an outage.
    const refused = answer.kind === 'transmission_failed' && answer.received === 'no';
    return {
      recovery: refused ? { kind: 'unknown', cause: answer.cause } : { kind: 'pending', resultado: 'indisponivel' },
    };
  }
  const read = readAbrasfAnswer(answer.xml);
  const nfse = read.notas[0];
  if (nfse)
    return {
      recovery: { kind: 'found', nfse: { chave: chaveAbrasf(nfse, nota.ibge), numero: nfse.numero, xml: nfse.xml } },
      nfse,
    };
  if (read.erros.some((e) => e.codigo === nota.perfil.codigos.rpsNaoEncontrado))
    return { recovery: { kind: 'not_found' } };
  return {
    recovery: {
      kind: 'unknown',
      cause: read.erros.map((e) => `${e.codigo} ${e.descricao}`).join('; ') || 'resposta sem NFS-e nem mensagem',
    },
  };
}

/**
 * What became of a note's document, before any resend (NfseProvider.recover). A note whose lot has a protocol is
 * asked about that lot: still processing is `pending` (the queue asks again later), a lot processed with errors
 * or never received is `not_found` (sending again then asks the lot once more, and only sends where it was never
 * received). A note without a protocol (the answer to the lot was lost) is asked by its RPS.
 */
export async function recoverAbrasf1(gateway: Abrasf1Gateway, call: ProviderCall): Promise<ProviderRecovery> {
  const nota = abrasf1Note(gateway, call);
  if (!nota.dados.protocolo) return (await queryAbrasf1Rps(nota, call)).recovery;
  const destino = await destinoDoLote(nota, nota.dados.protocolo, call.signer);
  switch (destino.kind) {
    case 'processando':
      return { kind: 'pending', resultado: 'lote_em_processamento' };
    case 'nao_recebido':
      return { kind: 'not_found' };
    case 'sem_resposta':
      return destino.failure.kind === 'transmission_failed' && destino.failure.received === 'no'
        ? { kind: 'unknown', cause: destino.failure.cause }
        : { kind: 'pending', resultado: 'indisponivel' };
    case 'final': {
      const r = destino.result;
      if (r.kind === 'authorized') return { kind: 'found', nfse: { chave: r.chave, numero: r.numero, xml: r.nfseXml } };
      return { kind: 'not_found' };
    }
  }
}
