import type { SecretBox } from '../cripto/secret-box.js';

/** The credentials a municipality's provider asks beyond the A1 (`credenciais_provedor`), as the company sends them. */
export interface CredenciaisProvedor {
  usuario?: string | null;
  senha?: string | null;
  token?: string | null;
}

/** The credential members, in the order answers and messages name them. */
export const MEMBROS_CREDENCIAIS = ['usuario', 'senha', 'token'] as const;

/**
 * As the company row keeps them (`credenciais_provedor`): the login in clear (it identifies the taxpayer at the
 * provider, as the CNPJ does), the password and the token each an AES-256-GCM envelope bound to the company and the
 * member, so an envelope copied to another company or member does not open.
 */
export type CredenciaisProvedorArmazenadas = {
  usuario: string | null;
  senha: string | null;
  token: string | null;
};

/** The credentials as answers show them: the login and whether each secret is set, never a secret itself. */
export interface CredenciaisProvedorView {
  usuario: string | null;
  senha_definida: boolean;
  token_definido: boolean;
}

const contexto = (companyId: string, membro: 'senha' | 'token') => `company-credencial-provedor:${companyId}:${membro}`;

/** The stored form, null when the row keeps none. */
export function credenciaisArmazenadas(stored: unknown): CredenciaisProvedorArmazenadas | null {
  if (!stored || typeof stored !== 'object') return null;
  const s = stored as Partial<CredenciaisProvedorArmazenadas>;
  return { usuario: s.usuario ?? null, senha: s.senha ?? null, token: s.token ?? null };
}

/**
 * The stored credentials after a change: `null` removes them all; in an object a member sent replaces the stored one,
 * a member null removes it, a member left out is kept. Null when nothing is left.
 */
export function sealCredenciaisProvedor(
  secrets: Pick<SecretBox, 'seal'>,
  companyId: string,
  current: unknown,
  change: CredenciaisProvedor | null,
): CredenciaisProvedorArmazenadas | null {
  if (change === null) return null;
  const out = credenciaisArmazenadas(current) ?? { usuario: null, senha: null, token: null };
  if (change.usuario !== undefined) out.usuario = change.usuario;
  for (const membro of ['senha', 'token'] as const) {
    const value = change[membro];
    if (value !== undefined) out[membro] = value === null ? null : secrets.seal(value, contexto(companyId, membro));
  }
  return out.usuario || out.senha || out.token ? out : null;
}

/** What `GET /v1/companies/{id}` shows of the credentials; null when none is set. */
export function presentCredenciaisProvedor(stored: unknown): CredenciaisProvedorView | null {
  const c = credenciaisArmazenadas(stored);
  if (!c) return null;
  return { usuario: c.usuario, senha_definida: c.senha !== null, token_definido: c.token !== null };
}

/** The members set, without opening any secret (readiness). */
export function credenciaisDefinidas(stored: unknown): Set<(typeof MEMBROS_CREDENCIAIS)[number]> {
  const c = credenciaisArmazenadas(stored);
  return new Set(MEMBROS_CREDENCIAIS.filter((m) => c?.[m]));
}

/** The credentials opened for a call to the provider (only where the provider asks for them). */
export function openCredenciaisProvedor(
  secrets: Pick<SecretBox, 'open'>,
  companyId: string,
  stored: unknown,
): CredenciaisProvedor {
  const c = credenciaisArmazenadas(stored);
  if (!c) return {};
  const open = (membro: 'senha' | 'token') =>
    c[membro] ? secrets.open(c[membro], contexto(companyId, membro)).toString('utf8') : null;
  return { usuario: c.usuario, senha: open('senha'), token: open('token') };
}
