import type { CredenciaisProvedor } from '../../engine/empresas/credenciais-provedor.js';
import type { CredencialProvedor, OperacaoAbrasf, PerfilAbrasf } from '../../engine/nfse/abrasf/perfil-abrasf.js';
import { refusal, SIMULATOR_CODES } from './handle-abrasf-operation.js';

/** What a request carries of the credentials its family takes: the members found, by where the family puts them. */
export type CredenciaisRecebidas = Partial<Record<CredencialProvedor, string>>;

/**
 * The credentials a family takes in the body are the wrapper's last children, after the message: cut them off the
 * wrapper's content (the message stays as sent) and read them.
 */
export function cutCredenciaisElementos(
  perfil: PerfilAbrasf,
  conteudo: string,
): { mensagem: string; recebidas: CredenciaisRecebidas } {
  const recebidas: CredenciaisRecebidas = {};
  let mensagem = conteudo.trim();
  const elementos = Object.entries(perfil.credenciais?.elementos ?? {}) as Array<[CredencialProvedor, string]>;
  for (let found = true; found;) {
    found = false;
    for (const [membro, nome] of elementos) {
      const m = new RegExp(`<(?:[\\w.-]+:)?${nome}(?:\\s[^>]*)?>([^<]*)</(?:[\\w.-]+:)?${nome}>\\s*$`).exec(mensagem);
      if (!m) continue;
      recebidas[membro] = unescape(m[1]!);
      mensagem = mensagem.slice(0, m.index).trim();
      found = true;
    }
  }
  return { mensagem, recebidas };
}

/** The credentials a family takes as URL query parameters (Tributus' `tokenAuth`). */
export function credenciaisDaUrl(perfil: PerfilAbrasf, url: string): CredenciaisRecebidas {
  const query = new URLSearchParams(url.split('?')[1] ?? '');
  const recebidas: CredenciaisRecebidas = {};
  for (const [membro, nome] of Object.entries(perfil.credenciais?.parametrosUrl ?? {}) as Array<
    [CredencialProvedor, string]
  >) {
    const value = query.get(nome);
    if (value !== null) recebidas[membro] = value;
  }
  return recebidas;
}

/** The usuario and senha of an HTTP Basic authorization, for a family that takes them so. */
export function credenciaisBasic(perfil: PerfilAbrasf, authorization: string | undefined): CredenciaisRecebidas {
  const m = /^Basic\s+(\S+)$/i.exec(authorization ?? '');
  if (perfil.credenciais?.autorizacaoHttp !== 'basic' || !m) return {};
  const par = Buffer.from(m[1]!, 'base64').toString('utf8');
  const at = par.indexOf(':');
  return at < 0 ? { usuario: par } : { usuario: par.slice(0, at), senha: par.slice(at + 1) };
}

/**
 * The city's refusal (`X004`) of a request whose credentials it does not accept, or null: each one the family asks
 * must be there and not blank and, where the test registered the provider's own, equal to it (the login check).
 */
export function credenciaisRefusal(
  perfil: PerfilAbrasf,
  operacao: OperacaoAbrasf,
  recebidas: CredenciaisRecebidas,
  esperadas: CredenciaisProvedor | undefined,
): string | null {
  const motivo = credenciaisRecusadas(perfil, recebidas, esperadas);
  return motivo ? refusal(perfil, operacao, [{ codigo: SIMULATOR_CODES.credenciais, mensagem: motivo }]) : null;
}

/** Why the city does not accept the credentials a request carries, or null. */
export function credenciaisRecusadas(
  perfil: PerfilAbrasf,
  recebidas: CredenciaisRecebidas,
  esperadas: CredenciaisProvedor | undefined,
): string | null {
  for (const membro of perfil.credenciais?.exigidas ?? []) {
    const value = recebidas[membro];
    if (!value) return `Credencial ausente: ${membro} (${perfil.familia} ${perfil.versao}).`;
    const esperada = esperadas?.[membro];
    if (esperada && esperada !== value) return `Credencial inválida: ${membro} não confere.`;
  }
  return null;
}

function unescape(text: string): string {
  return text.replace(
    /&(lt|gt|quot|apos|amp);/g,
    (_, e: string) => ({ lt: '<', gt: '>', quot: '"', apos: "'", amp: '&' })[e]!,
  );
}
