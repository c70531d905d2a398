import { randomBytes } from 'node:crypto';
import { createAccount } from '../contas/create-account.js';
import { setPessoaPassword } from '../pessoas/set-pessoa-password.js';
import { createApiKey } from '../chaves/create-api-key.js';
import type { Principal } from '../chaves/principal.js';
import type { EngineDeps } from '../engine-deps.js';
import { createCompany } from '../empresas/create-company.js';
import { uploadCertificate } from '../empresas/upload-certificate.js';
import { DAY } from '../nucleo/clock.js';
import { randomNumericCnpj } from '../nucleo/random-numeric-cnpj.js';
import { generateTestCertificate } from '../certificados/generate-test-certificate.js';
import { municipiosParametrizados, parametrosMunicipio } from '../tabelas/index.js';

/** A municipality where a test key can issue: the national system (or not known to be on its own one), no token. */
export function demoMunicipality(): string {
  const candidates = municipiosParametrizados()
    .map(parametrosMunicipio)
    .filter((m) => m.convenio !== 'proprio' && !m.exigeToken);
  return (candidates.find((m) => m.convenio === 'nacional') ?? candidates[0])!.ibge;
}

export const DEMO_PAINEL_EMAIL = 'demo@fiscal-api.local';

/**
 * First start of an empty embedded database: a demo account, a test and a live key, a company with a
 * self-signed A1 and a panel sign-in, printed once so a newcomer can issue a note with curl and see it in the
 * operator panel in the first minute.
 */
export async function bootstrapDemo(deps: EngineDeps) {
  if ((await deps.db.account.count()) > 0) return null;
  const account = await createAccount(deps, { name: 'Conta demonstração' });
  const test = await createApiKey(deps, { accountId: account.id, environment: 'test' });
  const live = await createApiKey(deps, { accountId: account.id, environment: 'live' });
  const principal: Principal = { accountId: account.id, environment: 'live', apiKeyId: live.id, companyId: null };

  const cnpj = randomNumericCnpj();
  const municipio = demoMunicipality();
  const company = await createCompany(deps, principal, {
    cnpj,
    razaoSocial: 'Empresa Demonstração Ltda',
    municipio,
    regimeTributario: 'simples_nacional',
    regimeApuracaoSimples: 'federais_municipal_sn',
    padroes: { codigoNacional: '010101', aliquotaIss: '2.00', issRetido: false },
    // What NF-e issuance also needs (the issuer block enderEmit and the state registration), so the documented
    // NF-e example works on the demo company too.
    inscricaoEstadual: '0960012345',
    endereco: { logradouro: 'Rua da Demonstracao', numero: '100', bairro: 'Centro', cep: '01001000' },
  });
  const now = deps.clock.now();
  const cert = generateTestCertificate({
    cnpj,
    razaoSocial: 'EMPRESA DEMONSTRACAO LTDA',
    notBefore: new Date(now.getTime() - DAY),
    notAfter: new Date(now.getTime() + 365 * DAY),
  });
  await uploadCertificate(deps, principal, { id: company.id, arquivo: cert.pkcs12, senha: cert.password });
  const senhaPainel = randomBytes(12).toString('base64url');
  await setPessoaPassword(deps, { email: DEMO_PAINEL_EMAIL, senha: senhaPainel, accountId: account.id });
  return {
    conta_id: account.id,
    chave_teste: test.key,
    chave_producao: live.key,
    empresa_id: company.id,
    painel: { caminho: '/painel', email: DEMO_PAINEL_EMAIL, senha: senhaPainel },
    aviso: 'As chaves e a senha do painel aparecem só agora; guarde-as. O certificado da empresa demo é autoassinado.',
  };
}
