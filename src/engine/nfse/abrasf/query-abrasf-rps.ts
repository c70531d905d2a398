import type { AbrasfGateway } from '../../autoridades/abrasf/abrasf-gateway.js';
import type { ProviderCall, ProviderRecovery } from '../provedores/nfse-provider.js';
import { consultarNfseRpsMessage, type AbrasfPrestador } from './abrasf-message.js';
import { clientOfNote, prestadorOfNote, requerenteOfNote, rpsOfNote } from './abrasf-note.js';
import { rpsId, type IdentificacaoRps } from './build-abrasf-rps.js';
import { callAbrasf } from './call-abrasf.js';
import { atributoIdAbrasf, type PerfilAbrasf } from './perfil-abrasf.js';
import { chaveAbrasf, readAbrasfAnswer, type AbrasfNfse } from './read-abrasf-answer.js';

/**
 * Where the layout names an RPS by its number alone (MegaSoft), the note found may be another series' RPS of the same
 * number: it is ours only if the declaration it carries has our RPS's identifier (which holds the series), or none.
 */
function declaradaPorOutroRps(
  perfil: PerfilAbrasf,
  nfse: AbrasfNfse,
  prestador: AbrasfPrestador,
  rps: IdentificacaoRps,
): boolean {
  const atributo = atributoIdAbrasf(perfil);
  if (perfil.modeloRps !== 'megasoft' || !atributo) return false;
  const declarada = new RegExp(`<(?:[\\w.-]+:)?InfDeclaracaoPrestacaoServico\\s[^>]*?\\b${atributo}="([^"]*)"`).exec(
    nfse.xml,
  )?.[1];
  const documento = prestador.documento.CNPJ ?? prestador.documento.CPF!;
  return declarada !== undefined && declarada !== rpsId(documento, rps);
}

/** ConsultarNfsePorRps: the note the RPS became, as the city holds it (with its cancellation, if any). */
export async function queryAbrasfRps(
  gateway: AbrasfGateway,
  call: ProviderCall,
  perfil: PerfilAbrasf,
): Promise<{ recovery: ProviderRecovery; nfse?: AbrasfNfse }> {
  const rps = rpsOfNote(call.note);
  const prestador = prestadorOfNote(call.note);
  const answer = await callAbrasf(
    clientOfNote(gateway, call, perfil),
    perfil,
    'ConsultarNfsePorRps',
    consultarNfseRpsMessage(perfil, { rps, prestador }),
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
  if (nfse && declaradaPorOutroRps(perfil, nfse, prestador, rps))
    return {
      recovery: {
        kind: 'unknown',
        cause: `a NFS-e ${nfse.numero} que ${perfil.nome} tem para o RPS ${rps.numero} veio de um RPS de outra série: o número já foi usado no município`,
      },
    };
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
