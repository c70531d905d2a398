import type { Principal } from '../chaves/principal.js';
import type { EngineDeps } from '../engine-deps.js';
import { EngineError } from '../errors.js';
import { xmlText } from './abrasf/xml-text.js';
import { accessKeyAmbGer } from './nacional/access-key.js';
import type { SubstituicaoRequest } from './validacao/nfse-request.js';

export interface SubstitutionTarget {
  /** Our note being substituted, when it was issued by the service. */
  originalId: string | null;
  chave: string;
  /** The ChaveAcesso the city wrote in our note (an own system's InfNfse), which some families' substitution names. */
  chaveAcessoMunicipio: string | null;
}

const refuse = (mensagem: string, codigoOficial: string | null, correcao: string) =>
  new EngineError('substituicao_recusada', mensagem, { campo: '/substituicao', codigoOficial, correcao });

/**
 * Pre-checks refused with 422 before anything is transmitted: cancelled or already substituted
 * (E0046), another environment (E0065), another substitution of the same note in progress. E0078 (motivo
 * for code 99) is a validation rule.
 */
export async function checkSubstitution(
  deps: Pick<EngineDeps, 'db'>,
  principal: Principal,
  companyId: string,
  subst: SubstituicaoRequest,
): Promise<SubstitutionTarget> {
  // E0065: the access key's environment digit is position 8 of the key, read as the DPS tpAmb (1 production,
  // 2 test); the simulator generates keys that way (nacional/access-key.ts).
  const expectedAmb = principal.environment === 'live' ? '1' : '2';
  if (subst.chave_acesso) {
    const amb = accessKeyAmbGer(subst.chave_acesso);
    if (amb && amb !== expectedAmb) {
      throw refuse(
        'A chave de acesso é de uma nota de outro ambiente.',
        'E0065',
        'Substitua uma nota do mesmo ambiente da chave de API.',
      );
    }
  }
  const where = subst.nfse_id ? { id: subst.nfse_id } : { chaveAcesso: subst.chave_acesso };
  const original = await deps.db.nfse.findFirst({ where: { ...where, accountId: principal.accountId } });
  if (!original) {
    if (subst.nfse_id)
      throw new EngineError('nfse_nao_encontrada', 'A nota a substituir não existe nesta conta.', {
        campo: '/substituicao/nfse_id',
        correcao: 'Use o id de uma nota emitida pelo serviço, ou chave_acesso.',
      });
    return { originalId: null, chave: subst.chave_acesso!, chaveAcessoMunicipio: null };
  }
  if (original.environment !== principal.environment) {
    throw refuse(
      'A nota a substituir é de outro ambiente.',
      'E0065',
      'Substitua uma nota do mesmo ambiente da chave de API.',
    );
  }
  if (original.companyId !== companyId) {
    throw refuse('A nota a substituir é de outra empresa.', null, 'Substitua uma nota da mesma empresa.');
  }
  if (original.status === 'cancelada' || original.substituidaPor) {
    throw refuse(
      'A nota a substituir já está cancelada ou substituída.',
      'E0046',
      'Emita uma nota nova, sem substituição.',
    );
  }
  if (original.status !== 'autorizada' || !original.chaveAcesso) {
    throw refuse(
      `Só uma nota autorizada pode ser substituída (esta está ${original.status}).`,
      null,
      'Espere a autorização ou emita uma nota nova.',
    );
  }
  const pending = await deps.db.nfse.findFirst({
    where: { substituiId: original.id, status: { in: ['transmitindo', 'aguardando_confirmacao'] } },
    select: { id: true },
  });
  if (pending) {
    throw refuse(
      `Outra substituição desta nota está em andamento (${pending.id}).`,
      null,
      'Aguarde o resultado da substituição em andamento.',
    );
  }
  return {
    originalId: original.id,
    chave: original.chaveAcesso,
    chaveAcessoMunicipio: original.nfseXml ? xmlText(original.nfseXml, 'ChaveAcesso') : null,
  };
}
