import { createAccount } from '../../src/engine/contas/create-account.js';
import { updateAccount } from '../../src/engine/contas/update-account.js';
import type { Environment } from '../../src/engine/nucleo/environment.js';
import { createApiKey } from '../../src/engine/chaves/create-api-key.js';
import type { EngineDeps } from '../../src/engine/engine-deps.js';
import { createCompany } from '../../src/engine/empresas/create-company.js';
import { camelBody } from '../../src/engine/nucleo/camel-body.js';
import { uploadCertificate } from '../../src/engine/empresas/upload-certificate.js';
import { DAY } from '../../src/engine/nucleo/clock.js';
import { randomNumericCnpj } from '../../src/engine/nucleo/random-numeric-cnpj.js';
import { demoMunicipality } from '../../src/engine/demo/bootstrap-demo.js';
import { generateTestCertificate } from '../../src/engine/certificados/generate-test-certificate.js';
import { testPrivateKey } from './test-keys.js';

/** Municipalities used by tests: one where test keys can issue, one on its own system (São Paulo). */
export const MUNICIPIO_NACIONAL = demoMunicipality();
export const MUNICIPIO_PROPRIO = '3550308';

export interface SeededAccount {
  accountId: string;
  testKey: string;
  liveKey: string;
  key(environment: Environment, companyId?: string): Promise<string>;
  company(
    overrides?: Record<string, unknown>,
    options?: { certificate?: boolean | { notAfterDays: number } },
  ): Promise<SeededCompany>;
  setPlan(plano: 'ativo' | 'inativo'): Promise<void>;
}

export interface SeededCompany {
  id: string;
  cnpj: string;
}

/** Builders over the real engine functions, with unique data each call. */
export async function seedAccount(deps: EngineDeps, name = 'Conta de teste'): Promise<SeededAccount> {
  const account = await createAccount(deps, { name });
  const key = async (environment: Environment, companyId?: string) =>
    (await createApiKey(deps, { accountId: account.id, environment, companyId })).key;
  const testKey = await key('test');
  const liveKey = await key('live');
  const live = { accountId: account.id, environment: 'live' as const, apiKeyId: 'seed', companyId: null };
  return {
    accountId: account.id,
    testKey,
    liveKey,
    key,
    setPlan: async (plano) => {
      await updateAccount(deps, { id: account.id, plano });
    },
    company: async (overrides = {}, options = {}) => {
      const cnpj = (overrides.cnpj as string) ?? randomNumericCnpj();
      // Overrides are written as REST bodies (snake_case); the engine takes the declared shape.
      const company = await createCompany(
        deps,
        live,
        camelBody(
          {
            cnpj,
            razao_social: 'Serviços de Teste Ltda',
            municipio: MUNICIPIO_NACIONAL,
            regime_tributario: 'lucro_presumido',
            padroes: { codigo_nacional: '010101', aliquota_iss: '2.00' },
            ...overrides,
          },
          '',
          [],
        ),
      );
      const cert = options.certificate ?? true;
      if (cert) {
        const now = deps.clock.now();
        const days = typeof cert === 'object' ? cert.notAfterDays : 365;
        const generated = generateTestCertificate({
          cnpj,
          razaoSocial: 'SERVICOS DE TESTE LTDA',
          notBefore: new Date(now.getTime() - DAY),
          notAfter: new Date(now.getTime() + days * DAY),
          privateKey: testPrivateKey(),
        });
        await uploadCertificate(deps, live, { id: company.id, arquivo: generated.pkcs12, senha: generated.password });
      }
      return { id: company.id, cnpj };
    },
  };
}
