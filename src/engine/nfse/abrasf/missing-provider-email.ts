import type { PerfilAbrasf } from './perfil-abrasf.js';

/**
 * What is said of a company without e-mail whose provider's own RPS carries it in every note (EL's
 * DadosPrestador/Contato/Email): the readiness item that blocks it and the 422 of a note that reaches the RPS anyway.
 */
export function missingProviderEmail(perfil: PerfilAbrasf): { mensagem: string; correcao: string } {
  return {
    mensagem: `As notas de ${perfil.nome} vão para o provedor ${perfil.provedor} (${perfil.familia} ${perfil.versao}), que exige o e-mail do prestador em cada RPS (DadosPrestador/Contato/Email); a empresa não tem e-mail.`,
    correcao: 'Cadastre o e-mail da empresa (PATCH /v1/companies/{id}, email).',
  };
}
