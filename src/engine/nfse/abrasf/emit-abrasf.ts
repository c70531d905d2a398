import type { AbrasfGateway } from '../../autoridades/abrasf/abrasf-gateway.js';
import type { AuthorityMessage } from '../../autoridades/authority-message.js';
import type { EmissionResult } from '../../autoridades/emission-result.js';
import type { ProviderCall } from '../provedores/nfse-provider.js';
import { clientOfNote, dadosOfNote, perfilOfNote, requerenteOfNote, rpsOfNote } from './abrasf-note.js';
import { callAbrasf } from './call-abrasf.js';
import type { PerfilAbrasf } from './perfil-abrasf.js';
import { chaveAbrasf, readAbrasfAnswer, type AbrasfNfse } from './read-abrasf-answer.js';

/** The note a city's answer gave, as an authorised emission. */
export function authorizedAbrasf(nfse: AbrasfNfse, perfil: PerfilAbrasf, alertas: AuthorityMessage[]): EmissionResult {
  return {
    kind: 'authorized',
    chave: chaveAbrasf(nfse, perfil.ibge),
    numero: nfse.numero,
    nfseXml: nfse.xml,
    alertas,
    dataHoraProcessamento: nfse.dataEmissao,
  };
}

/** Sends one note's stored message with the operation it was built for (GerarNfse, a one-RPS lot, SubstituirNfse). */
export async function emitAbrasf(gateway: AbrasfGateway, call: ProviderCall): Promise<EmissionResult> {
  const perfil = perfilOfNote(call.note);
  const operacao = dadosOfNote(call.note).operacao ?? perfil.emissao;
  const answer = await callAbrasf(clientOfNote(gateway, call, perfil), perfil, operacao, call.note.dpsXml!, {
    ...call.credenciaisProvedor,
    requerente: requerenteOfNote(call.note),
  });
  if (answer.kind !== 'answer') return answer;
  const read = readAbrasfAnswer(answer.xml);
  const rps = rpsOfNote(call.note);
  // A substitution answers with both notes: ours is the one issued for this RPS.
  const nfse =
    read.notas.find((n) => n.rps && n.rps.numero === rps.numero && n.rps.serie === rps.serie) ??
    (read.notas.length === 1 ? read.notas[0] : undefined);
  if (nfse) return authorizedAbrasf(nfse, perfil, read.alertas);
  return {
    kind: 'rejected',
    status: 200,
    erros: read.erros.length ? read.erros : [{ codigo: '', descricao: 'Resposta sem NFS-e nem mensagem de erro.' }],
  };
}
