import type { AuthorityMessage } from '../../autoridades/authority-message.js';
import type { Rejeicao } from '../present-nfse.js';

/** The city's refusal as the note shows it: its own code and message (each city publishes its own table). */
export function explainAbrasf(erros: AuthorityMessage[]): Rejeicao {
  const first = erros[0];
  return {
    codigo_oficial: first?.codigo || null,
    mensagem: first?.descricao || 'Rejeitada pelo sistema do município.',
    explicacao: first?.complemento ? `Correção indicada pelo município: ${first.complemento}` : null,
    erros: erros.map((e) => ({
      codigo: e.codigo || null,
      descricao: e.descricao || null,
      complemento: e.complemento ?? null,
    })),
  };
}
