import { credenciaisDefinidas } from '../../empresas/credenciais-provedor.js';
import type { CompanyWithCertificate } from '../../empresas/present-company.js';
import type { CredencialProvedor } from '../abrasf/perfil-abrasf.js';
import { perfilAbrasf } from '../abrasf/perfis-abrasf.js';
import type { DecisaoRota } from './decide-rota-nfse.js';
import type { NfseSistema, SistemaReadinessItem } from './nfse-sistema.js';

const ITEM = 'credenciais_provedor';

/** How messages name each credential. */
const NOME: Record<CredencialProvedor, string> = { usuario: 'o usuário', senha: 'a senha', token: 'o token' };

const lista = (membros: readonly CredencialProvedor[]) => {
  const nomes = membros.map((m) => NOME[m]);
  return nomes.length > 1 ? `${nomes.slice(0, -1).join(', ')} e ${nomes.at(-1)!}` : nomes[0]!;
};

/**
 * Readiness item `credenciais_provedor`: the credentials the company's provider asks beyond the A1 (its ABRASF
 * family's profile says which), judged from which members the company keeps, without opening any; `bloqueio`
 * naming the provider and each missing member, since the provider refuses every call without them.
 */
export function credenciaisProvedorItem(
  decisao: Pick<DecisaoRota, 'provedor'>,
  sistema: NfseSistema | null,
  company: Pick<CompanyWithCertificate, 'credenciaisProvedor'>,
): SistemaReadinessItem {
  const perfil = sistema?.sistema === 'abrasf' ? perfilAbrasf(decisao.provedor) : null;
  const exigidas = perfil?.credenciais?.exigidas ?? [];
  if (!perfil || exigidas.length === 0)
    return {
      item: ITEM,
      situacao: 'ok',
      mensagem: 'O provedor do município não pede credenciais além do certificado.',
      correcao: null,
    };
  const definidas = credenciaisDefinidas(company.credenciaisProvedor);
  const faltam = exigidas.filter((m) => !definidas.has(m));
  const provedor = `O provedor ${perfil.provedor} (${perfil.familia} ${perfil.versao}) de ${perfil.nome}`;
  if (faltam.length === 0)
    return {
      item: ITEM,
      situacao: 'ok',
      mensagem: `${provedor} pede ${lista(exigidas)} além do certificado: salvos em credenciais_provedor.`,
      correcao: null,
    };
  return {
    item: ITEM,
    situacao: 'bloqueio',
    mensagem: `${provedor} pede ${lista(exigidas)} além do certificado; falta ${lista(faltam)} em credenciais_provedor.`,
    correcao: `Salve ${faltam.map((m) => `credenciais_provedor.${m}`).join(', ')} na empresa (PATCH /v1/companies/{id}), com os dados de acesso que o provedor forneceu à empresa.`,
  };
}
