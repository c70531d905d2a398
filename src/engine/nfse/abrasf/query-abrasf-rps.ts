import type { AbrasfGateway } from '../../autoridades/abrasf/abrasf-gateway.js';
import type { ProviderCall, ProviderRecovery } from '../provedores/nfse-provider.js';
import { consultarNfseRpsMessage } from './abrasf-message.js';
import { clientOfNote, prestadorOfNote, requerenteOfNote, rpsOfNote } from './abrasf-note.js';
import { callAbrasf } from './call-abrasf.js';
import type { PerfilAbrasf } from './perfil-abrasf.js';
import { chaveAbrasf, readAbrasfAnswer, type AbrasfNfse } from './read-abrasf-answer.js';

/** ConsultarNfsePorRps: the note the RPS became, as the city holds it (with its cancellation, if any). */
export async function queryAbrasfRps(
  gateway: AbrasfGateway,
  call: ProviderCall,
  perfil: PerfilAbrasf,
): Promise<{ recovery: ProviderRecovery; nfse?: AbrasfNfse }> {
  const answer = await callAbrasf(
    clientOfNote(gateway, call, perfil),
    perfil,
    'ConsultarNfsePorRps',
    consultarNfseRpsMessage(perfil, { rps: rpsOfNote(call.note), prestador: prestadorOfNote(call.note) }),
    { ...call.credenciaisProvedor, requerente: requerenteOfNote(call.note) },
  );
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
      recovery: { kind: 'found', nfse: { chave: chaveAbrasf(nfse, perfil.ibge), numero: nfse.numero, xml: nfse.xml } },
      nfse,
    };
  if (read.erros.some((e) => e.codigo === perfil.codigos.rpsNaoEncontrado)) return { recovery: { kind: 'not_found' } };
  return {
    recovery: {
      kind: 'unknown',
      cause: read.erros.map((e) => `${e.codigo} ${e.descricao}`).join('; ') || 'resposta sem NFS-e nem mensagem',
    },
  };
}
