import { type AuthorityMessage } from '../../autoridades/authority-message.js';
import type { Rejeicao } from '../present-nfse.js';
import { codigoOficial } from '../../tabelas/index.js';

// Plain-language fixes for the rejections integrators meet most (`rejeicao.explicacao`).
const FIXES: Record<string, string> = {
  E0014: 'Esta DPS (série e número) já gerou uma NFS-e; o serviço recupera a nota existente.',
  E0046: 'A nota a substituir já está cancelada ou substituída; emita uma nota nova sem substituição.',
  E0050: 'O prazo municipal para substituir esta nota terminou; cancele-a no município ou emita nota nova.',
  E0065: 'A nota a substituir é de outro ambiente; use uma nota do mesmo ambiente da chave.',
  E0070: 'O tomador já confirmou o serviço; a substituição não é mais permitida.',
  E0078: 'Com código de motivo 99, informe o motivo da substituição em texto.',
  E0202: 'O tomador não pode ser o próprio prestador; corrija tomador.documento.',
  E0310: 'O código de serviço não existe na lista nacional; corrija servico.codigo_nacional.',
};

export function explainRejection(erros: AuthorityMessage[]): Rejeicao {
  const first = erros[0];
  const code = first?.codigo ?? null;
  const official = code ? codigoOficial(code) : null;
  const fix = code ? FIXES[code] : undefined;
  return {
    codigo_oficial: code,
    mensagem: first?.descricao ?? official?.mensagem ?? 'Rejeitada pelo sistema nacional.',
    explicacao: official ? `${official.mensagem}${fix ? ` Como corrigir: ${fix}` : ''}` : null,
    erros: erros.map((e) => ({
      codigo: e.codigo ?? null,
      descricao: e.descricao ?? null,
      complemento: e.complemento ?? null,
    })),
  };
}
