import type { AbrasfGateway } from '../../autoridades/abrasf/abrasf-gateway.js';
import type { ProviderCall, ProviderRecovery } from '../provedores/nfse-provider.js';
import { dadosOfNote } from './abrasf-note.js';
import { askEl, elNote, followElLot, type ChamadaEl } from './emit-el.js';
import { chaveEl, readElAnswer, type NotaEl } from './read-el-answer.js';

/**
 * ConsultarNfseRpsEnvio (the RPS number and the provider's CNPJ): the note the RPS became, as the city holds it.
 * An answer without a note and without messages, or with the RPS-not-found code, says the city has none.
 */
export async function queryElRps(nota: ChamadaEl): Promise<{ recovery: ProviderRecovery; nfse?: NotaEl }> {
  const answer = await askEl(nota, 'ConsultarNfsePorRps', [
    ['identificacaoRps', nota.rps.numero],
    ['identificacaoPrestador', nota.documento],
  ]);
  if (answer.kind !== 'answer') {
    // Refused before reaching the service (certificate, wrong URL): it cannot be asked; anything else is an outage.
    const refused = answer.kind === 'transmission_failed' && answer.received === 'no';
    return {
      recovery: refused ? { kind: 'unknown', cause: answer.cause } : { kind: 'pending', resultado: 'indisponivel' },
    };
  }
  const read = readElAnswer(answer.xml);
  const nfse = read.notas.find((n) => n.rpsNumero === null || n.rpsNumero === nota.rps.numero);
  if (nfse)
    return {
      recovery: { kind: 'found', nfse: { chave: chaveEl(nfse, nota.perfil.ibge), numero: nfse.numero, xml: nfse.xml } },
      nfse,
    };
  if (read.erros.length === 0 || read.erros.some((e) => e.codigo === nota.perfil.codigos.rpsNaoEncontrado))
    return { recovery: { kind: 'not_found' } };
  return {
    recovery: {
      kind: 'unknown',
      cause: read.erros.map((e) => `${e.codigo} ${e.descricao}`.trim()).join('; '),
    },
  };
}

/**
 * Before any resend of an EL note: the lot it was sent in, where its protocol was kept (a lot processed with errors
 * or never received is safe to send again, and the send asks it first), else the RPS itself (a lot whose answer was
 * lost).
 */
export async function recoverEl(gateway: AbrasfGateway, call: ProviderCall): Promise<ProviderRecovery> {
  const nota = elNote(gateway, call);
  const protocolo = dadosOfNote(call.note).protocolo;
  if (!protocolo) return (await queryElRps(nota)).recovery;
  const destino = await followElLot(nota, protocolo);
  if (destino.kind === 'processando') return { kind: 'pending', resultado: 'lote_em_processamento' };
  if (destino.kind === 'sem_resposta') return { kind: 'pending', resultado: 'indisponivel' };
  if (destino.kind === 'final' && destino.result.kind === 'authorized') {
    const { chave, numero, nfseXml } = destino.result;
    return { kind: 'found', nfse: { chave, numero, xml: nfseXml } };
  }
  return { kind: 'not_found' };
}
